"""Re-weigh The Amalgamation's mixture by regret matching+ (issue 31, the $8 hoarder).

    python -m mainmatch.games.amalgamation.bots.train_rm --seed 0 --start FILE [--out FILE]

Fictitious play (``train.py``) adds one best response of weight 1
an iteration, so a habit the mixture under-weighs (the hoarders: a dodge above
the others on every Minus tile, a donation that is never the Miser's, the rest
kept for the last round) loses its gain only slowly as its share grows. Here the
strategies are few: the ``--start`` mixture as one strategy (a seat playing it
draws a plan from it each match) and the fixed habits of
:data:`~mainmatch.games.amalgamation.bots.train.HABIT_SIMPLE` and :data:`EXTRA`. Each
iteration every strategy plays one seat against five seats of the current mix
(``--matches`` matches on the same seeds for every strategy, seats rotating,
scored by ToL - EC), and regret matching+ moves the weights towards the
strategies that beat the mix. The written mixture is the average of the
iterations' weights (later ones weighing more, as in RM+), the start mixture's
plans scaled by its weight. One process, deterministic given ``--seed``.

The shipped ``amalgamation_mix.json`` is this command's output (about 14 minutes
on one core; docs/decisions/amalg.md AMG1)::

    python -m mainmatch.games.amalgamation.bots.train_rm --seed 45 \
        --start src/mainmatch/games/amalgamation/bots/amalgamation_mix_fp3.json \
        --iterations 10 --matches 150 --anchor 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mainmatch.games.amalgamation.bots.strategy import (
    HABITS_KIND,
    MIX_FILE,
    Mixture,
    StrategyBot,
    plan_bot,
)
from mainmatch.games.amalgamation.bots.train import HABIT_SIMPLE, outcomes, plan

#: more fixed habits: the deviation rows' hoarders and big donors (``benchmarks/deviations.py``)
EXTRA: tuple[dict[str, Any], ...] = (
    {"kind": HABITS_KIND, "dodge": 8, "kong": 0.0, "invest": 0.0, "donate": 6, "last": 1},
    {"kind": HABITS_KIND, "dodge": 10, "kong": 0.0, "invest": 0.0, "donate": 6, "last": 1},
    {"kind": HABITS_KIND, "dodge": 8, "kong": 0.0, "invest": 0.0, "donate": 8, "last": 1},
    {"kind": HABITS_KIND, "dodge": 0, "kong": 0.2, "invest": 0.6, "thief": 0.1, "donate": 8},
)


def combined(start: Mixture, weights: list[float], habits: list[dict[str, Any]]) -> Mixture:
    """The mixture of ``start`` (weight ``weights[0]``) and ``habits`` (the rest)."""
    out: dict[str, float] = {}
    for w, p in zip(start[0], start[1], strict=True):
        key = json.dumps(p, sort_keys=True)
        out[key] = out.get(key, 0.0) + w * weights[0]
    for w, p in zip(weights[1:], habits, strict=True):
        key = json.dumps(p, sort_keys=True)
        out[key] = out.get(key, 0.0) + w
    kept = {k: w for k, w in out.items() if w > 0}
    total = sum(kept.values())
    return (
        tuple(w / total for w in kept.values()),
        tuple(json.loads(k) for k in kept),
    )


def _mixed(mixture: Mixture) -> Callable[[], Any]:
    return lambda: StrategyBot(mixture)


def _one(params: dict[str, Any]) -> Callable[[], Any]:
    return lambda: plan_bot(params)


def regret_matching(
    start: Mixture,
    seed: int = 0,
    iterations: int = 12,
    matches: int = 200,
    log: Callable[[str], None] = print,
    anchor: float = 0.0,
) -> Mixture:
    """RM+ over the start mixture (one strategy) and the fixed habits; returns the
    linearly averaged mix. ``anchor``: the start mixture's regret to begin with (a
    larger one keeps more of its weight while the habits' regrets grow)."""
    rng = random.Random(seed)
    habits = [plan(p) for p in (*HABIT_SIMPLE, *EXTRA)]
    makers: list[Callable[[], Any]] = [_mixed(start), *(_one(p) for p in habits)]
    n = len(makers)
    weights = [1.0] + [0.0] * (n - 1)
    regrets = [anchor] + [0.0] * (n - 1)
    average = [0.0] * n
    for it in range(iterations):
        mix = combined(start, weights, habits)
        round_seed = rng.randrange(1 << 30)
        values = [
            sum(t - e for t, e in played) / len(played)
            for played in (outcomes(make, _mixed(mix), matches, round_seed) for make in makers)
        ]
        mean = sum(w * v for w, v in zip(weights, values, strict=True))
        regrets = [max(0.0, r + v - mean) for r, v in zip(regrets, values, strict=True)]
        average = [a + (it + 1) * w for a, w in zip(average, weights, strict=True)]
        total = sum(regrets)
        weights = [r / total for r in regrets] if total > 0 else [1.0] + [0.0] * (n - 1)
        best = max(range(n), key=values.__getitem__)
        log(
            f"iteration {it + 1}: mix value {mean:+.3f}, best {values[best]:+.3f} "
            f"(strategy {best}), start weight {weights[0]:.3f}"
        )
    total = sum(average)
    return combined(start, [a / total for a in average], habits)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=12)
    parser.add_argument("--matches", type=int, default=200, help="matches per strategy")
    parser.add_argument("--anchor", type=float, default=0.0, help="the start's first regret")
    parser.add_argument("--start", type=Path, required=True, help="the mixture to re-weigh")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).with_name(MIX_FILE),
        help="where to write the mixture (default: the shipped file)",
    )
    args = parser.parse_args(argv)
    data = json.loads(args.start.read_text())
    start = (
        tuple(float(p["weight"]) for p in data["plans"]),
        tuple(dict(p["params"]) for p in data["plans"]),
    )
    weights, plans = regret_matching(
        start, args.seed, args.iterations, args.matches, anchor=args.anchor
    )
    out = {
        "format": "mainmatch-amalgamation-mix/1",
        "plans": [
            {"weight": round(w, 6), "params": p}
            for w, p in zip(weights, plans, strict=True)
            if round(w, 6) > 0
        ],
    }
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {args.out} ({len(out['plans'])} plans)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
