"""Seat Exchange: one deviating seat against twelve ``strategy`` bots (issue 24).

    .venv/bin/python benchmarks/seat_exchange_deviations.py [-n 260] [--seed 11] [--variant streak=5]

For each simple fixed policy, expressed through the families' parameters (the
corners of their ranges), and for ``random`` and ``streak_builder``: a
simulation with the deviator in one seat and ``strategy`` in the other twelve
(``mainmatch simulate seat_exchange --bots dev,strategy,...`` with twelve
``strategy`` names; seats rotate), and the deviator's (ToL rate - EC rate)
with a 95% interval (one deviator a match, so its matches are independent;
ToL and EC exclude each other). Compare with the strategy bot's own figure
from an all-strategy table (``mainmatch simulate seat_exchange --bots strategy``).
"""

from __future__ import annotations

import argparse
import math

from mainmatch.sim import simulate

POLICIES: dict[str, tuple[str, dict]] = {
    "never pays (saver defaults)": ("saver", {}),
    "guards its seat $100 a round": ("saver", {"spend": 100}),
    "all-in in the last round": ("saver", {"last": 400}),
    "guards $100, all-in last": ("saver", {"spend": 100, "last": 400}),
    "guards $1 a round": ("saver", {"spend": 1}),
    "spends $1 in the last round": ("saver", {"last": 1}),
    "old strategy's prices (builder defaults)": ("builder", {}),
    "builds on any 2% chance, $50 floor": (
        "builder",
        {"win": 1000, "min_win": 0.02, "floor": 50, "trades": 4, "jitter": 0},
    ),
    "builds on any 2% chance, $1 bids": (
        "builder",
        {"win": 0, "min_win": 0.02, "floor": 1, "trades": 4, "jitter": 100},
    ),
    "free rider (circle tell=0 build=0)": ("circle", {"tell": 0, "build": 0}),
    "silent (circle tell=0)": ("circle", {"tell": 0}),
    "tells, never pays for the plan (build=0)": ("circle", {"build": 0}),
    "cheapest protocol (signal 1%, share 0)": ("circle", {"signal": 0.01, "share": 0.0}),
    "dearest protocol (signal 100%, share 1)": ("circle", {"signal": 1.0, "share": 1.0}),
}


def row(report: dict, bot: str) -> str:
    b = next(b for b in report["bots"] if b["bot"] == bot)
    t, e, n = b["tol_rate"]["value"], b["ec_rate"]["value"], b["player_matches"]
    half = 1.96 * math.sqrt(t * (1 - t) + e * (1 - e) + 2 * t * e) / math.sqrt(n)
    return (
        f"ToL {t:6.1%}  EC {e:6.1%}  ToL-EC {t - e:+.3f} [{t - e - half:+.3f}, {t - e + half:+.3f}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--matches", type=int, default=260)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    variant = {k: int(v) for k, v in (s.split("=", 1) for s in args.variant)} or None
    own = simulate(
        "seat_exchange", "strategy", args.matches, seed=args.seed, workers=1, variant=variant
    )
    print(f"{'all-strategy table (strategy own)':44s} {row(own.report, 'strategy')}")
    cases: list[tuple[str, str, dict | None]] = [
        (name, "dev", {"dev": fam}) for name, fam in POLICIES.items()
    ]
    cases += [
        ("random", "random", None),
        ("streak_builder (the old strategy)", "streak_builder", None),
    ]
    for name, bot, tuned in cases:
        sim = simulate(
            "seat_exchange",
            [bot] + ["strategy"] * 12,
            args.matches,
            seed=args.seed,
            workers=1,
            variant=variant,
            tuned=tuned,
        )
        print(f"{name:44s} {row(sim.report, bot)}", flush=True)


if __name__ == "__main__":
    main()
