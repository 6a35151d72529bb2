"""Bot families of Homeostasis (``src/mainmatch/games/homeostasis/spec.md``).

- ``steerer``: the strategy bot (``games/homeostasis/bots/strategy.py``) with its target
  band and its spending open. ``margin`` moves the band it aims at past the
  rules' own (a Token of Life needs a total above the neutral edge for
  positive, below minus it for negative, within the big edge for neutral, §7):
  a positive team aims that far above, a negative one that far below, a
  neutral one that far inside its band (a total counts as ``margin`` further
  from 0). ``max_bid`` is the most chips it puts on one live bid when it may
  pass (an opening bid it must make stays 1 chip, §4.4 D17). Its spending
  habits are open per team (``TEAM_aggression``: chips paid per unit of gain
  on a live bid; ``TEAM_lag``: how far below the richest rival its team may
  fall, 1 = no limit; ``TEAM_final``: chips per unit of gain in the final
  auctions of rounds 1-2) when ``mixed`` is 0; with ``mixed`` 1 (the
  default) it draws them per match as the strategy bot does (``HABITS``).
  ``aggression`` scales every team's live bids at once (1.6: as the habits
  say); ``last_aggression`` scales them again in round 3, the last, and
  ``last_reserve`` 0 drops the reserve there (last-round habits, issue 31).
  With its defaults it is the strategy bot.
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.engine.bots import Family, Param, add_family
from mainmatch.engine.game import Action, Request, View
from mainmatch.games.homeostasis.bots.strategy import HABITS, Habits, StrategyBot

#: ``aggression`` at which each team bids as its own habit says
UNIT_AGGRESSION = 1.6


class Steerer(StrategyBot):
    """The strategy bot aiming at a band ``margin`` past the rules', with its spending open."""

    name = "steerer"

    def __init__(self, params: dict[str, Any]) -> None:
        scale = params["aggression"] / UNIT_AGGRESSION
        if params["mixed"]:  # the strategy bot's own mixtures, live bids scaled
            habits = {
                team: tuple((w, h._replace(aggression=h.aggression * scale)) for w, h in mixture)
                for team, mixture in HABITS.items()
            }
        else:  # one habit per team, from the parameters
            habits = {
                team: (
                    (
                        1.0,
                        Habits(
                            params[f"{team}_aggression"] * scale,
                            params[f"{team}_lag"],
                            params[f"{team}_final"],
                        ),
                    ),
                )
                for team in HABITS
            }
        super().__init__(habits)
        self.margin: float = params["margin"]
        self.max_bid: int = params["max_bid"]
        self.last_aggression: float = params["last_aggression"]
        self.last_reserve: int = params["last_reserve"]

    def _habit(self, view: View, team: str) -> Habits:
        """Round 3 (the last) may have habits of its own: live bids scaled by
        ``last_aggression`` and, with ``last_reserve`` 0, no reserve kept."""
        habits = super()._habit(view, team)
        if view["round"] != 3:
            return habits
        lag = habits.lag if self.last_reserve else 1.0
        return habits._replace(aggression=habits.aggression * self.last_aggression, lag=lag)

    def _aim(self, team: str, total: float) -> float:
        """The total as the bot weighs it: ``margin`` short of where it lands."""
        if team == "positive":
            return total - self.margin
        if team == "negative":
            return total + self.margin
        return total + self.margin if total >= 0 else total - self.margin

    def _aim_key(self) -> tuple[Any, ...]:
        return (type(self), self.margin)

    def _bid(self, view: View, request: Request, rng: random.Random) -> Action:
        action = super()._bid(view, request, rng)
        if request["can_pass"] and action.get("chips", 0) > self.max_bid:
            return {"pass": True}
        return action


def _steerer(params: dict[str, Any]) -> Steerer:
    return Steerer(params)


def _habit_params() -> tuple[Param, ...]:
    """Each team's habit when ``mixed`` is 0; defaults: the mixture's likeliest habit."""
    out = []
    for team, mixture in HABITS.items():
        habits = max(mixture, key=lambda wh: wh[0])[1]
        out += [
            Param(f"{team}_aggression", 0.0, 6.0, habits.aggression, f"live bids as {team}", False),
            Param(f"{team}_lag", 0.0, 1.0, habits.lag, f"reserve lag as {team}", False),
            Param(
                f"{team}_final", 0.0, 20.0, habits.final, f"rounds 1-2 final bids as {team}", False
            ),
        ]
    return tuple(out)


STEERER = add_family(
    Family(
        "homeostasis",
        "steerer",
        "the strategy bot with its target band and spending open",
        (
            Param("margin", 0.0, 6.0, 0.0, "aim this far past the team's band edge", False),
            Param("aggression", 0.1, 6.0, UNIT_AGGRESSION, "scales every team's live bids", False),
            Param("max_bid", 1, 100, 100, "most chips on one live bid (else pass)"),
            Param("mixed", 0, 1, 1, "1: the strategy's mixed habits; 0: the TEAM_ parameters"),
            Param("last_aggression", 0.0, 20.0, 1.0, "round 3's live bids scaled by this", False),
            Param("last_reserve", 0, 1, 1, "1: round 3 keeps the habit's reserve; 0: none"),
            *_habit_params(),
        ),
        _steerer,
    )
)
