"""Bot families of Homeostasis (``shared/rules/homeostasis.md``).

- ``steerer``: the strategy bot (``bots/homeostasis.py``) with its target
  band and bid size open. ``margin`` moves the band it aims at past the
  rules' own (a Token of Life needs a total above 1 for positive, below -1
  for negative, within -4..4 for neutral, §7): a positive team aims that far
  above 1, a negative one that far below -1, a neutral one that far inside
  its band (a total counts as ``margin`` further from 0). ``aggression`` is
  the chips it pays per unit of gain, and ``max_bid`` the most chips it puts
  on one live bid when it may pass (an opening bid it must make stays 1
  chip, §4.4 D17). Its defaults are the strategy bot's numbers.
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.bots.homeostasis import StrategyBot

from . import Family, Param, add_family


class Steerer(StrategyBot):
    """The strategy bot aiming at a band ``margin`` past the rules', with bids capped."""

    name = "steerer"

    def __init__(self, params: dict[str, Any]) -> None:
        super().__init__(
            aggression=params["aggression"],
            lag=params["lag"],
            final=params["final"],
            neutral_lag=params["neutral_lag"],
        )
        self.margin: float = params["margin"]
        self.max_bid: int = params["max_bid"]

    def _aim(self, team: str, total: float) -> float:
        """The total as the bot weighs it: ``margin`` short of where it lands."""
        if team == "positive":
            return total - self.margin
        if team == "negative":
            return total + self.margin
        return total + self.margin if total >= 0 else total - self.margin

    def _aim_key(self) -> tuple:
        return (type(self), self.margin)

    def _bid(self, view: dict, request: dict, rng: random.Random) -> dict:
        action = super()._bid(view, request, rng)
        if request["can_pass"] and action.get("chips", 0) > self.max_bid:
            return {"pass": True}
        return action


def _steerer(params: dict[str, Any]) -> Steerer:
    return Steerer(params)


STEERER = add_family(
    Family(
        "homeostasis",
        "steerer",
        "the strategy bot with its target band and bid size open",
        (
            Param("margin", 0.0, 6.0, 0.0, "aim this far past the team's band edge", False),
            Param("aggression", 0.1, 6.0, 1.6, "chips paid per unit of gain", False),
            Param("max_bid", 1, 100, 100, "most chips on one live bid (else pass)"),
            Param(
                "lag",
                0.0,
                1.0,
                0.05,
                "share of the richest rival's chips it may fall behind",
                False,
            ),
            Param(
                "final", 0.0, 20.0, 4.0, "chips per unit of gain in rounds 1-2 final bids", False
            ),
            Param("neutral_lag", 0.0, 1.0, 0.05, "lag when neutral (no teammate)", False),
        ),
        _steerer,
    )
)
