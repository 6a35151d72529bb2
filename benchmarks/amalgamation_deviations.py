"""The Amalgamation: how much one seat gains by deviating from the strategy bot.

    .venv/bin/python benchmarks/amalgamation_deviations.py [-n 600] [--seed 1]
        [--variant budget=100] [--grid] [--field strategy]

One seat plays a deviation, the other five ``--field`` (seats rotating), and
the deviation's (ToL rate - EC rate) is printed with a 95% interval (t over
matches: one match gives one deviating seat, so matches are independent),
beside the field's own figure at an all-``--field`` table (every seat, the
interval clustered by match). Deviations: the ``random`` and ``classic``
bots, simple fixed policies (below) and, with ``--grid``, every corner of
the ``splitter`` family's shares (each 0, 0.5 or 1) crossed with a few Minus,
tempo and last-round settings, the best few then re-measured on fresh seeds.
One process; an honest answer at ``-n 600`` takes a few minutes.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
from collections.abc import Callable
from typing import Any

from mainmatch.bots import get_bot
from mainmatch.bots.amalgamation import ROLES, SplitBot
from mainmatch.bots.train_amalgamation import SIMPLE, outcomes, plan, table_outcomes


class Passive:
    """Pays nothing ever: every bid 0, no contribution, no bet (a fixed role)."""

    name = "passive"

    def __init__(self, role: str = "mafia") -> None:
        self.role = role

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        if request["kind"] == "choose_ec":
            return {"ec": request["candidates"][-1]}
        return {
            "kong": {"contribute": 0},
            "minus": {"bids": [0] * len(request["tiles"])},
            "invest": {"invest": 0, "donate": 0},
            "thief": {"bet": 0, "role": self.role},
        }


class Lump(Passive):
    """Puts the whole balance into one sub-game in one round, else passive."""

    def __init__(self, target: str, when: int, role: str = "mafia") -> None:
        super().__init__(role)
        self.target, self.when = target, when

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        action = super().act(view, request, rng)
        if request["kind"] != "round" or request["round"] != self.when:
            return action
        money = request["balance"]
        if self.target == "kong":
            action["kong"]["contribute"] = money
        elif self.target == "invest":
            action["invest"]["invest"] = money
        elif self.target == "donate":
            action["invest"]["donate"] = money
        else:
            action["thief"]["bet"] = money
        return action


class Even(Passive):
    """Spends balance / rounds left each round on one sub-game (a fixed role)."""

    def __init__(self, target: str, role: str = "mafia") -> None:
        super().__init__(role)
        self.target = target

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        action = super().act(view, request, rng)
        if request["kind"] != "round":
            return action
        money = request["balance"] // (8 - request["round"])
        key = {"kong": ("kong", "contribute"), "invest": ("invest", "invest")}.get(
            self.target, ("thief", "bet")
        )
        action[key[0]][key[1]] = money
        return action


def simple_policies() -> dict[str, Callable[[], Any]]:
    out: dict[str, Callable[[], Any]] = {
        "random": lambda: get_bot("amalgamation", "random"),
        "classic": lambda: get_bot("amalgamation", "classic"),
    }
    for role in ROLES:
        out[f"passive ({role})"] = lambda role=role: Passive(role)
    for target, when in itertools.product(("kong", "invest", "thief"), (1, 4, 7)):
        out[f"all into {target} in round {when}"] = lambda t=target, w=when: Lump(t, w)
    for target in ("kong", "invest", "thief"):
        out[f"even into {target} only"] = lambda t=target: Even(t)
    for k, params in enumerate(SIMPLE):
        out[f"splitter simple #{k} {params}"] = _splitter(params)
    return out


def _splitter(params: dict[str, Any]) -> Callable[[], Any]:
    full = plan(params)
    return lambda: SplitBot(full)


def grid() -> dict[str, Callable[[], Any]]:
    out: dict[str, Callable[[], Any]] = {}
    shares = (0.0, 0.5, 1.0)
    for kong, invest, thief in itertools.product(shares, shares, shares):
        for minus_cap, tempo, last in itertools.product((0.0, 0.25), (-1.0, 0.0, 1.0), (0, 1)):
            params = {
                "kong": kong,
                "invest": invest,
                "thief": thief,
                "minus_cap": minus_cap,
                "tempo": tempo,
                "last_kong": 0.5 * last,
                "last_thief": 0.0 if last else 0.5,
            }
            out[f"splitter {params}"] = _splitter(params)
    return out


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation) of ``values``."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def own(field: str, matches: int, seed: int, variant: dict | None) -> tuple[float, float, float]:
    """The field bot's own ToL rate, EC rate and (ToL - EC) half-width at an all-field table
    (every seat; the interval over matches, so clustered by match)."""
    played = table_outcomes(lambda: get_bot("amalgamation", field), matches, seed, variant)
    tol = sum(t for t, _ in played) / matches
    ec = sum(e for _, e in played) / matches
    return tol, ec, interval([t - e for t, e in played])[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--matches", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="", help="KEY=VALUE, e.g. budget=100")
    parser.add_argument("--grid", action="store_true", help="also the splitter corner grid")
    parser.add_argument("--field", default="strategy")
    parser.add_argument("--top", type=int, default=5, help="grid lines re-measured")
    parser.add_argument("--no-simple", action="store_true", help="skip the simple policies")
    args = parser.parse_args(argv)
    variant = None
    if args.variant:
        key, value = args.variant.split("=")
        variant = {key: int(value)}
    n = args.matches
    tol, ec, half = own(args.field, n, args.seed, variant)
    print(f"{args.field}'s own (all-{args.field}, {n} matches, every seat): ")
    print(f"  ToL {tol:.3f}  EC {ec:.3f}  ToL-EC {tol - ec:+.3f} ± {half:.3f}")
    print()
    print("| deviation | ToL | EC | ToL-EC (95%) | gain over own |")
    print("|---|---:|---:|---:|---:|")

    def field_bot() -> Any:
        return get_bot("amalgamation", args.field)

    def show(name: str, make: Callable[[], Any], matches: int, seed: int) -> float:
        played = outcomes(make, field_bot, matches, seed, variant)
        mean, h = interval([t - e for t, e in played])
        t = sum(x for x, _ in played) / matches
        e = sum(y for _, y in played) / matches
        print(f"| {name} | {t:.3f} | {e:.3f} | {mean:+.3f} ± {h:.3f} | {mean - (tol - ec):+.3f} |")
        sys.stdout.flush()
        return mean

    for name, make in {} if args.no_simple else simple_policies().items():
        show(name, make, n, args.seed + 1)
    if args.grid:
        quick = max(60, n // 5)
        scored = []
        for name, make in grid().items():
            played = outcomes(make, field_bot, quick, args.seed + 2, variant)
            scored.append((sum(t - e for t, e in played) / quick, name, make))
        scored.sort(key=lambda x: -x[0])
        print(
            f"| (grid: {len(scored)} lines x {quick} matches; the best {args.top} on fresh seeds) | | | | |"
        )
        for _, name, make in scored[: args.top]:
            show(name, make, n, args.seed + 3)
    return 0


if __name__ == "__main__":
    sys.exit(main())
