"""The hexagonal pattern of 24 places and its exposure rules (mvp spec §2.2, §2.3, D1, D9).

::

    row 1 (top)        A   B   C   D
    row 2            E   F   G   H   I
    row 3          J   K   L   M   N   O
    row 4            P   Q   R   S   T
    row 5 (bottom)     U   V   W   X

Rows are offset by half a card and lower cards cover higher cards: each card
is covered by the one or two cards of the next row down that overlap it.

For a card still in the pattern (not claimed):

- **exposed**: none of the cards covering it is still in the pattern;
- **nearly exposed**: not exposed, and every card covering it that is still in
  the pattern is exposed (it would be exposed if all exposed cards were removed);
- **hidden** (the seed's "unexposed"): otherwise.

A claimed card has status **claimed**. A card is revealed (public) for good
from the moment it is exposed or nearly exposed; since statuses only move
forward, the revealed cards are exactly the cards that are not hidden.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

ROWS: tuple[str, ...] = ("ABCD", "EFGHI", "JKLMNO", "PQRST", "UVWX")
#: every place, in letter order
LETTERS: tuple[str, ...] = tuple("ABCDEFGHIJKLMNOPQRSTUVWX")
LETTER_INDEX: dict[str, int] = {x: i for i, x in enumerate(LETTERS)}

#: mvp spec §2.2: each card -> the cards of the next row down that cover it
COVERED_BY: dict[str, tuple[str, ...]] = {
    "A": ("E", "F"),
    "B": ("F", "G"),
    "C": ("G", "H"),
    "D": ("H", "I"),
    "E": ("J", "K"),
    "F": ("K", "L"),
    "G": ("L", "M"),
    "H": ("M", "N"),
    "I": ("N", "O"),
    "J": ("P",),
    "K": ("P", "Q"),
    "L": ("Q", "R"),
    "M": ("R", "S"),
    "N": ("S", "T"),
    "O": ("T",),
    "P": ("U",),
    "Q": ("U", "V"),
    "R": ("V", "W"),
    "S": ("W", "X"),
    "T": ("X",),
    "U": (),
    "V": (),
    "W": (),
    "X": (),
}
#: the same relation the other way: each card -> the cards of the row above it covers
COVERS: dict[str, tuple[str, ...]] = {
    x: tuple(y for y in LETTERS if x in COVERED_BY[y]) for x in LETTERS
}

HIDDEN = "hidden"
NEARLY_EXPOSED = "nearly_exposed"
EXPOSED = "exposed"
CLAIMED = "claimed"
#: statuses in the order a card passes through them (D9)
STAGES: tuple[str, ...] = (HIDDEN, NEARLY_EXPOSED, EXPOSED, CLAIMED)

FULL: frozenset[str] = frozenset(LETTERS)


def is_letter(value: object) -> bool:
    """True for a place letter ``A``..``X`` (uppercase, D2).

    >>> is_letter("A"), is_letter("x"), is_letter("Z"), is_letter(1)
    (True, False, False, False)
    """
    return isinstance(value, str) and value in LETTER_INDEX


# the letters are A to X, so letter order is the strings' own order: sorting
# needs no key (checked here once)
assert LETTERS == tuple(sorted(LETTERS))


def letter_sorted(letters: Iterable[str]) -> list[str]:
    """``letters`` (place letters) in letter order."""
    return sorted(letters)


V = TypeVar("V")


def in_letter_order(by_letter: dict[str, V]) -> dict[str, V]:
    """A copy of ``by_letter`` keyed in letter order.

    >>> in_letter_order({"U": 1, "J": 2})
    {'J': 2, 'U': 1}
    """
    if len(by_letter) < 2:
        return by_letter.copy()
    return {x: by_letter[x] for x in sorted(by_letter)}


@dataclass(frozen=True, slots=True)
class Exposure:
    """The status of every place for one set of cards still in the pattern.

    The tuples list letters in letter order.
    """

    status: dict[str, str]
    exposed: tuple[str, ...]
    nearly_exposed: tuple[str, ...]
    hidden: tuple[str, ...]
    claimed: tuple[str, ...]
    #: exposed and nearly exposed letters: the cards one may bid on before round 13
    biddable: tuple[str, ...]
    #: ``exposed`` and ``biddable`` as sets, for validating bids in one pass
    exposed_set: frozenset[str]
    biddable_set: frozenset[str]

    @property
    def revealed(self) -> tuple[str, ...]:
        """Letters whose card is public: every place that is not hidden."""
        return tuple(x for x in LETTERS if self.status[x] != HIDDEN)


@lru_cache(maxsize=8192)
def exposure(remaining: frozenset[str] = FULL) -> Exposure:
    """The statuses of all 24 places when ``remaining`` are still in the pattern
    (mvp spec §2.3). Cached: many states share a pattern.

    >>> e = exposure()
    >>> e.exposed, e.nearly_exposed
    (('U', 'V', 'W', 'X'), ('P', 'Q', 'R', 'S', 'T'))
    """
    # keyed in letter order, so that a view can walk it as it is
    status: dict[str, str] = {}
    exposed = {x for x in remaining if not any(c in remaining for c in COVERED_BY[x])}
    for x in LETTERS:
        if x not in remaining:
            status[x] = CLAIMED
        elif x in exposed:
            status[x] = EXPOSED
        elif all(c in exposed for c in COVERED_BY[x] if c in remaining):
            status[x] = NEARLY_EXPOSED
        else:
            status[x] = HIDDEN
    by = {s: tuple(x for x in LETTERS if status[x] == s) for s in STAGES}
    biddable = tuple(x for x in LETTERS if status[x] in (EXPOSED, NEARLY_EXPOSED))
    return Exposure(
        status,
        by[EXPOSED],
        by[NEARLY_EXPOSED],
        by[HIDDEN],
        by[CLAIMED],
        biddable,
        frozenset(by[EXPOSED]),
        frozenset(biddable),
    )


@lru_cache(maxsize=8192)
def newly_exposed(before: frozenset[str], after: frozenset[str]) -> tuple[str, ...]:
    """Letters exposed in ``after`` that were not exposed in ``before`` (letter order):
    the cards a round's removals expose. Cached, as ``exposure``: every round that
    claims a card asks."""
    was = exposure(before).status
    now = exposure(after)
    return tuple(x for x in now.exposed if was[x] != EXPOSED)


@lru_cache(maxsize=8192)
def newly_revealed(before: frozenset[str], after: frozenset[str]) -> tuple[str, ...]:
    """Letters hidden in ``before`` and revealed in ``after`` (letter order). Cached."""
    was = exposure(before).status
    now = exposure(after).status
    return tuple(x for x in LETTERS if was[x] == HIDDEN and now[x] != HIDDEN)
