"""Bots for The Sealed Bid, registered on import (the ``mainmatch.bots`` entry point).

``strategy`` reads the chips everyone holds (public): when it holds more than
any rival it wins the prize for one chip more than they hold (a sure win:
garnets turned in count only after the bids). Else it goes
(nearly) all-in on one prize, drawn in proportion to its points among the
prizes left, and bids nothing on the others: chips saved make later sure
wins, and bidding all but 0 to 2 chips splits the ties between strategy bots
that would otherwise leave the prize to nobody. It never spends garnets
(they are worth more outside this match), and where the winners choose the
EC it names a candidate at random (they stand the same). Its numbers are
open as the family ``targeter`` (``mainmatch search``). The ``random`` bot
comes with mainmatch: it plays ``Game.random_action``, which reads only the player's own chips and garnets.
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.bots.base import register
from mainmatch.bots.families import Family, Param, add_family

#: the strategy bot's numbers, and the family ``targeter``'s defaults
DEFAULTS: dict[str, Any] = {"power": 1.0, "holdback": 2, "snipe": 1}


class StrategyBot:
    """A sure win when it can afford one, else all-in on a prize drawn by its points (§2)."""

    name = "strategy"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        self.power: float = params["power"]
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
        weights = [prize**self.power for prize in view["prizes"][view["round"] - 1 :]]
        # all-in on one prize, drawn by its weight among those left (so some
        # prize is always tried for), nothing on the others
        if rng.random() * sum(weights) < weights[0]:
            return {"bid": max(1, chips - rng.randint(0, self.holdback))}
        return {"bid": 0}


register("sealed_bid", "strategy", StrategyBot)

#: the strategy bot with its numbers open, for ``mainmatch search --family targeter``
TARGETER = add_family(
    Family(
        game="sealed_bid",
        name="targeter",
        summary="the strategy bot: all-in on one prize drawn by points**power, sure wins taken",
        params=(
            Param("power", 0.0, 4.0, 1.0, "how strongly big prizes draw the all-in", False),
            Param("holdback", 0, 5, 2, "most chips kept back from an all-in (splits ties)"),
            Param("snipe", 0, 1, 1, "1: outbid every rival's chips when it can"),
        ),
        make=StrategyBot,
    )
)
