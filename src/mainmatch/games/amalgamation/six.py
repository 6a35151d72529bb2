"""Per-player maps of The Amalgamation's six players, built in one go.

amalgamation.md §1: a match has exactly 6 players, and every per-player map
of the state lists them in ``players`` order (``initial_state`` builds them
so and a round only replaces values). A dict literal over the six keys as
locals builds such a map in about half the time of ``dict(zip(...))``, which
makes a tuple per entry and grows the dict as it goes (docs/decisions.md
PA5).

>>> keyed(("a", "b", "c", "d", "e", "f"), [1, 2, 3, 4, 5, 6])
{'a': 1, 'b': 2, 'c': 3, 'd': 4, 'e': 5, 'f': 6}
>>> added({"a": 1, "b": 0, "c": 0, "d": 0, "e": 0, "f": 9}, (1, 1, 1, 1, 1, 1))
{'a': 2, 'b': 1, 'c': 1, 'd': 1, 'e': 1, 'f': 10}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

V = TypeVar("V")


def keyed(keys: Iterable[str], values: Iterable[V]) -> dict[str, V]:
    """``dict(zip(keys, values))`` for exactly six keys and six values."""
    a, b, c, d, e, f = keys
    v0, v1, v2, v3, v4, v5 = values
    return {a: v0, b: v1, c: v2, d: v3, e: v4, f: v5}


def added(old: dict[str, int], values: Iterable[int]) -> dict[str, int]:
    """A new map: each of the six entries of ``old`` plus its value, in order."""
    a, b, c, d, e, f = old
    x0, x1, x2, x3, x4, x5 = old.values()
    v0, v1, v2, v3, v4, v5 = values
    return {a: x0 + v0, b: x1 + v1, c: x2 + v2, d: x3 + v3, e: x4 + v4, f: x5 + v5}
