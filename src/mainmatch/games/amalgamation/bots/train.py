"""Fit The Amalgamation's strategy mixture by fictitious play (``amalgamation_mix.json``).

    python -m mainmatch.games.amalgamation.bots.train --seed 0 [--out FILE]

The game is symmetric in its seats, so the mixture is one population of
fixed plans (:class:`~mainmatch.games.amalgamation.bots.strategy.SplitBot`, the ``splitter``
family's numbers). Each iteration:

1. candidates: the simple plans of :data:`SIMPLE` (all in one place, a fixed
   split, passive, early or late spending...), plans drawn uniformly from the
   family's ranges, and small changes to the plans found so far;
2. each candidate plays one seat against five seats of the current mixture
   (``--matches`` matches, seats rotating, the same seeds for every candidate),
   scored by a player's stakes: +1 for a Token of Life, -1 for being the
   Elimination Candidate (issue 24);
3. the best few are measured again on fresh seeds, and the best of them joins
   the population (fictitious play: the mixture is the population with equal
   weights, so each best response gets weight 1/size).

It plays matches with the engine alone (no simulator), one process, and is
deterministic given ``--seed``. The shipped file came from the command above
with its defaults (docs/decisions/amalgamation.md "The Amalgamation's strategy bot").
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mainmatch.engine.driver import Driver
from mainmatch.engine.game import JSONObject
from mainmatch.engine.registry import get_game
from mainmatch.games.amalgamation.bots.habits import HABITS
from mainmatch.games.amalgamation.bots.strategy import (
    DEFAULTS,
    HABITS_KIND,
    MIX_FILE,
    Mixture,
    StrategyBot,
    plan_bot,
)

#: the family's ranges (kept equal to ``families.py``, which a test checks)
RANGES: dict[str, tuple[float, float]] = {
    "kong": (0.0, 1.0),
    "invest": (0.0, 1.0),
    "thief": (0.0, 1.0),
    "minus_cap": (0.0, 1.0),
    "chase": (0, 40),
    "tempo": (-1.0, 1.0),
    "last_kong": (0.0, 1.0),
    "last_thief": (0.0, 1.0),
    "noise": (0.0, 1.0),
    "donate": (0, 20),
    "dodge": (0, 1),
    "dodge_min": (0, 20),
    "dodge_high": (0, 20),
}
#: whole-number plan numbers
INTEGERS = ("chase", "donate", "dodge", "dodge_min", "dodge_high")

#: simple fixed policies every iteration tries (missing numbers: the classic bot's)
SIMPLE: tuple[dict[str, Any], ...] = (
    {},
    {"kong": 0.0, "invest": 0.0, "thief": 0.0, "last_kong": 0.0, "last_thief": 0.0},
    {"kong": 1.0, "invest": 0.0, "thief": 0.0, "last_kong": 1.0},
    {"kong": 0.0, "invest": 1.0, "thief": 0.0, "last_thief": 0.0},
    {"kong": 0.0, "invest": 0.0, "thief": 1.0, "last_thief": 1.0},
    {"kong": 0.5, "invest": 0.5, "thief": 0.0},
    {"kong": 0.5, "invest": 0.5, "thief": 0.0, "last_kong": 0.5, "last_thief": 0.0},
    {"kong": 0.25, "invest": 0.0, "thief": 0.0, "minus_cap": 0.0},
    {"kong": 1.0, "invest": 0.75, "thief": 0.0, "minus_cap": 0.0, "chase": 40},
    {"kong": 0.5, "invest": 0.5, "thief": 0.0, "tempo": 1.0},
    {"kong": 0.5, "invest": 0.5, "thief": 0.0, "tempo": -1.0},
    {"kong": 0.0, "invest": 1.0, "thief": 0.0, "tempo": 1.0, "last_thief": 0.0},
    {"kong": 1.0, "invest": 0.0, "thief": 0.0, "tempo": 1.0, "last_kong": 1.0},
    {"minus_cap": 0.0, "chase": 0},
    {"minus_cap": 1.0, "chase": 40},
    {"kong": 0.0, "invest": 1.0, "thief": 0.0, "donate": 0, "dodge": 0, "minus_cap": 0.0},
    {"kong": 1.0, "invest": 0.0, "thief": 0.0, "donate": 0, "dodge": 0, "minus_cap": 0.0},
    {"kong": 0.5, "invest": 0.5, "thief": 0.0, "donate": 0, "dodge": 0},
    {"kong": 0.0, "invest": 1.0, "thief": 0.0, "donate": 5},
    {"kong": 0.0, "invest": 0.0, "thief": 0.0, "donate": 0, "dodge": 0, "last_thief": 1.0},
    {"kong": 0.0, "invest": 0.5, "thief": 0.0, "minus_cap": 0.0, "tempo": -1.0, "last_kong": 0.5},
    {"kong": 0.0, "invest": 1.0, "thief": 0.0, "minus_cap": 0.0, "last_kong": 0.5},
    {"kong": 0.0, "invest": 0.5, "thief": 0.0, "tempo": -1.0, "last_thief": 0.0},
    {"kong": 0.5, "invest": 0.0, "thief": 0.0, "tempo": -1.0, "last_kong": 1.0},
    {"kong": 0.0, "invest": 1.0, "thief": 0.0, "tempo": -1.0, "last_thief": 0.0},
    {"kong": 0.0, "invest": 1.0, "thief": 0.0, "tempo": 1.0, "last_kong": 0.5, "last_thief": 0.0},
    # issue 31's holes: dodging the Minus tiles higher than the others, a fixed donation
    # above theirs, the rest split between Kong and Investment
    *(
        {"kong": 0.5, "invest": 0.5, "thief": 0.0, "dodge_high": high, "donate": donate}
        for high in (4, 8, 12, 20)
        for donate in (1, 3)
    ),
    *(
        {"kong": 0.3, "invest": 0.3, "thief": 0.0, "minus_cap": 0.0, "dodge_min": low}
        for low in (3, 5, 8, 12)
    ),
)


#: the ``habits`` family's ranges (kept equal to ``families.py``)
HABIT_RANGES: dict[str, tuple[float, float]] = {
    "dodge": (0, 20),
    "kong": (0.0, 1.0),
    "invest": (0.0, 1.0),
    "thief": (0.0, 1.0),
    "donate": (0, 20),
    "last": (0, 2),
}
HABIT_INTEGERS = ("dodge", "donate", "last")

#: fixed habits every iteration tries (issue 31's seats and their neighbours)
HABIT_SIMPLE: tuple[dict[str, Any], ...] = tuple(
    {"kind": HABITS_KIND, "dodge": dodge, "kong": kong, "invest": invest, "donate": donate}
    for dodge in (2, 3, 5, 8)
    for kong, invest in ((0.3, 0.3), (0.5, 0.25))
    for donate in (2, 4)
) + (
    {"kind": HABITS_KIND, "dodge": 0, "kong": 0.3, "invest": 0.3, "donate": 4},
    # hoarders: dodge above the others, never the Miser, spend little and put the rest
    # into the last round (the best responses to the first issue-31 mixture)
    *(
        {"kind": HABITS_KIND, "dodge": dodge, "kong": 0.03, "invest": invest, "donate": 6}
        | {"last": last}
        for dodge in (5, 8, 12)
        for invest in (0.0, 0.17)
        for last in (0, 1)
    ),
)


def plan(params: dict[str, Any]) -> dict[str, Any]:
    """``params`` completed with the classic bot's numbers (a ``habits`` plan: with the
    habits' defaults)."""
    if params.get("kind") == HABITS_KIND:
        return {"kind": HABITS_KIND, **HABITS, **params}
    return {**DEFAULTS, **params}


