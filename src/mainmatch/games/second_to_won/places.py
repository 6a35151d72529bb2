"""Second to Won's result table: places as its rules name them (second_to_won spec §7).

The result has no ranking (``null``: second place beats first, §7.5), so the
table is not a best-first order but the rules' own places: first, second,
the players in between by points, last place, over the limit, and the
Elimination Candidate. Every player is placed once; where a player fits two
places the stronger word wins: the EC over any other, over the limit over
first (on a premature end ``first`` is the over-limit players, §7.5), first
and second over last place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mainmatch.engine.ranking import Placings, group_by


def placings(result: Mapping[str, Any], players: Sequence[str] = ()) -> Placings:
    """The places of a Second to Won result, in the order the rules tell them.

    >>> details = {"scores": {"a": 90, "b": 80, "c": 60, "d": 50, "e": 40},
    ...            "first": ["a"], "second": ["b"], "over_200": [], "last_place": ["e"]}
    >>> placings({"details": details, "elimination_candidate": "e"})
    [('first', ['a']), ('second', ['b']), ('–', ['c']), ('–', ['d']), ('EC', ['e'])]
    >>> details = {"scores": {"a": 210, "b": 205, "c": 60, "d": 20},
    ...            "first": ["a", "b"], "second": ["c"], "over_200": ["a", "b"], "last_place": ["d"]}
    >>> placings({"details": details, "elimination_candidate": "a"})
    [('second', ['c']), ('last place', ['d']), ('over the limit', ['b']), ('EC', ['a'])]
    """
    details = result.get("details") or {}
    scores: Mapping[str, int] = details.get("scores") or {}
    everyone = list(dict.fromkeys([*players, *scores]))
    ec = result.get("elimination_candidate")
    over = set(details.get("over_200") or ())
    placed = {ec} | over

    def take(names: Sequence[str]) -> list[str]:
        """``names`` not placed yet, in players order; they count as placed now."""
        group = [p for p in everyone if p in set(names) and p not in placed]
        placed.update(group)
        return group

    top = [
        ("first", take(details.get("first") or ())),
        ("second", take(details.get("second") or ())),
    ]
    last = set(details.get("last_place") or ())
    between = [p for p in everyone if p not in placed and p not in last]
    middle = [("–", group) for group in group_by(between, lambda p: scores.get(p, 0))]
    placed.update(between)
    bottom = [
        ("last place", take(list(last))),
        ("over the limit", [p for p in everyone if p in over and p != ec]),
        ("EC", [ec] if ec else []),
    ]
    return [(label, group) for label, group in (*top, *middle, *bottom) if group]
