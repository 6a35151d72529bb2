"""Strategy-bot tables: matches per second on one core, per game, for an
all-strategy table, a mixed table and an all-random table.

    .venv/bin/python benchmarks/strategy.py [--seconds 4] [--repeat 2] [--games mvp,homeostasis]

Each table is what ``mainmatch simulate GAME --bots B --workers 1`` plays
(``strategy``; ``strategy,random`` cycled to fill the seats; ``random``): the
simulator's own loop (:func:`mainmatch.sim.play.play_chunk`) in this process,
timed in process CPU time, best of ``--repeat`` runs (a shared machine only
ever slows a run down). The last column is the ratio the issue aims at
(all-strategy / random, at least 25%).
"""

from __future__ import annotations

import argparse
import sys
import time

from mainmatch.bots import bot_names
from mainmatch.sim import make_plan, ready_games
from mainmatch.sim.play import play_chunk

TABLES = (("strategy", "all-strategy"), ("strategy,random", "mixed"), ("random", "random"))


def rate(game_id: str, bots: str, seconds: float, seed: int) -> float:
    """Matches per CPU second of ``bots`` at ``game_id``, over about ``seconds``."""
    plan = make_plan(game_id, bots, 100_000, seed=seed)
    play_chunk(plan, 0, 2)  # first use imports the game and its bots
    started = time.process_time()
    played = 0
    while time.process_time() - started < seconds:
        play_chunk(plan, played, played + 1)
        played += 1
    return played / (time.process_time() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per run")
    parser.add_argument("--repeat", type=int, default=2, help="runs per table; the best is shown")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    ids = [g for g in args.games.split(",") if g] or [
        g for g in ready_games() if "strategy" in bot_names(g)
    ]
    print(f"strategy tables, matches/s on one core (CPU time), Python {sys.version.split()[0]}")
    print()
    print("| game | all-strategy | mixed | random | all-strategy / random |")
    print("|---|---:|---:|---:|---:|")
    for game_id in ids:
        figures = {
            label: max(rate(game_id, bots, args.seconds, args.seed) for _ in range(args.repeat))
            for bots, label in TABLES
        }
        print(
            f"| {game_id} | {figures['all-strategy']:,.1f} | {figures['mixed']:,.1f} | "
            f"{figures['random']:,.1f} | {figures['all-strategy'] / figures['random']:.0%} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
