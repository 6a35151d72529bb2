"""Each game's strategy bot against the random bot, in mixed tables: the figures
docs/bots.md quotes (non-overlapping 95% intervals over 2,000+ matches).

    .venv/bin/python benchmarks/bots_vs_random.py [--matches 2000] [--seed 0] [--games ...] [--json out.json]

Every game with a ``strategy`` bot plays ``--bots strategy,random`` (the list
cycled to fill the table and rotated one seat per match, so a 13-seat table
has 7 strategy and 6 random bots, a 6-seat table 3 and 3). The same as
``mainmatch simulate GAME --bots strategy,random -n 2000 --seed 0`` per game.
Prints a Markdown table: Token of Life and EC rates with their 95% intervals,
and whether the intervals are apart.
"""

from __future__ import annotations

import argparse
import json
import sys

from mainmatch.bots import bot_names
from mainmatch.sim import ready_games, simulate
from mainmatch.sim.tables import lineup_text, pct


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--workers", type=int, default=None, help="local processes (default: every core)"
    )
    parser.add_argument("--ray", default=None, help="auto, or a cluster address")
    parser.add_argument(
        "--games",
        default="",
        help="comma-separated game ids (default: every game with a strategy bot)",
    )
    parser.add_argument("--json", default=None, help="also write every report to this file")
    args = parser.parse_args(argv)
    ids = [g for g in args.games.split(",") if g] or [
        g for g in ready_games() if "strategy" in bot_names(g)
    ]
    print(
        f"strategy vs random, {args.matches} matches per game, seed {args.seed}, mixed tables (--bots strategy,random)"
    )
    print()
    print(
        "| game | table | strategy ToL rate | random ToL rate | strategy EC rate | random EC rate | intervals apart | matches/s |"
    )
    print("|---|---|---:|---:|---:|---:|:---:|---:|")
    reports = {}
    beaten = True
    for game_id in ids:
        sim = simulate(
            game_id,
            "strategy,random",
            args.matches,
            seed=args.seed,
            workers=args.workers,
            ray=args.ray,
        )
        report = reports[game_id] = sim.report
        by_bot = {b["bot"]: b for b in report["bots"]}
        s, r = by_bot["strategy"], by_bot["random"]
        apart = s["tol_rate"]["low"] > r["tol_rate"]["high"]
        beaten &= apart
        print(
            f"| {game_id} | {lineup_text(report['lineup'])} | {pct(s['tol_rate'])} | {pct(r['tol_rate'])} | "
            f"{pct(s['ec_rate'])} | {pct(r['ec_rate'])} | {'yes' if apart else 'NO'} | {report['timing']['matches_per_second']} |",
            flush=True,
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(reports, fh, indent=1)
    return 0 if beaten else 1


if __name__ == "__main__":
    sys.exit(main())
