"""Engine speed per game: random-play matches per second on one core, and
microseconds per ``apply``, validation included.

    .venv/bin/python benchmarks/engine.py [--seconds 3] [GAME ...]

Each match: a config from ``random_config``, then every step asks
``random_action`` of every pending player, validates each action and applies
the step through ``Match.step`` (as the simulator does). Times are CPU time of
this process, and each figure is the best of ``--repeat`` runs (as ``timeit``
does), since a shared machine only ever slows a run down.
"""

from __future__ import annotations

import argparse
import random
import time

from mainmatch import games
from mainmatch.engine.match import Match


def best_of(game_id: str, seconds: float, repeat: int) -> dict:
    runs = [bench(game_id, seconds) for _ in range(repeat)]
    return max(runs, key=lambda r: r["matches_per_s"])


def bench(game_id: str, seconds: float) -> dict:
    game = games.get(game_id)
    players = list(game.default_players)
    rng = random.Random(12345)
    matches = steps = 0
    apply_time = 0.0
    apply_calls = 0
    # the driver applies checked steps through apply_validated (which is apply, or a
    # game's override that skips apply's own second check): time that
    real_apply = game.apply_validated

    def timed_apply(state, actions):
        nonlocal apply_time, apply_calls
        t = time.process_time()
        out = real_apply(state, actions)
        apply_time += time.process_time() - t
        apply_calls += 1
        return out

    game.apply_validated = timed_apply  # instance attribute shadows the method for this run
    try:
        start = time.process_time()
        while time.process_time() - start < seconds:
            m = Match(game, game.random_config(players, rng))
            while True:
                pending = m.pending
                if not pending:
                    break
                m.step({p: game.random_action(m.state, p, rng) for p in pending})
            matches += 1
            steps += len(m.steps)
        elapsed = time.process_time() - start
    finally:
        del game.apply_validated
    return {
        "game": game_id,
        "matches_per_s": matches / elapsed,
        "steps_per_match": steps / matches,
        "us_per_apply": 1e6 * apply_time / max(apply_calls, 1),
        "us_per_step_total": 1e6 * elapsed / max(steps, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=games.ids())
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per game; the best is shown")
    args = parser.parse_args()
    print(f"{'game':<15}{'matches/s':>11}{'steps/match':>13}{'us/apply':>10}{'us/step (all)':>15}")
    for game_id in args.games:
        r = best_of(game_id, args.seconds, args.repeat)
        print(
            f"{r['game']:<15}{r['matches_per_s']:>11.0f}{r['steps_per_match']:>13.1f}{r['us_per_apply']:>10.1f}{r['us_per_step_total']:>15.1f}"
        )


if __name__ == "__main__":
    main()
