"""Bots for The Sealed Bid, registered on import (the ``mainmatch.bots`` entry point).

``strategy`` saves its chips for the biggest prize still to come (trying
cheaply for the others), bids most of its chips on it, a little off so that
it ties less, on the last
round outbids everyone's chips when it can (else goes all-in or keeps its
chips, at even odds), and never spends garnets (they are worth more
outside this match). Where the winners choose the EC it names a candidate
at random (they stand the same). The ``random`` bot comes with mainmatch: it plays
``Game.random_action``, which reads only the player's own chips and garnets.
"""

from __future__ import annotations

import random

from mainmatch.bots.base import register


class StrategyBot:
    """Bids most of its chips on the biggest prize left (rules.md §2)."""

    name = "strategy"

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        if request["kind"] == "choose_ec":  # the candidates stand the same: any will do
            return {"ec": rng.choice(request["candidates"])}
        chips = request["chips"]
        left = view["prizes"][view["round"] - 1 :]
        if len(left) == 1:
            # the last round: outbid everyone's chips if it can; else keep its chips,
            # which break ties of points (§3), unless all of them buy a chance anyway
            me = view["you"]["player"]
            sure = 1 + max(c for p, c in view["chips"].items() if p != me)
            return {"bid": sure if sure <= chips else chips if rng.random() < 0.5 else 0}
        if left[0] < max(left):  # save for the biggest prize still to come: a cheap try
            return {"bid": min(chips, rng.choice((0, 1, 1, 2)))}
        # the biggest prize left: most of the chips, a little off so that it ties less
        bid = round(chips * 0.7) + rng.choice((-1, 0, 0, 1))
        return {"bid": min(chips, max(0, bid))}


register("sealed_bid", "strategy", StrategyBot)
