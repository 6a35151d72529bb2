"""Remembering what was computed for the last state asked about.

States are immutable (the engine spec: ``apply`` never mutates its input), so an
answer computed for a state holds as long as that very object is asked about
again: the driver, ``validate``, random play and the views ask in turn about
the same state. The memo keeps one ``(state, answer)`` pair, compared by
identity (holding the state keeps its id from being reused), and swaps it in
one assignment, so threads sharing it at worst recompute.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Generic, TypeVar

S = TypeVar("S")
R = TypeVar("R")


def remember_last(fn: Callable[[S], R]) -> Callable[[S], R]:
    """Wrap a function of a state so that asking twice in a row costs once.

    >>> calls = []
    >>> @remember_last
    ... def size(state):
    ...     calls.append(state)
    ...     return len(state)
    >>> s = (1, 2)
    >>> size(s), size(s), len(calls)
    (2, 2, 1)
    >>> size((1, 2)), len(calls)  # an equal but other state is computed again
    (2, 2)
    """
    # starts with a key no state is, so a call needs no check for "empty"
    slot: list[tuple[object, R | None]] = [(object(), None)]

    @wraps(fn)
    def memo(state: S) -> R:
        last = slot[0]  # one read: another thread may replace it
        if last[0] is state:
            return last[1]  # type: ignore[return-value]  # a real state's answer
        out = fn(state)
        slot[0] = (state, out)
        return out

    return memo


T = TypeVar("T")
V = TypeVar("V")


class GrowingLog(Generic[T, V]):
    """The view of a log that a step only ever extends (a tuple of entries in
    the state), made once per entry: asked about a log that begins with the
    last log asked about, it copies only the new entries and shows the
    earlier copies again. A view built from it shares those copies with the
    other views of the match (never with the state); the returned list is
    the last one itself when the log has not changed.

    >>> copies = []
    >>> log_view = GrowingLog(lambda e: copies.append(e) or [e])
    >>> log_view((1, 2)), log_view((1, 2, 3)), copies
    ([[1], [2]], [[1], [2], [3]], [1, 2, 3])
    >>> log_view((1, 2, 3)) is log_view((1, 2, 3)), log_view((4,)), copies
    (True, [[4]], [1, 2, 3, 4])
    """

    __slots__ = ("_convert", "_last")

    def __init__(self, convert: Callable[[T], V]) -> None:
        self._convert = convert
        self._last: tuple[tuple[T, ...], list[V]] = ((), [])

    def __call__(self, log: tuple[T, ...]) -> list[V]:
        last, shown = self._last  # one read: another thread may replace it
        if log is last:
            return shown
        n = len(last)
        # equal entries show the same: compared as values (identical ones at once)
        if n > len(log) or log[:n] != last:
            n, shown = 0, []
        out = [*shown, *map(self._convert, log[n:])]
        self._last = (log, out)
        return out
