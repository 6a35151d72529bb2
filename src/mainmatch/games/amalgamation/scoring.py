"""Final scoring over the four sub-games (amalgamation spec §4.2, §4.3, §7).

Each sub-game's ranking gives 20/15/12/10/8/4 points for 1st..6th; the
highest total wins (1 winner: 2 ToL; 2-3 winners: 1 ToL each; 4 or more: all
ToLs void), each sub-game's 1st and 2nd earn 2 and 1 garnets, and the lowest
total is the Elimination Candidate (the winners vote when several tie).
"""

from __future__ import annotations

from mainmatch.engine.ranking import group_by
from mainmatch.engine.result import nonzero

from .constants import PLACE_GARNETS, PLACE_POINTS, SUBGAMES


def points(rankings: dict[str, list[str]], players: tuple[str, ...]) -> dict[str, int]:
    """Each player's sum of place points over the four sub-games (always 276 in all)."""
    total = dict.fromkeys(players, 0)
    for game in SUBGAMES:
        for p, n in zip(rankings[game], PLACE_POINTS):
            total[p] += n
    return total


def winners(totals: dict[str, int], players: tuple[str, ...]) -> list[str]:
    """The players with the highest total, in ``players`` order."""
    top = max(totals.values())
    return [p for p in players if totals[p] == top]


def losers(totals: dict[str, int], players: tuple[str, ...]) -> list[str]:
    """The EC candidates: the players with the lowest total, in ``players`` order."""
    low = min(totals.values())
    return [p for p in players if totals[p] == low]


def tokens_of_life(winners_: list[str]) -> tuple[dict[str, int], bool]:
    """``(tokens_of_life, void)``: one winner 2 ToL, two or three 1 each, four or more void.

    >>> tokens_of_life(["a"]), tokens_of_life(["a", "b"]), tokens_of_life(["a", "b", "c", "d"])
    (({'a': 2}, False), ({'a': 1, 'b': 1}, False), ({}, True))
    """
    if len(winners_) == 1:
        return {winners_[0]: 2}, False
    if len(winners_) <= 3:
        return {p: 1 for p in winners_}, False
    return {}, True


def garnets_awarded(rankings: dict[str, list[str]], players: tuple[str, ...]) -> dict[str, int]:
    """2 garnets per sub-game won, 1 per sub-game placed 2nd; non-zero only, ``players`` order."""
    got = dict.fromkeys(players, 0)
    for game in SUBGAMES:
        for place, n in enumerate(PLACE_GARNETS):
            got[rankings[game][place]] += n
    return nonzero(got, list(players))


def overall_ranking(totals: dict[str, int], players: tuple[str, ...], ec: str) -> list[list[str]]:
    """§7: tie groups of total points, best first, ``players`` order inside,
    no tiebreak; the EC leaves its group (an emptied group is dropped) and
    stands alone last.

    >>> overall_ranking(dict(zip("abcdef", [54, 54, 44, 36, 52, 36])), tuple("abcdef"), "f")
    [['a', 'b'], ['e'], ['c'], ['d'], ['f']]
    """
    groups = group_by([p for p in players if p != ec], totals.__getitem__)
    return [g for g in groups if g] + [[ec]]
