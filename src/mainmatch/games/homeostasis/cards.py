"""The ten cards of Homeostasis and the cost of saving them (homeostasis spec §1, §4.1, D1, D5).

Cards are named by their symbol (always a string: ``"2"``, never ``2``);
equal symbols are interchangeable. The canonical order ``1 2 3 + - x /``
orders every list of cards the rules call "canonical".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

#: every symbol, in canonical order (homeostasis spec §3 "Canonical card order")
SYMBOLS: tuple[str, ...] = ("1", "2", "3", "+", "-", "x", "/")
NUMBERS = frozenset(("1", "2", "3"))
OPERATIONS = frozenset(("+", "-", "x", "/"))
#: the deck in canonical order (D1: read off the seed's worked example)
DECK: tuple[str, ...] = ("1", "1", "2", "2", "3", "3", "+", "-", "x", "/")
DECK_COUNT: dict[str, int] = dict(Counter(DECK))
RANK: dict[str, int] = {s: i for i, s in enumerate(SYMBOLS)}
#: for messages: ``1, 2, 3, +, -, x, /``
SYMBOL_LIST = ", ".join(SYMBOLS)


def canonical(cards: Iterable[str]) -> list[str]:
    """``cards`` sorted in canonical order.

    >>> canonical(["x", "3", "1", "+"])
    ['1', '3', '+', 'x']
    """
    return sorted(cards, key=RANK.__getitem__)


def save_cost(count: int) -> int:
    """Garnets for saving ``count`` cards: 0 for none (D5), else ``(count - 1)^2`` (seed).

    >>> [save_cost(x) for x in (0, 1, 2, 3, 4, 10)]
    [0, 0, 1, 4, 9, 81]
    """
    return 0 if count <= 0 else (count - 1) ** 2


def max_saveable(garnets: int) -> int:
    """The most cards a holding of ``garnets`` can pay for (at most the deck's 10).

    >>> [max_saveable(g) for g in (0, 1, 3, 4, 81)]
    [1, 2, 2, 3, 10]
    """
    n = 1
    while n < len(DECK) and save_cost(n + 1) <= garnets:
        n += 1
    return n


def remove_cards(held: Iterable[str], taken: Iterable[str]) -> list[str]:
    """``held`` without one copy of each card of ``taken`` (which it must contain), canonical.

    >>> remove_cards(["1", "1", "x"], ["1"])
    ['1', 'x']
    """
    left = Counter(held)
    left.subtract(taken)
    return canonical(left.elements())


def deck_without(placed: Iterable[str | None]) -> list[str]:
    """The deck without one copy of each card of ``placed`` (``None`` skipped),
    canonical: :func:`remove_cards` for the deck, which is already canonical.

    >>> deck_without(["x", None, "1"])
    ['1', '2', '2', '3', '3', '+', '-', '/']
    """
    left = list(DECK)
    for card in placed:
        if card is not None:
            left.remove(card)
    return left
