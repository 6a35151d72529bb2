"""Homeostasis: what one seat gains by deviating from an all-``strategy`` table (issue 24).

    .venv/bin/python benchmarks/homeostasis_deviations.py [-n 1000] [--seed 7]
        [--variant big_band=6] [--bot-params found.json ...]

Each deviation sits in one seat against four ``strategy`` bots (seats rotate,
random configs, as ``mainmatch simulate``); the all-``strategy`` table is
played on the same seeds, so each match's configs (teams included) are the
same in both. The gain is the deviating seat's (ToL - EC) minus the
``strategy`` bot's in that very seat and match (a Token of Life +1, being the
Elimination Candidate -1: ``mainmatch.rl``'s reward), with a 95% interval
over the matches (one deviating seat per match, so matches are independent).
The deviations are simple fixed policies through the ``steerer`` family's
parameters (corners: pay nothing, bid the minimum, spend everything...),
``random``, and any tuned bot files given (``mainmatch search --save-bot``).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from mainmatch.sim import simulate

GAME = "homeostasis"
TEAMS = ("positive", "negative", "neutral")


def one_habit(aggression: float, lag: float, final: float, **extra: object) -> dict:
    """``steerer`` parameters: one habit for every team (``mixed`` 0)."""
    params: dict = {"mixed": 0, **extra}
    for team in TEAMS:
        params |= {f"{team}_aggression": aggression, f"{team}_lag": lag, f"{team}_final": final}
    return params


#: simple fixed policies, as ``steerer`` parameters
POLICIES: dict[str, dict] = {
    "near-passive: opening bids only, no final bids": one_habit(0.1, 1, 0, max_bid=1),
    "cheap live bids, no reserve, no final bids": one_habit(0.1, 1, 0),
    "opening bids only, heavy final bids": one_habit(1.6, 1, 6, max_bid=1),
    "spend everything": one_habit(6, 1, 20),
    "spend hard, kept level with the richest rival": one_habit(6, 0, 6),
    "the old strategy's habits (no reserve)": one_habit(1.6, 1, 1.6),
    "the spender habit in every team": one_habit(1.6, 0.05, 4),
    "strategy, live bids x1/16": {"aggression": 0.1},
    "strategy, live bids x4": {"aggression": 6.0},
    "strategy aiming 6 past its band": {"margin": 6.0},
    "strategy, live bids of 1 chip at most": {"max_bid": 1},
}


def outcomes(report_run, bot: str) -> dict[tuple[int, int], tuple[int, str]]:
    """``{(match, seat): (ToL - EC, team)}`` of the seats ``bot`` played."""
    out = {}
    for s in report_run.summaries:
        for k, name in enumerate(s.bots):
            if name == bot:
                out[s.index, k] = (int(s.tokens[k] > 0) - int(s.ec == k), s.teams[k])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--bot-params", action="append", default=[], type=Path)
    parser.add_argument("--only", default="", help="comma-separated policy numbers (1-based)")
    args = parser.parse_args(argv)
    variant = {k: int(v) for k, v in (item.split("=", 1) for item in args.variant)}
    n, seed = args.matches, args.seed
    base_run = simulate(GAME, "strategy", n, seed=seed, workers=1, variant=variant).run
    base = outcomes(base_run, "strategy")
    own = sum(v for v, _ in base.values()) / len(base)
    tol = sum(s.tokens[k] > 0 for s in base_run.summaries for k in range(5)) / len(base)
    ec = sum(s.ec is not None for s in base_run.summaries) / len(base)
    print(f"homeostasis {variant or 'official rules'}: {n} matches per table, seed {seed}")
    print(f"all-strategy: ToL {tol:.1%}, EC {ec:.1%}, ToL-EC {100 * own:.1f} points")
    print()
    print("| deviation | ToL | EC | ToL-EC | gain over strategy [95%] | by team |")
    print("|---|---:|---:|---:|---:|---|")
    runs: list[tuple[str, str, dict]] = []
    picked = {int(i) for i in args.only.split(",") if i}
    for i, (label, params) in enumerate(POLICIES.items(), 1):
        if not picked or i in picked:
            runs.append((label, "x", {"x": ("steerer", params)}))
    for path in args.bot_params:
        data = json.loads(path.read_text())
        runs.append(
            (
                f"{path.name}: {data['family']} {data['params']}",
                "x",
                {"x": (data["family"], data["params"])},
            )
        )
    runs.append(("random", "random", {}))
    for label, bot, tuned in runs:
        run = simulate(
            GAME, [bot] + ["strategy"] * 4, n, seed=seed, workers=1, variant=variant, tuned=tuned
        ).run
        seats = outcomes(run, bot)
        gains = [v - base[key][0] for key, (v, _) in seats.items()]
        mean = sum(gains) / len(gains)
        sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1))
        half = 1.96 * sd / math.sqrt(len(gains))
        by_team = {}
        for team in TEAMS:
            mine = [v - base[key][0] for key, (v, t) in seats.items() if t == team]
            by_team[team] = f"{100 * sum(mine) / max(1, len(mine)):+.0f}"
        s_tol = sum(
            s.tokens[k] > 0 for s in run.summaries for k, b in enumerate(s.bots) if b == bot
        )
        s_ec = sum(s.ec == k for s in run.summaries for k, b in enumerate(s.bots) if b == bot)
        print(
            f"| {label} | {s_tol / len(seats):.1%} | {s_ec / len(seats):.1%} | "
            f"{100 * (s_tol - s_ec) / len(seats):.1f} | {100 * mean:+.1f} "
            f"[{100 * (mean - half):+.1f}, {100 * (mean + half):+.1f}] | "
            + ", ".join(f"{t} {g}" for t, g in by_team.items())
            + " |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
