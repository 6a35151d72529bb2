"""Streaks on the circle of seats (seat_exchange spec §4.1).

A streak is a line of neighbouring seats whose numbers count up by one in
one direction, wrapping 13 -> 1. Edge (i, i+1) is *linked* iff
``(num(i) - num(i+1)) mod 13`` is 1 or 12; cutting the circle at every
unlinked edge leaves the runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import sub


def runs(nums: Sequence[int]) -> list[list[int]]:
    """The runs of the circle as lists of seat indices, clockwise.

    ``nums[i]`` is the number of the player in seat ``i``.

    >>> max(runs([13, 1, 2, 3, 4, 6, 8, 10, 12, 5, 7, 9, 11]), key=len)
    [0, 1, 2, 3, 4]
    >>> [len(r) for r in runs(list(range(1, 14)))]
    [13]
    """
    n = len(nums)
    # (num(i) - num(i+1)) mod n is 1 or n - 1: the difference is one of ±1, ±(n - 1)
    linked = list(map({1, n - 1, -1, 1 - n}.__contains__, map(sub, nums, [*nums[1:], *nums[:1]])))
    if all(linked):
        return [list(range(n))]
    # start right after an unlinked edge so that no run straddles the start
    start = (linked.index(False) + 1) % n
    out: list[list[int]] = []
    current = [start]
    for k in range(1, n):
        seat = (start + k) % n
        if linked[(seat - 1) % n]:
            current.append(seat)
        else:
            out.append(current)
            current = [seat]
    out.append(current)
    return out


def longest_streak(nums: Sequence[int]) -> int:
    """The length of the longest run (at least 1).

    >>> longest_streak([13, 1, 2, 3, 4, 6, 8, 10, 12, 5, 7, 9, 11])
    5
    >>> longest_streak(list(range(1, 14))), longest_streak([1, 3])
    (13, 1)
    """
    n = len(nums)
    # one byte per edge (i, i+1): 1 if linked; every run is a stretch of ones
    # in the edges read twice around (a run may wrap past seat 0)
    linked = bytes(map({1, n - 1, -1, 1 - n}.__contains__, map(sub, nums, [*nums[1:], *nums[:1]])))
    if 0 not in linked:
        return n
    return max(map(len, (linked * 2).split(b"\0"))) + 1
