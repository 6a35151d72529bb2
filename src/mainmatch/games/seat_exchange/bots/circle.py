"""The Seat Exchange strategy bot: seat all thirteen players in one streak.

**Why.** A player's stakes are a Token of Life (+1) and being the EC (-1).
A round-limit end has one winner (the richest) and one EC; a streak end
makes every streak player a winner and the EC is the poorest of the others
(seat_exchange spec §4.3). A seating whose numbers read
1..13 around the circle is one streak of 13: all thirteen win and nobody is
the EC, the most any player can get. So the table's best play is to build
that circle, and no player gains by leaving it: a player who saves instead
is seated in the circle all the same (their number is the one nobody else
claimed), and one who bids against it pays for nothing it could not have had.
Saving, the best play when nobody builds (issue 24: a seat that never paid
won every match against the old bot), is then worth no more than building.

**How** (the protocol, ``plan.py``): in round 1 every player
tells their number by paying for a self-swap of the player that many seats
clockwise (announced with its payer, §4.2.5; nobody moves); from round 2 the
table pays for the public plan's swaps, which reach the circle in two rounds
from any seating, each player paying the same share of its money for every
swap (sums make the pairs hard to outbid, §4.2.2). A player who deviates
(pays for swaps outside the plan, or guards their seat with a self-swap) is
distrusted and planned around. When the record tells too little (many
deviators) or the rules leave no round to build (``rounds`` 1), the bot
saves, buys a swap only when its beliefs give it a good chance of a streak
(the former strategy, ``streak_builder``), and in the last round spends $0,
$1 or $2 as the money game's equilibrium says (``money.py``:
the richest wins unless several tie for the most, §4.3).

Every constant comes from the match's rules: ``rounds`` (rounds left set the
share spent per round and whether a two-round plan fits), ``income`` (the
signal's price) and the ``streak`` target (the seating between the plan's
rounds must not end play with fewer winners; one round left: the swaps that
seat the most players in streaks of the target).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from mainmatch.engine.game import Action, Request, View

from .builder import StreakBuilder, seatings_from_view
from .money import last_round_spend
from .plan import (
    Knowledge,
    Plan,
    apply_swaps,
    knowledge,
    link_mask,
    public_plan,
    signal_seat,
)
from .tables import RUNLEN, TARGET

__all__ = [
    "Circle",
    "CircleBot",
    "planned_winners",
    "record_of",
    "table_knowledge",
    "table_plan",
]


@dataclass(frozen=True)
class Circle:
    """How much the bot pays for the protocol (defaults: the strategy bot's)."""

    #: the round-1 signal costs this share of a round's income (at least $1)
    signal: float = 0.05
    #: a plan round costs this share of money / (rounds left + 1), this round counted
    #: (the rest is kept in case the plan fails and the money decides, §4.3)
    share: float = 1.0
    #: 1: tell its number in round 1; 0: stay silent (a saver's habit)
    tell: int = 1
    #: 1: pay for the plan's swaps; 0: let the others pay (a free rider)
    build: int = 1


def record_of(view: View) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    """The public record as the plan's cache keys: players, every seating with
    its longest streak (the first one's is ``-1``: later views do not show it),
    and each round's announced swaps with their payers."""
    seatings = seatings_from_view(view)
    seen = tuple((tuple(s), -1 if L is None else L) for s, L in seatings)
    seen = ((seen[0][0], -1),) + seen[1:]
    rounds = tuple(
        tuple((tuple(sw["players"]), tuple(sw["paid_by"])) for sw in entry["swaps"])
        for entry in view["history"]
    )
    return tuple(view["players"]), seen, rounds


def _target(view: View) -> int:
    return int(view.get("variant", {}).get("streak", TARGET))


def table_plan(view: View) -> Plan | None:
    """The protocol's plan for the round ``view`` is in (``None``: none)."""
    players, seen, rounds = record_of(view)
    return public_plan(players, seen, rounds, _target(view), view["rounds"])


def table_knowledge(view: View) -> Knowledge | None:
    """What the public record says about the numbers (``None`` before round 1 resolves)."""
    players, seen, rounds = record_of(view)
    if not rounds:
        return None
    return knowledge(players, seen, rounds, _target(view), view["rounds"])


def planned_winners(view: View, plan: Plan) -> frozenset[str]:
    """The players the plan's swaps seat in a streak of the target or more, by the
    numbers the record tells (decoded or guessed)."""
    know = table_knowledge(view)
    if know is None:
        return frozenset()
    seats = list(view["seats"])
    where = {p: i for i, p in enumerate(seats)}
    pairs = [(where[a], where[b]) for a, b in plan.swaps]
    after = [seats[i] for i in apply_swaps(list(range(len(seats))), pairs)]
    runs = RUNLEN[link_mask([know.numbers[p] for p in after])]
    return frozenset(p for p, run in zip(after, runs) if run >= _target(view))


class CircleBot:
    """The Seat Exchange strategy bot (see module doc). One instance plays one
    seat of one match."""

    name = "strategy"
    #: it changes neither its view nor its request and returns fresh values only (PD2)
    reads_only = True

    def __init__(self, terms: Circle = Circle(), fallback: StreakBuilder | None = None) -> None:
        self.terms = terms
        self.fallback = fallback if fallback is not None else StreakBuilder()

    def act(self, view: View, request: Request, rng: random.Random) -> Action:
        if request["kind"] == "choose_ec":
            # the vote cannot change the voter's result: it names a deviator if it can
            know = table_knowledge(view)
            bad = [c for c in request["candidates"] if know is not None and c in know.deviators]
            return {"ec": rng.choice(bad or request["candidates"])}
        if view["round"] == 1 and view["rounds"] >= 2:
            return self.signal(view, request)
        plan = table_plan(view) if view["round"] >= 2 else None
        if plan is not None and plan.swaps:
            return self.pay(view, request, plan)
        if view["round"] == view["rounds"]:
            # no streak to build: the money decides (§4.3), played at its equilibrium
            me = view["you"]["player"]
            spend = last_round_spend(request["money"], rng)
            return {"trades": [{"players": [me, me], "amount": spend}]} if spend else {}
        return self.fallback.trades(view, request, rng)

    def signal(self, view: View, request: Request) -> Action:
        """Round 1: a self-swap of the player ``number`` seats clockwise."""
        if not self.terms.tell:
            return {}
        you = view["you"]
        seats = view["seats"]
        pointed = seats[signal_seat(seats.index(you["player"]), you["number"])]
        amount = min(request["money"], max(1, round(self.terms.signal * view["income"])))
        return {"trades": [{"players": [pointed, pointed], "amount": amount}]} if amount else {}

    def pay(self, view: View, request: Request, plan: Plan) -> Action:
        """The same sum for every swap of the plan: this round's share of the money.
        In the last round, a plan that cannot seat everyone (``rounds`` 2, or a plan
        gone wrong) is paid for only by the players it seats in the streak: the others
        keep their money, since among them the poorest is the EC (§4.3), so a player
        who pays nothing is no richer than they are (issue 31)."""
        if not self.terms.build:
            return {}
        money = request["money"]
        if money < 1:
            return {}
        swaps = plan.swaps
        left = view["rounds"] - view["round"] + 1
        last_partial = left == 1 and plan.winners < len(view["players"])
        if last_partial and view["you"]["player"] not in planned_winners(view, plan):
            return {}
        budget = int(self.terms.share * money / (left + 1))
        if money < len(swaps):
            # too poor to pay for every swap (a small income): the table splits them
            # by seat, so each swap still has payers (an unopposed $1 succeeds, §4.2.3)
            seat = view["seats"].index(view["you"]["player"])
            swaps = (swaps[seat % len(swaps)],)
        each = min(money // len(swaps), max(1, budget // len(swaps)))
        return {"trades": [{"players": [a, b], "amount": each} for a, b in swaps]}
