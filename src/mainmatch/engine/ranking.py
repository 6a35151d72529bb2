"""Helpers for rankings: tie groups best first (ENGINE.md convention 5)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def group_by(
    players: Iterable[str], key: Callable[[str], Any], *, descending: bool = True
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
