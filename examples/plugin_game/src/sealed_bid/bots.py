"""Bots for The Sealed Bid, registered on import (the ``mainmatch.bots`` entry point).

``strategy`` reads the chips everyone holds (public): when it holds more than
any rival it wins the prize for one chip more than they hold (sure unless a
rival turns in garnets, which are secret). Else it goes
(nearly) all-in on one prize, drawn in proportion to its points among the
prizes left, and bids nothing on the others: chips saved make later sure
wins, and bidding all but 0 to 2 chips splits the ties between strategy bots
that would otherwise leave the prize to nobody. It never spends garnets
(they are worth more outside this match), and where the winners choose the
EC it names a candidate at random (they stand the same). The ``random`` bot
comes with mainmatch: it plays ``Game.random_action``, which reads only the player's own chips and garnets.
"""

from __future__ import annotations

import random

from mainmatch.bots.base import register


class StrategyBot:
    """A sure win when it can afford one, else all-in on a prize drawn by its points (§2)."""

    name = "strategy"

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        if request["kind"] == "choose_ec":  # the candidates stand the same: any will do
            return {"ec": rng.choice(request["candidates"])}
        chips = request["chips"]
        me = view["you"]["player"]
        rivals = max(c for p, c in view["chips"].items() if p != me)
        if chips == 0:
            return {"bid": 0}
        if chips > rivals:  # rivals + 1 wins unless garnets are turned in
            return {"bid": rivals + 1}
        left = view["prizes"][view["round"] - 1 :]
        # all-in on one prize, drawn in proportion to its points among those left
        # (so some prize is always tried for), nothing on the others
        if rng.random() * sum(left) < left[0]:
            return {"bid": max(1, chips - rng.choice((0, 1, 2)))}
        return {"bid": 0}


register("sealed_bid", "strategy", StrategyBot)
