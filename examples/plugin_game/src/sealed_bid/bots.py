"""Bots for The Sealed Bid, registered on import (the ``mainmatch.bots`` entry point).

``strategy`` reads the chips everyone holds (public, rules.md §4): when it
holds more than any rival it wins the prize for one chip more than they hold (a
sure win: garnets turned in count only after the bids, §2). Else, on the
biggest prize left it goes for the prize with chance ``big`` (whoever wins it
usually stands best, §3, so a rival's all-in on it must be met); on a smaller
prize with chance ``go`` times that prize's share of points**``power`` among
the prizes left; otherwise it bids nothing and saves its chips for later sure
wins and for the chips-left tiebreak. Going means all its chips with chance
``allin`` (``deny`` on the biggest prize left: a rival's all-in then ties, and a
tie wins nothing, §2) and else all but 1 to ``holdback`` chips, which splits the ties between strategy bots that
would otherwise leave the prize to nobody. It never spends garnets (they are
worth more outside this match), and where the winners choose the EC it names a
candidate at random (they stand the same). Its numbers are open as the family
``targeter`` (``mainmatch search``); docs/decisions/sealed_bid.md "The Sealed Bid's
strategy bot" gives how they were chosen. The ``random`` bot comes with
mainmatch: it plays ``Game.random_action``, which reads only the player's own
chips and garnets.
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.bots.base import register
from mainmatch.bots.families import Family, Param, add_family

#: the strategy bot's numbers, and the family ``targeter``'s defaults
DEFAULTS: dict[str, Any] = {
    "power": 3.5,
    "go": 1.15,
    "big": 0.6,
    "allin": 0.3,
    "deny": 0.3,
    "holdback": 4,
    "snipe": 1,
}


class StrategyBot:
    """A sure win when it can afford one, else all-in (or nearly) on a prize it
    draws, the biggest left most often (§2, §3)."""

    name = "strategy"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        self.power: float = params["power"]
        self.go: float = params["go"]
        self.big: float = params["big"]
        self.allin: float = params["allin"]
        self.deny: float = params["deny"]
        self.holdback: int = params["holdback"]
        self.snipe = bool(params["snipe"])

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        if request["kind"] == "choose_ec":  # the candidates stand the same: any will do
            return {"ec": rng.choice(request["candidates"])}
        chips = request["chips"]
        me = view["you"]["player"]
        rivals = max(c for p, c in view["chips"].items() if p != me)
        if chips == 0:
            return {"bid": 0}
        if self.snipe and chips > rivals:  # rivals + 1 is a sure win at the least cost
            return {"bid": rivals + 1}
        left = view["prizes"][view["round"] - 1 :]
        biggest = left[0] == max(left)
        if biggest:
            chance = self.big
        else:
            weights = [prize**self.power for prize in left]
            chance = min(1.0, self.go * weights[0] / sum(weights))
        if rng.random() >= chance:
            return {"bid": 0}
        if self.holdback == 0 or rng.random() < (self.deny if biggest else self.allin):
            return {"bid": chips}
        return {"bid": max(1, chips - rng.randint(1, self.holdback))}


register("sealed_bid", "strategy", StrategyBot)

#: the strategy bot with its numbers open, for ``mainmatch search --family targeter``
TARGETER = add_family(
    Family(
        game="sealed_bid",
        name="targeter",
        summary="the strategy bot: sure wins taken, else (nearly) all-in on a drawn prize, the biggest most often",
        params=(
            Param("power", 0.0, 4.0, 3.5, "how bigger prizes left cut a small one's chance", False),
            Param("go", 0.0, 3.0, 1.15, "small prize: go x its share of points**power", False),
            Param("big", 0.0, 1.0, 0.6, "chance of going for the biggest prize left", False),
            Param("allin", 0.0, 1.0, 0.3, "chance that going bids every chip", False),
            Param("deny", 0.0, 1.0, 0.3, "the same on the biggest prize left", False),
            Param("holdback", 0, 5, 4, "most chips held back when not all-in (splits ties)"),
            Param("snipe", 0, 1, 1, "1: outbid every rival's chips when it can"),
        ),
        make=StrategyBot,
    )
)
