"""One seat deviates, the others play ``strategy``: each deviation's
(ToL rate - EC rate) beside the strategy bot's own, as issue 24 measures it.

    .venv/bin/python benchmarks/one_seat_deviations.py mvp [-n 1000] [--seed 1000] [--variant chips=60]

Each row is what ``mainmatch simulate GAME --bots X,strategy,...,strategy
--bot-params X.json -n N --seed S --workers 1`` plays (one deviating seat
named first, rotating over the seats; teams are drawn per match), and its
interval is a 95% normal interval of the per-seat (ToL - EC) in {-1, 0, 1}.
The first row is an all-strategy table (the yardstick); ``gain`` is a row's
(ToL - EC) minus the yardstick's. The deviations are the best finds of
``mainmatch search`` over each family (docs/decisions.md, "The MVP's
strategy bot" and "Second to Won's strategy bot", list the searches) and
simple fixed policies written as family parameters (corners of the ranges).
"""

from __future__ import annotations

import argparse
import math

from mainmatch.sim import simulate

#: name -> (family or None for a plain bot, parameters)
Deviation = tuple[str, str | None, dict]

DEVIATIONS: dict[str, list[Deviation]] = {
    "mvp": [
        ("random", None, {}),
        # issue 24's find against the previous bot
        ("chaser_5x6", "chaser", {"per_bid": 5, "cards": 6}),
        # search finds (100 trials x 100 matches, objectives tol and ec)
        ("chaser_tol", "chaser", {"per_bid": 2, "cards": 2, "potential": 1.0, "denial": 0.3}),
        ("chaser_ec", "chaser", {"per_bid": 2, "cards": 5, "potential": 2.49, "denial": 0.27}),
        (
            "strategist_tol",
            "strategist",
            {
                "early_share": 0.89,
                "mid_share": 0.93,
                "contest_weight": 4.22,
                "contest_margin": 1,
                "guard_total": 29,
                "fresh_high": 2,
                "fresh_low": 9,
            },
        ),
        (
            "strategist_ec",
            "strategist",
            {
                "early_share": 0.43,
                "mid_share": 0.68,
                "contest_weight": 1.35,
                "contest_margin": 3,
                "guard_total": 20,
                "fresh_high": 3,
                "fresh_low": 9,
            },
        ),
        # search finds at chips=60 (40 trials x 100 matches, objective tol)
        ("chaser_60", "chaser", {"per_bid": 6, "cards": 6, "potential": 1.45, "denial": 0.92}),
        (
            "strategist_60",
            "strategist",
            {
                "early_share": 0.78,
                "mid_share": 0.8,
                "contest_weight": 2.67,
                "contest_margin": 2,
                "guard_total": 17,
            },
        ),
        # the 5x6 chaser's chips at a table with twice the chips
        ("chaser_10x6", "chaser", {"per_bid": 10, "cards": 6}),
        # the strategy bot as it was before issue 24 (its old knobs)
        (
            "previous",
            "strategist",
            {
                "early_share": 0.3,
                "mid_share": 0.45,
                "contest_weight": 1.0,
                "contest_margin": 1,
                "guard_total": 3,
                "open_early": 0,
            },
        ),
        # simple fixed policies
        ("passive", "chaser", {"per_bid": 1, "cards": 1}),
        ("one_big_bid", "chaser", {"per_bid": 10, "cards": 1}),
        ("all_chips_each_round", "strategist", {"early_share": 1.0, "mid_share": 1.0}),
        ("three_chips_a_round", "strategist", {"early_share": 0.0, "mid_share": 0.0}),
        ("never_contests", "strategist", {"contest_weight": 0.0}),
        ("always_contests_high", "strategist", {"contest_weight": 5.0, "contest_margin": 10}),
    ],
    "second_to_won": [
        ("random", None, {}),
        # search finds (100 trials x 100 matches, objectives tol and ec; 40 at limit=150)
        (
            "aimer_tol",
            "aimer",
            {"ratio": 2.27, "ceiling": 183, "final_ceiling": 164, "shadow": 2.15},
        ),
        (
            "aimer_ec",
            "aimer",
            {"ratio": 1.46, "ceiling": 129, "final_ceiling": 138, "shadow": 2.84},
        ),
        ("flat_tol", "flat", {"first": 4, "items": 5, "per_item": 4}),
        ("flat_ec", "flat", {"first": 4, "items": 3, "per_item": 12}),
        (
            "aimer_150",
            "aimer",
            {"ratio": 1.77, "ceiling": 165, "final_ceiling": 175, "shadow": 2.49},
        ),
        ("flat_150", "flat", {"first": 5, "items": 3, "per_item": 13}),
        # simple fixed policies
        ("minimum", "flat", {"items": 3, "per_item": 1}),
        ("all_in_first", "flat", {"items": 3, "per_item": 13}),
        ("one_chip_on_all_six", "flat", {"items": 6, "per_item": 1}),
        ("aims_low", "aimer", {"ratio": 0.5}),
        ("aims_high", "aimer", {"ratio": 3.0}),
        ("no_ceiling", "aimer", {"ceiling": 200, "final_ceiling": 200}),
        ("chips_free", "aimer", {"shadow": 0.0}),
        ("chips_dear", "aimer", {"shadow": 3.0}),
    ],
}


def seat_figures(report: dict, bot: str) -> tuple[float, float, float, float]:
    """ToL rate, EC rate, their difference and its 95% half-width for ``bot``."""
    row = next(r for r in report["bots"] if r["bot"] == bot)
    tol, ec, n = row["tol_rate"]["value"], row["ec_rate"]["value"], row["player_matches"]
    diff = tol - ec
    # a seat's (ToL - EC) is 1, 0 or -1 (never both): its variance is tol + ec - diff^2
    half = 1.96 * math.sqrt(max(tol + ec - diff * diff, 0.0) / n)
    return tol, ec, diff, half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(DEVIATIONS))
    parser.add_argument("-n", "--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--only", default="", help="comma-separated deviation names")
    args = parser.parse_args(argv)
    variant = {k: int(v) for k, v in (item.split("=", 1) for item in args.variant)}
    seats = {"mvp": 6, "second_to_won": 9}[args.game]
    only = set(filter(None, args.only.split(",")))
    rows = [("strategy", None, {})] + [d for d in DEVIATIONS[args.game] if not only or d[0] in only]
    print(f"{args.game} {variant or 'official rules'}: {args.matches} matches, seed {args.seed}")
    print("| seat | ToL | EC | ToL - EC [95%] | gain |")
    print("|---|---:|---:|---:|---:|")
    own = None
    for name, family, params in rows:
        lineup = [name] + ["strategy"] * (seats - 1)
        tuned = {name: (family, params)} if family else {}
        sim = simulate(
            args.game, lineup, args.matches, seed=args.seed, workers=1, tuned=tuned, variant=variant
        )
        tol, ec, diff, half = seat_figures(sim.report, name)
        own = diff if own is None else own
        print(
            f"| {name} | {tol:.1%} | {ec:.1%} | {diff:+.1%} [{diff - half:+.1%}, {diff + half:+.1%}] "
            f"| {diff - own:+.1%} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