def draw_habits(rng: random.Random) -> dict[str, Any]:
    """A ``habits`` plan drawn from the family's ranges (a dodge of $0-12)."""
    return {
        "kind": HABITS_KIND,
        "dodge": rng.choice((0, 2, 3, 4, 5, 6, 8, 10, 12)),
        "kong": round(rng.uniform(0, 0.7), 2),
        "invest": round(rng.uniform(0, 0.7), 2),
        "thief": rng.choice((0.0, 0.0, round(rng.uniform(0, 0.5), 2))),
        "donate": rng.choice((1, 2, 3, 4, 6, 8)),
        "last": rng.choice((0, 1, 2)),
    }


def draw(rng: random.Random) -> dict[str, Any]:
    """A plan drawn uniformly from the family's ranges (shares often exactly 0)."""
    out: dict[str, Any] = {}
    for name, (low, high) in RANGES.items():
        if name == "chase":
            out[name] = rng.choice((0, 0, 5, 10, 40))
        elif name == "donate":
            out[name] = rng.choice((0, 1, 1, 2, 4, 8))
        elif name == "dodge":
            out[name] = rng.choice((0, 1))
        elif name in ("dodge_min", "dodge_high"):
            out[name] = rng.choice((0, 0, 2, 4, 8, 12, 20))
        elif name in ("kong", "invest", "thief") and rng.random() < 0.25:
            out[name] = 0.0
        else:
            out[name] = round(rng.uniform(low, high), 2)
    return out


