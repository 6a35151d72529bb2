"""The Homeostasis strategy bot's goal as a utility (``games/homeostasis/bots/strategy.py``): the
stake of ending a match near a total, under the band edges of the rules played
(homeostasis spec §7, a rule variant's edges named by the view, §5 and D35).

A value ``v`` of a round is scored by the stake with the match total ``T + v``
(a Token of Life +1, being the Elimination Candidate -1): rounds still to come
blur the total by a normal spread, so early rounds reward a good direction and
the last round the exact band.
"""

from __future__ import annotations

import math

from mainmatch.engine.game import View
from mainmatch.games.homeostasis.bands import BIG_EDGE, NEUTRAL_EDGE

#: spread of one round's value (random-play order of magnitude)
ROUND_SPREAD = 4.5


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


#: §7's band edges ``(neutral, big)`` at the official rules
OFFICIAL_EDGES = (NEUTRAL_EDGE, BIG_EDGE)
#: the neutral player names the EC in the neutral band (§7); the bot's own
#: choice (:meth:`StrategyBot._choose_ec`) makes it about one in four for each other player
EC_RISK = 0.25


def edges(view: View) -> tuple[int, int]:
    """The band edges ``(neutral, big)`` of the rules played: a rule variant's
    (the view names it, homeostasis spec §5, D35) or the spec's 1 and 4 (§7)."""
    variant = view.get("variant")
    if not variant:
        return OFFICIAL_EDGES
    return variant.get("neutral_band", NEUTRAL_EDGE), variant.get("big_band", BIG_EDGE)


def utility(
    team: str, total: float, rounds_left: int, bands: tuple[int, int] = OFFICIAL_EDGES
) -> float:
    """Expected stake (a Token of Life +1, being the EC -1, a little for
    garnets) of ending with a total near ``total`` (with ``rounds_left``
    rounds still to play) for ``team``, under the band edges ``bands`` (§7)."""
    if not rounds_left:
        return _final_utility(team, total, bands)
    n, b = bands[0] + 0.001, bands[1] + 0.001
    s = ROUND_SPREAD * math.sqrt(rounds_left)
    if team == "negative":
        total = -total  # the mirror of positive
    if team != "neutral":
        mid = _phi((n - total) / s) - _phi((-n - total) / s)
        return _phi((total - n) / s) + 0.1 * _phi((total - b) / s) - EC_RISK * mid
    # neutral: a Token inside [-big, big] (two inside [-n, n]); the EC outside it
    wide = _phi((b - total) / s) - _phi((-b - total) / s)
    narrow = _phi((n - total) / s) - _phi((-n - total) / s)
    return 2 * wide - 1 + 0.2 * narrow


def _final_utility(team: str, total: float, bands: tuple[int, int]) -> float:
    """The last round: the exact bands (boundaries go to the band nearer 0,
    D35), plus a small pull in the team's direction so nearer still counts."""
    n, b = bands
    if team == "negative":
        total = -total
    if team != "neutral":
        return ((total > n) + 0.1 * (total > b) - EC_RISK * (-n <= total <= n)) + 0.01 * math.tanh(
            total / 5
        )
    a = abs(total)
    return 2 * (a <= b) - 1 + 0.2 * (a <= n) - 0.01 * math.tanh(a / 5)
