"""The end of a match: places, Tokens of Life, the EC and the garnet award
(second_to_won spec §7).

Both endings are one rule with two parameters (§7.4): the ineligible top
group (the highest scorers, or the players over 200) and the EC set (last
place, or the highest over-200 players). The Tokens of Life go to the best
group below the top group, 2 to a single player, 1 each on a tie, never to
last place.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from mainmatch.engine.ec import last_in_tiebreak
from mainmatch.engine.ranking import in_order
from mainmatch.engine.result import nonzero

from .models import LIMIT
from .state import SecondEnd

Scores = dict[str, int]


def backward_tiebreak(
    tied: Sequence[str], history: Sequence[Scores], pick: Callable[[Iterable[int]], int] = min
) -> list[str]:
    """§7 "Backward tiebreak": for j = K-1 down to 1, while several remain,
    keep those whose score after auction j is ``pick`` of theirs.
    ``history[j-1]`` holds the scores after auction j; K = ``len(history)``.

    >>> backward_tiebreak(["a", "b", "c"], [{"a": 1, "b": 0, "c": 0}, {"a": 5, "b": 5, "c": 5}])
    ['b', 'c']
    >>> backward_tiebreak(["a", "b"], [{"a": 3, "b": 1}, {"a": 9, "b": 9}], max)
    ['a']
    """
    left = list(tied)
    for j in range(len(history) - 1, 0, -1):
        if len(left) <= 1:
            break
        scores = history[j - 1]
        best = pick(scores[p] for p in left)
        left = [p for p in left if scores[p] == best]
    return left


def last_place(players: Sequence[str], history: Sequence[Scores]) -> list[str]:
    """§7 "Last place": the backward tiebreak (min) of the lowest final scores."""
    final = history[-1]
    low = min(final[p] for p in players)
    return backward_tiebreak([p for p in players if final[p] == low], history, min)


def garnet_award(d: int) -> int:
    """§7.3: ``10 - 2 * max(0, ceil(d / 5) - 1)``, never below 0, for a player
    ``d`` points above the lowest score (decision 24).

    >>> [garnet_award(d) for d in (0, 5, 6, 10, 11, 15, 16, 20, 21, 25, 26, 90)]
    [10, 10, 8, 8, 6, 6, 4, 4, 2, 2, 0, 0]
    """
    return max(0, 10 - 2 * max(0, math.ceil(d / 5) - 1))


def tokens_for(second: Sequence[str], last: Sequence[str]) -> dict[str, int]:
    """§7.1/7.2: 2 ToL to a single Second, 1 each to several; last-place
    players in Second receive nothing (decisions 20-22)."""
    each = 2 if len(second) == 1 else 1
    return {p: each for p in second if p not in last}


def end_object(
    players: Sequence[str],
    history: Sequence[Scores],
    tiebreak: Sequence[str],
    limit: int = LIMIT,
) -> SecondEnd:
    """The ``end`` object of §7.5 for a match whose scores after each
    auction are ``history`` (the match is over after ``history[-1]``)."""
    final = history[-1]
    order = list(players)
    over = [p for p in players if final[p] > limit]  # decision 15: strictly more than 200
    last = last_place(players, history)
    if over:
        # §7.2 premature end
        reason = "over_200"
        first = over
        top = max(final[p] for p in over)
        ec_set = backward_tiebreak([p for p in over if final[p] == top], history, max)
        rest = [p for p in players if p not in set(over)]
        if rest:
            best = max(final[p] for p in rest)
            second = [p for p in rest if final[p] == best]
        else:
            second = []
    else:
        # §7.1 normal end
        reason = "complete"
        high = max(final.values())
        first = [p for p in players if final[p] == high]
        below = [final[p] for p in players if final[p] < high]
        second = [p for p in players if final[p] == max(below)] if below else []
        ec_set = last
    low = min(final.values())
    tokens = tokens_for(second, last)
    return {
        "reason": reason,
        "auctions_played": len(history),
        "scores": {p: final[p] for p in order},
        "score_history": [{p: h[p] for p in order} for h in history],
        "over_200": list(over),
        "first": list(first),
        "second": list(second),
        "last_place": in_order(last, order),
        "elimination_candidates": in_order(ec_set, order),
        "elimination_candidate": ec_set[0]
        if len(ec_set) == 1
        else last_in_tiebreak(ec_set, list(tiebreak)),
        "tokens_of_life": nonzero(tokens, order),
        "garnet_award": {p: garnet_award(final[p] - low) for p in order},
    }
