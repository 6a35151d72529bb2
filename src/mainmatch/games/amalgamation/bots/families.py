"""Bot families of The Amalgamation (``src/mainmatch/games/amalgamation/spec.md``).

- ``splitter``: one fixed plan of ``games/amalgamation/bots/strategy.py`` (:class:`SplitBot`)
  with its numbers open: the shares of a round's budget (what is left after the
  Minus bids and the donation, §3.1) put into Kong's Dilemma, Investment and the
  Garnet Chip Thief; its Minus Auction streak chasing: the most it bids on one
  wanted tile (a share of the round's budget) and how negative a tile's streak
  value may be and still be chased (§4.2 "Minus": a run scores its value nearest
  0); how its spending is spread over the seven rounds (``tempo``); where the
  last round's unplanned rest goes (``last_kong``, ``last_thief``); and how much
  its Kong and invest amounts vary per round (``noise``); its donation (``donate``)
  and whether it pays to dodge unwanted Minus tiles (``dodge``), its least dodge
  (``dodge_min``) and how much higher it may go on a bad tile (``dodge_high``). Shares summing above 1
  are scaled down to 1, so the round's spending stays within its budget; the
  debt guard (§3.1 rule 7) still applies. At its defaults it plays exactly as
  the ``classic`` bot (the first strategy bot); the ``strategy`` bot is a
  mixture of such plans.
- ``habits``: one habit per sub-game (``games/amalgamation/bots/habits.py``, issue 31):
  a fixed Minus dodge on every tile, fixed shares of each round's money into
  Kong, Investment and the Thief, a fixed donation and a place for the last
  round's rest. The seat that beat the mixture by +53 points was such a seat.
"""

from __future__ import annotations

from typing import Any

from mainmatch.engine.bots import Family, Param, add_family
from mainmatch.games.amalgamation.bots.habits import HABITS, HabitBot
from mainmatch.games.amalgamation.bots.strategy import DEFAULTS, SplitBot


class Splitter(SplitBot):
    """One fixed plan, its numbers given."""

    name = "splitter"


def _splitter(params: dict[str, Any]) -> Splitter:
    return Splitter(params)


SPLITTER = add_family(
    Family(
        "amalgamation",
        "splitter",
        "a fixed split of the budget over the four sub-games, its streak chasing and its tempo",
        (
            Param("kong", 0.0, 1.0, DEFAULTS["kong"], "share put into Kong's Dilemma", False),
            Param("invest", 0.0, 1.0, DEFAULTS["invest"], "share invested", False),
            Param("thief", 0.0, 1.0, DEFAULTS["thief"], "share bet in the Thief", False),
            Param(
                "minus_cap",
                0.0,
                1.0,
                DEFAULTS["minus_cap"],
                "most bid on one Minus tile (budget share)",
                False,
            ),
            Param(
                "chase",
                0,
                40,
                DEFAULTS["chase"],
                "chase Minus tiles whose streak value is >= -chase",
            ),
            Param(
                "tempo", -1.0, 1.0, DEFAULTS["tempo"], "spend earlier (< 0) or later (> 0)", False
            ),
            Param(
                "last_kong",
                0.0,
                1.0,
                DEFAULTS["last_kong"],
                "share of round 7's rest put into Kong",
                False,
            ),
            Param(
                "last_thief",
                0.0,
                1.0,
                DEFAULTS["last_thief"],
                "share of round 7's rest then bet (rest invested)",
                False,
            ),
            Param(
                "noise",
                0.0,
                1.0,
                DEFAULTS["noise"],
                "Kong and invest amounts vary by up to this share",
                False,
            ),
            Param("donate", 0, 20, DEFAULTS["donate"], "least donated per round (+$0-2); 0: never"),
            Param("dodge", 0, 1, DEFAULTS["dodge"], "1: dodge unwanted Minus tiles (small bid)"),
            Param("dodge_min", 0, 20, DEFAULTS["dodge_min"], "the least Minus dodge, in dollars"),
            Param(
                "dodge_high",
                0,
                20,
                DEFAULTS["dodge_high"],
                "a dodge goes up to this many dollars more on a bad tile (at random)",
            ),
        ),
        _splitter,
    )
)


class Habits(HabitBot):
    """One seat's fixed habits, their numbers given."""

    name = "habits"


def _habits(params: dict[str, Any]) -> Habits:
    return Habits(params)


HABIT_FAMILY = add_family(
    Family(
        "amalgamation",
        "habits",
        "one fixed habit per sub-game: a Minus dodge, Kong/invest/Thief shares, a donation",
        (
            Param("dodge", 0, 20, HABITS["dodge"], "dollars bid on every Minus tile; 0: classic"),
            Param("kong", 0.0, 1.0, HABITS["kong"], "share of the round's money into Kong", False),
            Param("invest", 0.0, 1.0, HABITS["invest"], "share of it invested", False),
            Param("thief", 0.0, 1.0, HABITS["thief"], "share of it bet in the Thief", False),
            Param("donate", 0, 20, HABITS["donate"], "dollars donated every round"),
            Param("last", 0, 2, HABITS["last"], "the last round's rest: 0 Thief, 1 invest, 2 Kong"),
        ),
        _habits,
    )
)
