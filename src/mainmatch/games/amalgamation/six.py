"""Per-player maps of The Amalgamation's six players, built in one go.

amalgamation spec §1: a match has exactly 6 players, and every per-player map
of the state lists them in ``players`` order (``initial_state`` builds them
so and a round only replaces values). A dict literal over the six keys as
locals builds such a map in about half the time of ``dict(zip(...))``,
which makes a tuple per entry and grows the dict as it goes: a round's
sub-games write their maps so, unpacking the players and the values in
place (no call per map), and :func:`keyed` does it for the views
(docs/decisions/performance.md PA5).

>>> keyed(("a", "b", "c", "d", "e", "f"), [1, 2, 3, 4, 5, 6])
{'a': 1, 'b': 2, 'c': 3, 'd': 4, 'e': 5, 'f': 6}
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
