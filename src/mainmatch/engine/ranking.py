"""Helpers for rankings: tie groups best first (engine spec convention 5), the places of a
result's table and, for reports, the word its details give for how the match ended."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, TypeAlias, TypeVar

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

#: a value players are grouped and sorted by
K = TypeVar("K", bound="SupportsRichComparison")


def group_by(
    players: Iterable[str], key: Callable[[str], K], *, descending: bool = True
) -> list[list[str]]:
    """Group ``players`` by equal ``key`` (values that sort), best (highest, or lowest when
    ``descending=False``) first; inside a group players keep the order given.

    >>> group_by(["a", "b", "c", "d"], {"a": 1, "b": 3, "c": 1, "d": 2}.get)
    [['b'], ['d'], ['a', 'c']]
    """
    players = list(players)
    values = sorted({key(p) for p in players}, reverse=descending)
    return [[p for p in players if key(p) == v] for v in values]


def in_order(players: Iterable[str], order: list[str]) -> list[str]:
    """``players`` sorted by their position in ``order`` (usually config ``players``)."""
    index = {p: i for i, p in enumerate(order)}
    return sorted(players, key=index.__getitem__)


#: a result table's places, best first: (label of the place, its players)
Placings: TypeAlias = list[tuple[str, list[str]]]


def numbered(ranking: list[list[str]]) -> Placings:
    """A ranking's tie groups as the result card numbers them: a group's place is
    one more than the players ranked above it, ``=`` marking a tie.

    >>> numbered([["a"], ["b", "c"], ["d"]])
    [('1', ['a']), ('2=', ['b', 'c']), ('4', ['d'])]
    """
    out: Placings = []
    place = 1
    for group in ranking:
        out.append((f"{place}{'=' if len(group) > 1 else ''}", list(group)))
        place += len(group)
    return out


def by_awards(result: Mapping[str, object], players: Iterable[str] = ()) -> Placings:
    """Places of a result without a ranking (the engine spec: ``null``): the players
    holding Tokens of Life, most first, then any other of ``players`` (in their
    order, no place: ``–``), then the Elimination Candidate. A player the result
    does not name is listed only when ``players`` names them.

    >>> by_awards({"tokens_of_life": {"b": 1, "c": 2}, "elimination_candidate": "a"}, "abcd")
    [('2 Tokens of Life', ['c']), ('1 Token of Life', ['b']), ('–', ['d']), ('EC', ['a'])]
    """
    held = result.get("tokens_of_life")
    tol: dict[str, int] = held if isinstance(held, dict) else {}
    ec = result.get("elimination_candidate")
    out: Placings = []
    for group in group_by([p for p in tol if p != ec], tol.__getitem__):
        n = tol[group[0]]
        out.append((f"{n} Token{'s' if n != 1 else ''} of Life", group))
    rest = [p for p in dict.fromkeys(players) if p not in tol and p != ec]
    if rest:
        out.append(("–", rest))
    if isinstance(ec, str) and ec:
        out.append(("EC", [ec]))
    return out


#: the ``details`` keys a result's end label is read from by default, in order
END_KEYS = ("end_condition", "end_reason", "outcome")


def details_end_label(details: Mapping[str, object]) -> str | None:
    """The first string among ``details``' :data:`END_KEYS`, else ``None``.

    >>> details_end_label({"outcome": "neutral", "end_reason": 3})
    'neutral'
    """
    for key in END_KEYS:
        value = details.get(key)
        if isinstance(value, str):
            return value
    return None
