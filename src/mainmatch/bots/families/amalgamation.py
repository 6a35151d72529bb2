"""Bot families of The Amalgamation (``src/mainmatch/games/amalgamation/spec.md``).

- ``splitter``: one fixed plan of ``bots/amalgamation.py`` (:class:`SplitBot`)
  with its numbers open: the shares of a round's budget (what is left after the
  Minus bids and the donation, §3.1) put into Kong's Dilemma, Investment and the
  Garnet Chip Thief; its Minus Auction streak chasing: the most it bids on one
  wanted tile (a share of the round's budget) and how negative a tile's streak
  value may be and still be chased (§4.2 "Minus": a run scores its value nearest
  0); how its spending is spread over the seven rounds (``tempo``); where the
  last round's unplanned rest goes (``last_kong``, ``last_thief``); and how much
  its Kong and invest amounts vary per round (``noise``); its donation (``donate``)
  and whether it pays to dodge unwanted Minus tiles (``dodge``). Shares summing above 1
  are scaled down to 1, so the round's spending stays within its budget; the
  debt guard (§3.1 rule 7) still applies. At its defaults it plays exactly as
  the ``classic`` bot (the first strategy bot); the ``strategy`` bot is a
  mixture of such plans.
"""

from __future__ import annotations

from typing import Any

from mainmatch.bots.amalgamation import DEFAULTS, SplitBot

from . import Family, Param, add_family


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
        ),
        _splitter,
    )
)
