"""Environment steps per second per game (one sub-decision = one step).

Plays whole matches of the Parallel environment with uniformly random masked
choices for every agent (one ``step`` = one sub-decision of each deciding
player), and of the AEC environment (one ``step`` = one sub-decision of one
player), on one core; prints steps/s, sub-decisions/s and matches/s, best of 3
in CPU time.

    PYTHONPATH=src python benchmarks/rl.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from mainmatch import games, rl


def run_parallel(game_id: str, seconds: float, seed: int) -> tuple[float, float, float]:
    env = rl.parallel_env(game_id)
    rng = np.random.default_rng(seed)
    steps = decisions = matches = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        obs, _ = env.reset(seed=int(rng.integers(2**31)))
        while env.agents:
            actions = {}
            for a in env.agents:
                mask = obs[a]["action_mask"]
                actions[a] = int(rng.choice(np.flatnonzero(mask)))
            decisions += len(env.table.deciding())
            obs, *_ = env.step(actions)
            steps += 1
        matches += 1
    used = time.process_time() - start
    return steps / used, decisions / used, matches / used


def run_aec(game_id: str, seconds: float, seed: int) -> tuple[float, float]:
    env = rl.env(game_id)
    rng = np.random.default_rng(seed)
    steps = matches = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=int(rng.integers(2**31)))
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        matches += 1
    used = time.process_time() - start
    return steps / used, matches / used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per run")
    parser.add_argument("--games", default=",".join(games.ids()))
    args = parser.parse_args()
    print("| game | AEC steps/s | AEC matches/s | Parallel steps/s | sub-decisions/s | matches/s |")
    print("|---|---|---|---|---|---|")
    for game_id in args.games.split(","):
        aec = max((run_aec(game_id, args.seconds, s) for s in range(3)), key=lambda r: r[0])
        par = max((run_parallel(game_id, args.seconds, s) for s in range(3)), key=lambda r: r[0])
        print(
            f"| {game_id} | {aec[0]:,.0f} | {aec[1]:,.1f} | {par[0]:,.0f} | {par[1]:,.0f} "
            f"| {par[2]:,.1f} |"
        )


if __name__ == "__main__":
    main()
