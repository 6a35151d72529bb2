"""Bot families of Kong's Seat Exchange (``src/mainmatch/games/seat_exchange/spec.md``).

- ``saver``: never builds streaks; pays ``spend`` dollars a round for a
  self-swap (which guards its seat: a self-swap conflicts with every trade
  that would move it, §4.2.3) and ``last`` dollars in the last round, so its
  final money sits where it chooses against the field's (the richest player
  wins a round-limit end and the poorest is the EC, §4.3). Its defaults pay
  nothing: a pure saver.
- ``builder``: the former strategy bot's streak building
  (``games/seat_exchange/bots/__init__.py``, now ``streak_builder``) with its prices left
  open: dollars per unit of winning chance, the least chance worth paying
  for, the least bid, trades per round, last-round jitter.
- ``circle``: the strategy bot's circle protocol (``games/seat_exchange/bots/circle.py``)
  with its terms open: the signal's price, the share of money paid for the
  plan's swaps, and whether it tells its number and pays for the plan at all
  (``tell=0, build=0``: a free rider that still lets the others seat it).
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.engine.bots import Family, Param, add_family
from mainmatch.engine.game import Action, Request, View
from mainmatch.games.seat_exchange.bots.builder import Prices, StreakBuilder
from mainmatch.games.seat_exchange.bots.circle import Circle, CircleBot


class Saver:
    """Guards its seat for ``spend`` a round and ``last`` in the last round."""

    name = "saver"
    reads_only = True  # it only reads its view and request (PD2)

    def __init__(self, spend: int, last: int) -> None:
        self.spend = spend
        self.last = last

    def act(self, view: View, request: Request, rng: random.Random) -> Action:
        if request["kind"] == "choose_ec":
            return {"ec": rng.choice(request["candidates"])}
        me = view["you"]["player"]
        want = self.last if view["round"] == view["rounds"] else self.spend
        amount = min(want, request["money"])
        return {"trades": [{"players": [me, me], "amount": amount}]} if amount > 0 else {}


def _saver(params: dict[str, Any]) -> Saver:
    return Saver(params["spend"], params["last"])


def _builder(params: dict[str, Any]) -> StreakBuilder:
    bot = StreakBuilder(
        Prices(
            win=params["win"],
            min_win=params["min_win"],
            floor=params["floor"],
            trades=params["trades"],
            jitter=params["jitter"],
        )
    )
    bot.name = "builder"
    return bot


SAVER = add_family(
    Family(
        "seat_exchange",
        "saver",
        "pays a fixed sum a round to guard its seat (default: nothing), never builds streaks",
        (
            Param(
                "spend", 0, 100, 0, "dollars paid a round for a self-swap (rounds before the last)"
            ),
            Param("last", 0, 400, 0, "dollars paid in the last round"),
        ),
        _saver,
    )
)

BUILDER = add_family(
    Family(
        "seat_exchange",
        "builder",
        "the strategy bot's streak building with its prices open",
        (
            Param("win", 0, 1000, 250, "dollars per unit of chance that a swap wins now"),
            Param("min_win", 0.02, 0.9, 0.25, "least chance of winning worth paying for", False),
            Param("floor", 1, 50, 5, "least bid"),
            Param("trades", 1, 4, 2, "most trades paid for in one round"),
            Param("jitter", 0, 100, 25, "last round: spend up to this if less was spent"),
        ),
        _builder,
    )
)


def _circle(params: dict[str, Any]) -> CircleBot:
    bot = CircleBot(
        Circle(
            signal=params["signal"],
            share=params["share"],
            tell=params["tell"],
            build=params["build"],
        )
    )
    bot.name = "circle"
    return bot


CIRCLE = add_family(
    Family(
        "seat_exchange",
        "circle",
        "the strategy bot's circle protocol with its terms open",
        (
            Param("signal", 0.01, 1.0, 0.05, "round-1 signal price, as a share of income", False),
            Param(
                "share", 0.0, 1.0, 1.0, "share of (money / rounds left) paid a plan round", False
            ),
            Param("tell", 0, 1, 1, "1: tell its number in round 1; 0: stay silent"),
            Param("build", 0, 1, 1, "1: pay for the plan's swaps; 0: let the others pay"),
        ),
        _circle,
    )
)
