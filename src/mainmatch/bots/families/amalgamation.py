"""Bot families of The Amalgamation (``shared/rules/amalgamation.md``).

- ``splitter``: the strategy bot (``bots/amalgamation.py``) with its budget
  split open: the shares of a round's budget (what is left after the Minus
  bids, §3.1) put into Kong's Dilemma, Investment and the Garnet Chip Thief,
  and its Minus Auction streak chasing: the most it bids on one wanted tile
  (a share of the round's budget) and how negative a tile's streak value may
  be and still be chased (amalgamation.md §4.2 "Minus": a run scores its value
  nearest 0). Shares summing above 1 are scaled down to 1, so the round's
  spending stays within its budget; the strategy bot's debt guard (§3.1 rule
  7) still applies. At its defaults it plays exactly as the strategy bot.
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.bots.amalgamation import StrategyBot, streak_score

from . import Family, Param, add_family


class Splitter(StrategyBot):
    """The strategy bot with its budget split and streak chasing as numbers."""

    name = "splitter"

    def __init__(self, params: dict[str, Any]) -> None:
        shares = (params["kong"], params["invest"], params["thief"])
        total = sum(shares)
        # the strategy bot's own shares sum to 1 up to rounding: leave them exactly as they are
        scale = total if total > 1 + 1e-9 else 1.0
        self.KONG_SHARE, self.INVEST_SHARE, self.THIEF_SHARE = (s / scale for s in shares)
        self.minus_cap = params["minus_cap"]
        self.chase = params["chase"]

    def _bids(
        self, view: dict, request: dict, me: str, budget: int, rng: random.Random
    ) -> list[int]:
        # as the strategy bot's Minus bids, with the cap per tile and the chased values open
        held = list(view["minus"]["received"][me])
        base = streak_score(held)
        # a 2nd round without a tile costs $20 (§4.2): then chase a little further
        hungry = view["minus"]["rounds_without_tiles"][me] >= 1
        reach = -self.chase - (5 if hungry else 0)
        cap = max(1, int(budget * self.minus_cap))
        bids = []
        for t in request["tiles"]:
            v = streak_score(held + [t]) - base
            if v >= 0:
                bids.append(-min(cap, 4 + 2 * v + rng.randint(0, 3)))
            elif v >= reach:
                bids.append(-min(cap, 6 + rng.randint(0, 4)))
            else:
                bids.append(rng.choice((1, 1, 2)))  # dodge: someone else bids lower
        return bids


def _splitter(params: dict[str, Any]) -> Splitter:
    return Splitter(params)


SPLITTER = add_family(
    Family(
        "amalgamation",
        "splitter",
        "the strategy bot's split of the budget over the four sub-games, and its streak chasing",
        (
            Param("kong", 0.0, 1.0, StrategyBot.KONG_SHARE, "share put into Kong's Dilemma", False),
            Param("invest", 0.0, 1.0, StrategyBot.INVEST_SHARE, "share invested", False),
            Param("thief", 0.0, 1.0, StrategyBot.THIEF_SHARE, "share bet in the Thief", False),
            Param("minus_cap", 0.0, 1.0, 0.25, "most bid on one Minus tile (budget share)", False),
            Param("chase", 0, 40, 0, "chase Minus tiles whose streak value is >= -chase"),
        ),
        _splitter,
    )
)
