"""Each game's strategy bot against the random bot, in mixed tables: the figures
docs/bots.md quotes (non-overlapping 95% intervals of ToL - EC over 2,000+ matches).

    .venv/bin/python benchmarks/bots_vs_random.py [--matches 2000] [--seed 0] [--games ...] [--json out.json]

Every game with a ``strategy`` bot plays ``--bots strategy,random`` (the list
cycled to fill the table and rotated one seat per match, so a 13-seat table
has 7 strategy and 6 random bots, a 6-seat table 3 and 3). The same as
``mainmatch simulate GAME --bots strategy,random -n 2000 --seed 0`` per game.
Prints a Markdown table: Token of Life and EC rates with their 95% intervals,
each bot's (ToL - EC) in points per seat (ToL rate minus EC rate, x100: the
stakes the strategy bots play for and ``balance`` scores) with its 95% interval
clustered by match, and whether the strategy bot's (ToL - EC) interval is above
random's (decision AMG2 in docs/decisions/amalg.md). Exits 1 when one is not.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable

from mainmatch.bots import bot_names
from mainmatch.sim import ready_games, simulate
from mainmatch.sim.stats import Estimate, clustered_mean
from mainmatch.sim.summary import MatchSummary
from mainmatch.sim.tables import lineup_text, pct


def net_points(summaries: Iterable[MatchSummary], bot: str) -> Estimate:
    """``bot``'s (ToL - EC) per seat, in points: a seat scores 100 with a Token of
    Life, -100 as the Elimination Candidate (both: 0), with a 95% interval
    clustered by match (the seats of one match share its Tokens)."""
    sums: list[float] = []
    sizes: list[int] = []
    for s in sorted(summaries, key=lambda s: s.index):
        seats = [k for k, b in enumerate(s.bots) if b == bot]
        if seats:
            sums.append(100.0 * sum(int(s.tokens[k] > 0) - int(s.ec == k) for k in seats))
            sizes.append(len(seats))
    return clustered_mean(sums, sizes, (-100.0, 100.0))


def points(e: Estimate) -> str:
    """``+6.3 [+5.4, +7.2]``: points with their interval."""
    return f"{e.value:+.1f} [{e.low:+.1f}, {e.high:+.1f}]"


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
        "| game | table | strategy ToL rate | random ToL rate | strategy EC rate | random EC rate "
        "| strategy ToL - EC | random ToL - EC | ToL - EC apart | matches/s |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|:---:|---:|")
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
        s_net, r_net = (net_points(sim.run.summaries, b) for b in ("strategy", "random"))
        apart = s_net.low > r_net.high
        beaten &= apart
        print(
            f"| {game_id} | {lineup_text(report['lineup'])} | {pct(s['tol_rate'])} | {pct(r['tol_rate'])} | "
            f"{pct(s['ec_rate'])} | {pct(r['ec_rate'])} | {points(s_net)} | {points(r_net)} | "
            f"{'yes' if apart else 'NO'} | {report['timing']['matches_per_second']} |",
            flush=True,
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(reports, fh, indent=1)
    return 0 if beaten else 1


if __name__ == "__main__":
    sys.exit(main())
