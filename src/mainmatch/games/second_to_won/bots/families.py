"""Bot families of Second to Won (``src/mainmatch/games/second_to_won/spec.md``).

- ``aimer``: the strategy bot (``games/second_to_won/bots/strategy.py``) with its knobs open:
  the target band (``ratio`` times the others' estimated average), the
  ceilings it never aims above before and in the last auction, and how much
  a chip is worth early (``shadow``).
- ``flat``: bids the same number of chips on the same letters every auction
  (the compulsory 3 items), a "does X every round" habit.
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.engine.bots import Family, Param, add_family
from mainmatch.engine.game import Action, JSONObject, Request, View
from mainmatch.games.second_to_won.bots.strategy import StrategyBot

LETTERS = "ABCDEF"


def _aimer(params: dict[str, Any]) -> StrategyBot:
    bot = StrategyBot()
    bot.name = "aimer"
    bot.ratio = params["ratio"]
    bot.ceiling = params["ceiling"]
    bot.final_ceiling = params["final_ceiling"]
    bot.shadow = params["shadow"]
    return bot


class Flat:
    """``per_item`` chips on ``items`` letters from ``first``, every auction."""

    name = "flat"

    def __init__(self, first: int, items: int, per_item: int) -> None:
        self.letters = [LETTERS[(first + i) % 6] for i in range(items)]
        self.per_item = per_item

    def act(self, view: View, request: Request, rng: random.Random) -> Action:
        chips = request["chips"]
        # at least min(3, chips) items, each bid worth >= 1 chip (§3.1)
        letters = list(self.letters)
        letters += [x for x in LETTERS if x not in letters][
            : max(0, request["min_items"] - len(letters))
        ]
        letters = letters[:chips]
        amounts = {x: 1 for x in letters}
        left = chips - len(letters)
        for x in letters:
            if x in self.letters and left > 0:
                extra = min(self.per_item - 1, left)
                amounts[x] += extra
                left -= extra
        bids: dict[str, JSONObject] = {}
        for item in request["items"]:
            x = item["letter"]
            if x not in amounts:
                continue
            bid: dict[str, Any] = {"chips": amounts[x]}
            if any(e.get("target") == "choice" for e in item.get("effects", [])):
                bid["choice"] = rng.choice(request["choice_targets"])
            bids[x] = bid
        return {"bids": bids}


def _flat(params: dict[str, Any]) -> Flat:
    return Flat(params["first"], params["items"], params["per_item"])


AIMER = add_family(
    Family(
        "second_to_won",
        "aimer",
        "the strategy bot's aim for second place, knobs open",
        (
            Param("ratio", 0.5, 3.0, 1.7, "target = ratio x the others' estimated average", False),
            Param("ceiling", 40, 200, 155, "never aim above this before the last auction"),
            Param("final_ceiling", 40, 200, 170, "never aim above this in the last auction"),
            Param("shadow", 0.0, 3.0, 1.8, "points a chip is worth in the first auction", False),
        ),
        _aimer,
    )
)

FLAT = add_family(
    Family(
        "second_to_won",
        "flat",
        "the same bid on the same letters every auction",
        (
            Param("first", 0, 5, 0, "first letter bid on (0 = A)"),
            Param("items", 3, 6, 3, "letters bid on"),
            Param("per_item", 1, 13, 2, "chips on each of them (while chips last)"),
        ),
        _flat,
    )
)