def mutate(params: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A plan near ``params``: two numbers moved by up to a fifth of their range."""
    out = dict(params)
    habits = params.get("kind") == HABITS_KIND
    ranges = HABIT_RANGES if habits else RANGES
    for name in rng.sample(sorted(ranges), 2):
        low, high = ranges[name]
        if name in (HABIT_INTEGERS if habits else INTEGERS):
            jump = {"chase": 5, "dodge_min": 2, "dodge_high": 2}.get(name, 1)
            move = int(out[name]) + rng.choice((-1, 1)) * jump
            out[name] = int(min(high, max(low, move)))
        else:
            step = (high - low) * rng.uniform(-0.2, 0.2)
            out[name] = round(min(high, max(low, out[name] + step)), 2)
    return out


def outcomes(
    make_dev: Callable[[], Any],
    make_field: Callable[[], Any],
    matches: int,
    seed: int,
    variant: dict[str, int] | None = None,
) -> list[tuple[int, int]]:
    """(ToL, EC) of one seat playing ``make_dev``'s bot, the other five ``make_field``'s,
    per match (1 = got a Token of Life / was the EC), the seat rotating."""
    return [
        seats[i % len(seats)]
        for i, seats in enumerate(_play(make_dev, make_field, matches, seed, variant))
    ]


def table_outcomes(
    make: Callable[[], Any], matches: int, seed: int, variant: dict[str, int] | None = None
) -> list[tuple[float, float]]:
    """Per match, the ToL rate and EC rate over all seats of a table of ``make``'s bots."""
    out = []
    for seats in _play(make, make, matches, seed, variant):
        out.append((sum(t for t, _ in seats) / len(seats), sum(e for _, e in seats) / len(seats)))
    return out


def _play(
    make_dev: Callable[[], Any],
    make_field: Callable[[], Any],
    matches: int,
    seed: int,
    variant: dict[str, int] | None,
) -> list[list[tuple[int, int]]]:
    """(ToL, EC) of every seat, per match; match ``i`` seats ``make_dev`` at seat ``i mod 6``."""
    game = get_game("amalgamation")
    out = []
    for i in range(matches):
        rng = random.Random(seed * 1_000_003 + i)
        extra = {"variant": variant} if variant else {}
        config = game.random_config(list(game.default_players), rng, **extra)
        players = list(config["players"])
        me = players[i % len(players)]
        bots = {p: make_dev() if p == me else make_field() for p in players}
        driver = Driver(game, config, events=False)
        while driver.pending:
            actions = {
                p: game.random_action(driver.state, p, rng)
                if getattr(bots[p], "delegate_random", False)
                else bots[p].act(game.view(driver.state, p), request, rng)
                for p, request in driver.pending.items()
            }
            driver.step(actions, validate=False)
        result = driver.result()
        assert result is not None
        out.append(
            [
                (
                    int(result["tokens_of_life"].get(p, 0) > 0),
                    int(result["elimination_candidate"] == p),
                )
                for p in players
            ]
        )
    return out


def stakes(
    make_dev: Callable[[], Any],
    make_field: Callable[[], Any],
    matches: int,
    seed: int,
    variant: dict[str, int] | None = None,
) -> float:
    """Mean (ToL - EC) of the deviating seat of :func:`outcomes`."""
    played = outcomes(make_dev, make_field, matches, seed, variant)
    return sum(t - e for t, e in played) / len(played)


#: a population: plans with their weights (a best response joins with weight 1)
Population = list[tuple[dict[str, Any], float]]


def mixture_file(population: Population) -> dict[str, Any]:
    """The population as the mixture file: equal plans merged, weights summed."""
    counts: dict[str, float] = {}
    for params, weight in population:
        key = json.dumps(plan(params), sort_keys=True)
        counts[key] = counts.get(key, 0.0) + weight
    total = sum(counts.values())
    return {
        "format": "mainmatch-amalgamation-mix/1",
        "plans": [
            {"weight": round(n / total, 6), "params": json.loads(key)} for key, n in counts.items()
        ],
    }


def _as_mixture(population: Population) -> tuple[tuple[float, ...], tuple[JSONObject, ...]]:
    data = mixture_file(population)
    return (
        tuple(p["weight"] for p in data["plans"]),
        tuple(p["params"] for p in data["plans"]),
    )


def population_of(data: dict[str, Any], size: float) -> Population:
    """A mixture file's plans as a population again, weighing ``size`` plans in all."""
    return [(dict(p["params"]), p["weight"] * size) for p in data["plans"]]


def _maker(params: dict[str, Any]) -> Callable[[], Any]:
    return lambda: plan_bot(params)


def train(
    seed: int = 0,
    iterations: int = 110,
    drawn: int = 10,
    matches: int = 80,
    confirm: int = 200,
    finalists: int = 3,
    variant: dict[str, int] | None = None,
    log: Callable[[str], None] = print,
    start: Population | None = None,
    simple: bool = True,
) -> dict[str, Any]:
    """Fictitious play from the start plan ``{"kong": .45, "invest": .45, "thief": .1}``,
    or from the population ``start`` (continuing an earlier run); ``simple``: try the
    :data:`SIMPLE` splitter plans every iteration (the habits' always); returns the
    mixture file's data."""
    rng = random.Random(seed)
    population: Population = (
        [(plan(p), w) for p, w in start]
        if start
        else [(plan({"kong": 0.45, "invest": 0.45, "thief": 0.1}), 1.0)]
    )
    for it in range(iterations):
        mixture = _as_mixture(population)

        def field(mixture: Mixture = mixture) -> StrategyBot:
            return StrategyBot(mixture)

        candidates = [plan(p) for p in (SIMPLE if simple else ()) + HABIT_SIMPLE]
        candidates += [plan(draw(rng)) for _ in range(drawn)]
        candidates += [plan(draw_habits(rng)) for _ in range(drawn)]
        plans = [p for p, _ in population]
        weights = [w for _, w in population]
        candidates += [mutate(p, rng) for p in rng.choices(plans, weights, k=4)]
        round_seed = rng.randrange(1 << 30)
        scored = sorted(
            (
                (stakes(_maker(c), field, matches, round_seed, variant), k)
                for k, c in enumerate(candidates)
            ),
            reverse=True,
        )
        confirm_seed = rng.randrange(1 << 30)
        best = max(
            (stakes(_maker(candidates[k]), field, confirm, confirm_seed, variant), k)
            for _, k in scored[:finalists]
        )
        population.append((candidates[best[1]], 1.0))
        log(f"iteration {it + 1}: best response {best[0]:+.3f} {candidates[best[1]]}")
    return mixture_file(population)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=110)
    parser.add_argument("--drawn", type=int, default=10, help="random plans per iteration")
    parser.add_argument("--matches", type=int, default=80, help="matches per candidate")
    parser.add_argument("--confirm", type=int, default=200, help="matches per finalist")
    parser.add_argument("--budget", type=int, default=0, help="train at this budget variant")
    parser.add_argument(
        "--start",
        type=Path,
        default=None,
        help="continue fictitious play from this mixture file's population",
    )
    parser.add_argument(
        "--start-size",
        type=float,
        default=0.0,
        help="the --start population weighs this many plans (default: 1 / its least weight)",
    )
    parser.add_argument(
        "--no-simple", action="store_true", help="skip the simple splitter plans each iteration"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).with_name(MIX_FILE),
        help="where to write the mixture (default: the shipped file)",
    )
    args = parser.parse_args(argv)
    variant = {"budget": args.budget} if args.budget else None
    start = None
    if args.start:
        data = json.loads(args.start.read_text())
        size = args.start_size or 1 / min(p["weight"] for p in data["plans"])
        start = population_of(data, size)
    data = train(
        args.seed,
        args.iterations,
        args.drawn,
        args.matches,
        args.confirm,
        variant=variant,
        start=start,
        simple=not args.no_simple,
    )
    if variant:
        data["budget"] = args.budget
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {args.out} ({len(data['plans'])} plans)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
