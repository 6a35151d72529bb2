"""Fixed habits for The Amalgamation, one per sub-game (the ``habits`` family, issue 31).

An outside tester beats a bot with habits, not plans: a fixed dodge in the
Minus Auction, a fixed share of each round's money into Kong's Dilemma and
into Investment, a fixed donation, and a fixed place for the last round's rest
(``games/amalgamation/rules.md``). :class:`HabitBot` plays exactly that, so
``balance`` and ``search`` can tune such habits and ``benchmarks/deviations.py``
measures them as rows:

- Minus Auction: with ``dodge`` > 0, the same positive bid of ``dodge`` dollars
  on every tile (the lowest bid takes a tile, so it takes one only when every
  other bid is at least as high); at 0, the ``classic`` bot's streak chasing.
- Kong's Dilemma, Investment & Donation, Garnet Chip Thief: ``kong``,
  ``invest`` and ``thief`` are shares of the round's money (the balance over the
  rounds left), in that order, each taken from what is left; the donation is
  ``donate`` dollars a round, first of all. The Thief role is the ``classic``
  bot's (the most expected chips).
- The last round: the rest goes where ``last`` says (0 the Thief, 1 Investment,
  2 Kong), since money left at the end is worth nothing.

Dollar amounts are at the official $400 and scale with a ``budget`` variant.
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.engine.game import Action, Request, View

from .split import OFFICIAL_BUDGET, ROUNDS, SplitBot, starting_budget, vote

#: the habits' numbers and their defaults (the ``habits`` family's ranges are in
#: ``families.py``): issue 31's three-habit seat
HABITS: dict[str, float] = {
    "dodge": 3,  # dollars bid on every Minus tile; 0: the classic bot's Minus bids
    "kong": 0.3,  # share of the round's money contributed to Kong's Dilemma
    "invest": 0.3,  # share invested
    "thief": 0.0,  # share bet in the Chip Thief
    "donate": 4,  # dollars donated every round
    "last": 1,  # where the last round's rest goes: 0 Thief, 1 Investment, 2 Kong
}


class HabitBot:
    """One seat's fixed habits (module doc)."""

    name = "habits"
    reads_only = True

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.p = {**HABITS, **(params or {})}
        self.classic = SplitBot()

    def act(self, view: View, request: Request, rng: random.Random) -> Action:
        if request["kind"] == "choose_ec":
            return vote(view, request)
        return self.round(view, request, rng)

    def round(self, view: View, request: Request, rng: random.Random) -> Action:
        p, me = self.p, view["you"]["player"]
        balance = request["balance"]
        rounds_left = ROUNDS - request["round"] + 1
        money = balance if rounds_left == 1 else balance // rounds_left
        scale = starting_budget(request, view["you"]) / OFFICIAL_BUDGET
        bids = self._bids(view, request, me, money, scale, rng)
        rest = balance - sum(abs(b) for b in bids)
        if rest < 0:  # never into debt (rules.md: you may never spend more than you have)
            bids, rest = [0] * len(bids), balance
        donate = min(rest, round(p["donate"] * scale))
        rest -= donate
        amounts = []
        for share in (p["kong"], p["invest"], p["thief"]):
            amount = min(rest, int(share * money))
            amounts.append(amount)
            rest -= amount
        kong, invest, bet = amounts
        if rounds_left == 1:
            # money left at the end is worth nothing
            if p["last"] == 2:
                kong += rest
            elif p["last"] == 1:
                invest += rest
            else:
                bet += rest
        role, _ = self.classic._thief(view, me, 0)
        return {
            "kong": {"contribute": kong},
            "minus": {"bids": bids},
            "invest": {"invest": invest, "donate": donate},
            "thief": {"bet": bet, "role": role},
        }

    def _bids(
        self, view: View, request: Request, me: str, money: int, scale: float, rng: random.Random
    ) -> list[int]:
        """The same dodge on every tile, or the classic bot's bids (``dodge`` 0)."""
        if self.p["dodge"]:
            return [max(1, round(self.p["dodge"] * scale))] * len(request["tiles"])
        return self.classic._bids(view, request, me, money, scale, rng)
