"""One seat deviates, the others play ``strategy``: each deviation's gain (issue 24).

    .venv/bin/python benchmarks/deviations.py GAME [-n N] [--seed S] [--variant K=V ...]
        [--grid] [--only NAMES] [--bot-params found.json ...] [--json FILE]

``GAME`` is one of :data:`GAMES` or ``all``. Each deviation sits in one seat
against the ``--field`` bot (``strategy``) in every other seat, the seat
rotating over the matches, and its row gives the seat's ToL rate, EC rate and
(ToL - EC) with a 95% interval (one deviating seat a match, so matches are
independent; a seat's ToL - EC is 1, 0 or -1). The yardstick is an
all-``strategy`` table played on the **same seeds** (so the same configs and
teams): a row's gain is the deviating seat's (ToL - EC) minus the ``strategy``
bot's in that very seat and match, with a paired 95% interval. The yardstick's
own line is over every seat, its interval clustered by match.

Seat Exchange, Homeostasis, the MVP and Second to Won play through
``mainmatch.sim.simulate`` (a row is ``mainmatch simulate GAME --bots
X,strategy,... --seed S --workers 1``); the Amalgamation through
``mainmatch.games.amalgamation.bots.train``'s match loop (its hand-written policies
below are not registered bots), its rows on seed S+1 and, with ``--grid``,
every corner of the ``splitter`` shares crossed with a few Minus, tempo and
last-round settings screened on S+2 (max(60, N/5) matches) and the best
``--top`` re-measured on S+3. The deviations, per game, are in
:data:`DEVIATIONS`: simple fixed policies through the families' parameters
(corners of their ranges), ``random``, and ``mainmatch search`` finds
(the strategy bots' pages of docs/decisions/ list the searches). One process.

It replaces four per-game scripts (``seat_exchange_deviations.py``,
``amalgamation_deviations.py``, ``homeostasis_deviations.py``,
``one_seat_deviations.py``); with their arguments it plays the same matches, so
every row's ToL, EC and ToL - EC are theirs (and its interval, except the
Amalgamation's, now a plug-in rather than sample variance: x sqrt((N-1)/N)).
The gain was the row's ToL - EC minus the table's (unpaired) outside
Homeostasis; the Amalgamation's old all-``strategy`` line (seed S, not the
rows' S+1) is this script's yardstick at ``--seed S-1``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mainmatch.bots import get_bot
from mainmatch.games.amalgamation.bots.habits import HabitBot
from mainmatch.games.amalgamation.bots.strategy import ROLES, SplitBot
from mainmatch.games.amalgamation.bots.train import SIMPLE, _play, plan
from mainmatch.sim import simulate

#: (match, seat) -> (ToL, EC, team): ToL and EC each 0 or 1, team None in a game without teams
Seats = dict[tuple[int, int], tuple[int, int, str | None]]


@dataclass(frozen=True)
class Deviation:
    """One deviating seat: a registered ``bot``, or a ``family`` tuned with ``params``
    (the seat named ``bot`` in the lineup), or ``make`` (the Amalgamation's own loop)."""

    label: str
    bot: str
    family: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    make: Callable[[], Any] | None = None


@dataclass(frozen=True)
class Game:
    """How a game is measured: its seats, the old script's defaults, the rows' seed offset."""

    seats: int
    matches: int
    seed: int
    offset: int = 0  # rows (and their yardstick) play seed + offset
    loop: bool = False  # the Amalgamation's training loop (bots/train.py) rather than simulate


GAMES: dict[str, Game] = {
    "seat_exchange": Game(13, 260, 11),
    "amalgamation": Game(6, 600, 1, offset=1, loop=True),
    "homeostasis": Game(5, 1000, 7),
    "mvp": Game(6, 1000, 1000),
    "second_to_won": Game(9, 1000, 1000),
}


# --- The Amalgamation's hand-written policies -------------------------------------------


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


def _lump(target: str, when: int) -> Callable[[], Any]:
    return lambda: Lump(target, when)


def _even(target: str) -> Callable[[], Any]:
    return lambda: Even(target)


def _passive(role: str) -> Callable[[], Any]:
    return lambda: Passive(role)


def _splitter(label: str, params: dict[str, Any]) -> Deviation:
    full = plan(params)
    return Deviation(label, "splitter", make=lambda: SplitBot(full))


def _amalgamation() -> list[Deviation]:
    out = [
        Deviation("random", "random", make=lambda: get_bot("amalgamation", "random")),
        Deviation("classic", "classic", make=lambda: get_bot("amalgamation", "classic")),
    ]
    out += [Deviation(f"passive ({r})", "passive", make=_passive(r)) for r in ROLES]
    for target, when in itertools.product(("kong", "invest", "thief"), (1, 4, 7)):
        out.append(
            Deviation(f"all into {target} in round {when}", "lump", make=_lump(target, when))
        )
    for target in ("kong", "invest", "thief"):
        out.append(Deviation(f"even into {target} only", "even", make=_even(target)))
    out += [_splitter(f"splitter simple #{k} {p}", p) for k, p in enumerate(SIMPLE)]
    return out + [
        Deviation(f"habits: {label}", "habits", make=_habit(p)) for label, p in HABIT_ROWS
    ]


def _habit(params: dict[str, Any]) -> Callable[[], Any]:
    return lambda: HabitBot(params)


_CLASSIC = {"kong": 0.2, "invest": 0.35, "thief": 0.35, "donate": 2, "last": 0}
#: issue 31's habits (the ``habits`` family): one sub-game at a time, then combined
HABIT_ROWS: list[tuple[str, dict[str, Any]]] = [
    *(
        (f"Minus dodge ${d} on every tile, else an even split", {**_CLASSIC, "dodge": d})
        for d in (2, 3, 5, 8, 12)
    ),
    ("Minus as classic, Kong 50% a round", {**_CLASSIC, "dodge": 0, "kong": 0.5, "invest": 0.2}),
    ("Minus as classic, never Kong", {**_CLASSIC, "dodge": 0, "kong": 0.0, "invest": 0.5}),
    ("Minus as classic, donate $4", {**_CLASSIC, "dodge": 0, "donate": 4}),
    (
        "Minus as classic, donate $8, invest 60%",
        {**_CLASSIC, "dodge": 0, "donate": 8, "invest": 0.6, "thief": 0.1},
    ),
    (
        "Minus as classic, all into the Thief",
        {"dodge": 0, "kong": 0.0, "invest": 0.0, "thief": 1.0, "donate": 1, "last": 0},
    ),
    ("three habits: dodge $3, Kong 30%, invest 30%, donate $4 (issue 31)", {}),
    (
        "three habits: dodge $3, Kong 50%, invest 25%, donate $4, last into Kong",
        {"kong": 0.5, "invest": 0.25, "last": 2},
    ),
    ("three habits: dodge $5, Kong 30%, invest 30%, donate $4", {"dodge": 5}),
    (
        "three habits: dodge $8, Kong 40%, invest 40%, donate $6",
        {"dodge": 8, "kong": 0.4, "invest": 0.4, "donate": 6},
    ),
    ("three habits: dodge $3, Kong 30%, invest 30%, donate $2", {"donate": 2}),
    # fictitious play's best responses to the issue-31 mixture: spend little, keep the rest
    # for the last round (a last-round habit), never the Miser, dodge above the others
    (
        "hoards: dodge $5, Kong 3%, invest 17%, donate $6, the rest invested last",
        {"dodge": 5, "kong": 0.03, "invest": 0.17, "donate": 6, "last": 1},
    ),
    (
        "hoards: dodge $5, Kong 3%, invest 17%, donate $6, the rest into the Thief last",
        {"dodge": 5, "kong": 0.03, "invest": 0.17, "donate": 6, "last": 0},
    ),
    (
        "hoards: dodge $8, nothing but the donation, the rest invested last",
        {"dodge": 8, "kong": 0.0, "invest": 0.0, "donate": 6, "last": 1},
    ),
    # balance's habits search against the regret-matching mixture (docs/decisions/amalg.md
    # AMG3): never the Miser, nearly all the rest invested, the last round into Kong
    (
        "gives: dodge $2, Kong 35%, invest 96%, Thief 6%, donate $18, the rest into Kong last",
        {"dodge": 2, "kong": 0.35, "invest": 0.96, "thief": 0.06, "donate": 18, "last": 2},
    ),
    # the giver's neighbours (docs/decisions/amalg2.md AMH1): $14 and $22 a round
    (
        "gives: dodge $2, Kong 35%, invest 96%, Thief 6%, donate $14, the rest into Kong last",
        {"dodge": 2, "kong": 0.35, "invest": 0.96, "thief": 0.06, "donate": 14, "last": 2},
    ),
    (
        "gives: dodge $2, Kong 35%, invest 96%, Thief 6%, donate $22, the rest into Kong last",
        {"dodge": 2, "kong": 0.35, "invest": 0.96, "thief": 0.06, "donate": 22, "last": 2},
    ),
]


def amalgamation_grid() -> list[Deviation]:
    """Every corner of the ``splitter`` shares (0, 0.5, 1) x Minus cap x tempo x last round."""
    out = []
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
            out.append(_splitter(f"splitter {params}", params))
    return out


# --- Homeostasis's ``steerer`` habits ---------------------------------------------------

TEAMS = ("positive", "negative", "neutral")


def one_habit(aggression: float, lag: float, final: float, **extra: object) -> dict:
    """``steerer`` parameters: one habit for every team (``mixed`` 0)."""
    params: dict = {"mixed": 0, **extra}
    for team in TEAMS:
        params |= {f"{team}_aggression": aggression, f"{team}_lag": lag, f"{team}_final": final}
    return params


def _tuned(bot: str, rows: list[tuple[str, str, dict]]) -> list[Deviation]:
    """Rows of one family-tuned seat named ``bot`` in the lineup."""
    return [Deviation(label, bot, fam, params) for label, fam, params in rows]


_STRATEGIST_TOL = {
    "early_share": 0.89,
    "mid_share": 0.93,
    "contest_weight": 4.22,
    "contest_margin": 1,
    "guard_total": 29,
    "fresh_high": 2,
    "fresh_low": 9,
}
_STRATEGIST_EC = {
    "early_share": 0.43,
    "mid_share": 0.68,
    "contest_weight": 1.35,
    "contest_margin": 3,
    "guard_total": 20,
    "fresh_high": 3,
    "fresh_low": 9,
}
_STRATEGIST_60 = {
    "early_share": 0.78,
    "mid_share": 0.8,
    "contest_weight": 2.67,
    "contest_margin": 2,
    "guard_total": 17,
}
#: the MVP's strategy bot as it was before issue 24 (its old knobs)
_PREVIOUS = {
    "early_share": 0.3,
    "mid_share": 0.45,
    "contest_weight": 1.0,
    "contest_margin": 1,
    "guard_total": 3,
    "open_early": 0,
}


def _named(rows: list[tuple[str, str, dict]]) -> list[Deviation]:
    """MVP / Second to Won rows: the seat is named after the row, as the old script did."""
    return [Deviation("random", "random")] + [Deviation(n, n, f, p) for n, f, p in rows]


#: game -> its deviations (the exact rows and parameters of issue 24's figures)
DEVIATIONS: dict[str, list[Deviation]] = {
    "seat_exchange": _tuned(
        "dev",
        [
            ("never pays (saver defaults)", "saver", {}),
            ("guards its seat $100 a round", "saver", {"spend": 100}),
            ("all-in in the last round", "saver", {"last": 400}),
            ("guards $100, all-in last", "saver", {"spend": 100, "last": 400}),
            ("guards $1 a round", "saver", {"spend": 1}),
            ("spends $1 in the last round", "saver", {"last": 1}),
            ("old strategy's prices (builder defaults)", "builder", {}),
            (
                "builds on any 2% chance, $50 floor",
                "builder",
                {"win": 1000, "min_win": 0.02, "floor": 50, "trades": 4, "jitter": 0},
            ),
            (
                "builds on any 2% chance, $1 bids",
                "builder",
                {"win": 0, "min_win": 0.02, "floor": 1, "trades": 4, "jitter": 100},
            ),
            ("free rider (circle tell=0 build=0)", "circle", {"tell": 0, "build": 0}),
            ("silent (circle tell=0)", "circle", {"tell": 0}),
            ("tells, never pays for the plan (build=0)", "circle", {"build": 0}),
            ("cheapest protocol (signal 1%, share 0)", "circle", {"signal": 0.01, "share": 0.0}),
            ("dearest protocol (signal 100%, share 1)", "circle", {"signal": 1.0, "share": 1.0}),
        ],
    )
    + [
        Deviation("random", "random"),
        Deviation("streak_builder (the old strategy)", "streak_builder"),
    ],
    "amalgamation": _amalgamation(),
    "homeostasis": _tuned(
        "x",
        [
            (label, "steerer", params)
            for label, params in {
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
                # issue 31's last-round habits: round 3 spends its chips in live bids
                "strategy, round 3 live bids x4, no reserve": {
                    "last_aggression": 4.0,
                    "last_reserve": 0,
                },
                "strategy, round 3 live bids x12, no reserve": {
                    "last_aggression": 12.0,
                    "last_reserve": 0,
                },
                "strategy, round 3 passes its live bids": {"last_aggression": 0.0},
            }.items()
        ],
    )
    + [Deviation("random", "random")],
    "mvp": _named(
        [
            # issue 24's find against the previous bot
            ("chaser_5x6", "chaser", {"per_bid": 5, "cards": 6}),
            # search finds (100 trials x 100 matches, objectives tol and ec)
            ("chaser_tol", "chaser", {"per_bid": 2, "cards": 2, "potential": 1.0, "denial": 0.3}),
            ("chaser_ec", "chaser", {"per_bid": 2, "cards": 5, "potential": 2.49, "denial": 0.27}),
            ("strategist_tol", "strategist", _STRATEGIST_TOL),
            ("strategist_ec", "strategist", _STRATEGIST_EC),
            # search finds at chips=60 (40 trials x 100 matches, objective tol)
            ("chaser_60", "chaser", {"per_bid": 6, "cards": 6, "potential": 1.45, "denial": 0.92}),
            ("strategist_60", "strategist", _STRATEGIST_60),
            # the 5x6 chaser's chips at a table with twice the chips
            ("chaser_10x6", "chaser", {"per_bid": 10, "cards": 6}),
            ("previous", "strategist", _PREVIOUS),
            # simple fixed policies
            ("passive", "chaser", {"per_bid": 1, "cards": 1}),
            ("one_big_bid", "chaser", {"per_bid": 10, "cards": 1}),
            ("all_chips_each_round", "strategist", {"early_share": 1.0, "mid_share": 1.0}),
            ("three_chips_a_round", "strategist", {"early_share": 0.0, "mid_share": 0.0}),
            ("never_contests", "strategist", {"contest_weight": 0.0}),
            ("always_contests_high", "strategist", {"contest_weight": 5.0, "contest_margin": 10}),
            # issue 31's last-round habits: spare chips take control of the team's flags
            ("takes_control", "strategist", {"control_from": 1}),
            ("takes_control_late", "strategist", {"control_from": 10}),
            ("takes_control_last", "strategist", {"control_from": 13}),
            # with chips to spare (chips=60) the strategy bot takes control from round 1 in
            # 40% of its matches, else from round 10: a seat that never does, one that always
            # does, and ones that start at round 5, 10 or 13 only
            ("never_takes_control", "strategist", {"control_rich": 0.0}),
            ("always_takes_control", "strategist", {"control_rich": 1.0}),
            ("takes_control_from_5_only", "strategist", {"control_rich": 0.0, "control_from": 5}),
            ("takes_control_late_only", "strategist", {"control_rich": 0.0, "control_from": 10}),
            ("takes_control_last_only", "strategist", {"control_rich": 0.0, "control_from": 13}),
        ]
    ),
    "second_to_won": _named(
        [
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
        ]
    ),
}


# --- Playing and measuring --------------------------------------------------------------


def play(
    game: str, dev: Deviation | None, fielder: str, n: int, seed: int, variant: dict | None
) -> Seats:
    """(ToL, EC) of the deviating seat per match, or of every seat when ``dev`` is None
    (the all-``fielder`` yardstick, on the same seeds hence the same configs)."""
    if GAMES[game].loop:
        field_bot = lambda: get_bot(game, fielder)
        make = dev.make if dev is not None and dev.make is not None else field_bot
        played = _play(make, field_bot, n, seed, variant)
        return {
            (i, k): (*seat, None)
            for i, seats in enumerate(played)
            for k, seat in enumerate(seats)
            if dev is None or k == i % len(seats)
        }
    if dev is None:
        lineup: str | list[str] = fielder
        bot, tuned = fielder, None
    else:
        lineup = [dev.bot] + [fielder] * (GAMES[game].seats - 1)
        bot, tuned = dev.bot, ({dev.bot: (dev.family, dev.params)} if dev.family else None)
    run = simulate(game, lineup, n, seed=seed, workers=1, variant=variant, tuned=tuned).run
    return {
        (s.index, k): (int(s.tokens[k] > 0), int(s.ec == k), s.teams[k] if s.teams else None)
        for s in run.summaries
        for k, name in enumerate(s.bots)
        if name == bot
    }


def mean_half(values: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation, sample variance) of ``values``."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def figures(seats: Seats, base: Seats | None) -> dict[str, Any]:
    """A row's ToL and EC rates, (ToL - EC) and its 95% half-width (a seat's value is 1, 0
    or -1, never both: variance tol + ec - diff^2) and, against ``base`` (the same match
    and seat at the all-``strategy`` table), the paired gain and, in a game with teams,
    the mean gain by the deviating seat's team."""
    m = len(seats)
    tol = sum(t for t, _, _ in seats.values()) / m
    ec = sum(e for _, e, _ in seats.values()) / m
    diff = tol - ec
    out: dict[str, Any] = {
        "tol": tol,
        "ec": ec,
        "diff": diff,
        "half": 1.96 * math.sqrt(max(tol + ec - diff * diff, 0.0) / m),
    }
    if base is None:
        return out
    gains = {k: t - e - (base[k][0] - base[k][1]) for k, (t, e, _) in seats.items()}
    out["gain"], out["gain_half"] = mean_half(list(gains.values()))
    by_team: dict[str, list[int]] = {}
    for k, (_, _, team) in seats.items():
        if team is not None:
            by_team.setdefault(team, []).append(gains[k])
    if by_team:
        out["by_team"] = {t: sum(g) / len(g) for t, g in sorted(by_team.items())}
    return out


def yardstick(seats: Seats) -> dict[str, Any]:
    """The all-``strategy`` table's rates over every seat, the interval clustered by match
    (the seats of one match share its Tokens and its one EC)."""
    per_match: dict[int, list[int]] = {}
    for (i, _), (t, e, _) in seats.items():
        per_match.setdefault(i, []).append(t - e)
    out = figures(seats, None)
    out["half"] = mean_half([sum(v) / len(v) for v in per_match.values()])[1]
    return out


def line(label: str, f: dict[str, Any]) -> str:
    """One Markdown row, in points (1 point = 1% of seats)."""
    gain = (
        f"{100 * f['gain']:+.1f} [{100 * (f['gain'] - f['gain_half']):+.1f}, "
        f"{100 * (f['gain'] + f['gain_half']):+.1f}]"
        if "gain" in f
        else ""
    )
    teams = ", ".join(f"{t} {100 * g:+.0f}" for t, g in f.get("by_team", {}).items())
    return (
        f"| {label} | {f['tol']:.1%} | {f['ec']:.1%} | {100 * f['diff']:+.1f} "
        f"[{100 * (f['diff'] - f['half']):+.1f}, {100 * (f['diff'] + f['half']):+.1f}] "
        f"| {gain} | {teams} |"
    )


def pick(deviations: list[Deviation], only: str) -> list[Deviation]:
    """``--only``: comma-separated labels or 1-based row numbers."""
    wanted = set(filter(None, only.split(",")))
    return [
        d
        for i, d in enumerate(deviations, 1)
        if not wanted or d.label in wanted or str(i) in wanted
    ]


def measure(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """Print and return one game's table."""
    spec = GAMES[game]
    n = args.matches or spec.matches
    seed = (spec.seed if args.seed is None else args.seed) + spec.offset
    variant = args.variant_dict or None
    rows = pick(DEVIATIONS[game], args.only)
    for path in args.bot_params:
        data = json.loads(path.read_text())
        rows.append(
            Deviation(
                f"{path.name}: {data['family']} {data['params']}",
                "x",
                data["family"],
                data["params"],
            )
        )
    shifted = f" (rows on seed {seed})" if spec.offset else ""
    print(
        f"{game} {variant or 'official rules'}: {n} matches per table, seed {seed - spec.offset}{shifted}"
    )
    print(
        f"| deviation | ToL | EC | ToL-EC [95%] | gain over {args.field} [95%, paired] | by team |"
    )
    print("|---|---:|---:|---:|---:|---|")
    base = play(game, None, args.field, n, seed, variant)
    own = yardstick(base)
    print(line(f"{args.field} (all-{args.field} table, every seat)", own), flush=True)
    table: dict[str, Any] = {
        "game": game,
        "matches": n,
        "seed": seed,
        "variant": variant,
        "yardstick": own,
        "rows": [],
    }
    for dev in rows:
        f = figures(play(game, dev, args.field, n, seed, variant), base)
        table["rows"].append({"deviation": dev.label, **f})
        print(line(dev.label, f), flush=True)
    if args.grid:
        quick = max(60, n // 5)
        scored = []
        for dev in amalgamation_grid():
            seats = play(game, dev, args.field, quick, seed + 1, variant)
            scored.append((sum(t - e for t, e, _ in seats.values()) / quick, dev))
        scored.sort(key=lambda x: -x[0])
        top_seed = seed + 2
        print(
            f"| (grid: {len(scored)} lines x {quick} matches on seed {seed + 1}; "
            f"the best {args.top} on seed {top_seed}) | | | | | |"
        )
        top_base = play(game, None, args.field, n, top_seed, variant)
        for _, dev in scored[: args.top]:
            f = figures(play(game, dev, args.field, n, top_seed, variant), top_base)
            table["rows"].append({"deviation": dev.label, "grid": True, **f})
            print(line(dev.label, f), flush=True)
    print()
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=[*GAMES, "all"])
    parser.add_argument("-n", "--matches", type=int, default=None, help="default: per game")
    parser.add_argument("--seed", type=int, default=None, help="default: per game")
    parser.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--field", default="strategy", help="the bot in every other seat")
    parser.add_argument(
        "--only", default="", help="comma-separated deviation labels or numbers; none: no rows"
    )
    parser.add_argument(
        "--bot-params",
        action="append",
        default=[],
        type=Path,
        help="a `mainmatch search --save-bot` file as one more row",
    )
    parser.add_argument("--grid", action="store_true", help="the Amalgamation's splitter grid too")
    parser.add_argument("--top", type=int, default=5, help="grid lines re-measured")
    parser.add_argument("--json", type=Path, default=None, metavar="FILE")
    args = parser.parse_args(argv)
    games = list(GAMES) if args.game == "all" else [args.game]
    if args.grid and "amalgamation" not in games:
        parser.error("--grid is the Amalgamation's (splitter corners)")
    try:
        args.variant_dict = {k: int(v) for k, v in (i.split("=", 1) for i in args.variant)}
    except ValueError:
        parser.error(f"--variant takes KEY=INTEGER, not {args.variant}")
    names = {str(i) for g in games for i in range(1, len(DEVIATIONS[g]) + 1)}
    names |= {d.label for g in games for d in DEVIATIONS[g]}
    unknown = set(filter(None, args.only.split(","))) - names - {"none"}
    if unknown:
        parser.error(f"--only: no deviation {sorted(unknown)} in {', '.join(games)}")
    if args.bot_params and any(GAMES[g].loop for g in games):
        parser.error("--bot-params needs a game played through simulate (not amalgamation)")
    tables = [measure(g, args) for g in games]
    if args.json is not None:
        args.json.write_text(json.dumps(tables, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
