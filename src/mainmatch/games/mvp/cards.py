"""The 24 cards of The MVP and how they are written (mvp spec §1, §2.1, D2).

A card is ``"<suit>-<rank>"`` (``"pears-4"``); suits in the seed's order
``apples, lemons, pears, grapes``, ranks 1 to 6. Wherever cards are listed
they go in *card order*: suit first, then rank ascending.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS: tuple[str, ...] = ("apples", "lemons", "pears", "grapes")
RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

#: every card, in card order
CARDS: tuple[str, ...] = tuple(f"{s}-{r}" for s in SUITS for r in RANKS)
#: card -> position in card order
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
#: card -> (suit, rank)
SUIT_RANK: dict[str, tuple[str, int]] = {f"{s}-{r}": (s, r) for s in SUITS for r in RANKS}

SUIT_EMOJI = {"apples": "🍎", "lemons": "🍋", "pears": "🍐", "grapes": "🍇"}


def is_card(value: object) -> bool:
    """True for a card name exactly as written in the rules.

    >>> is_card("pears-4"), is_card("apple-1"), is_card("Pears-4"), is_card(3)
    (True, False, False, False)
    """
    return isinstance(value, str) and value in CARD_INDEX


def card_sorted(cards: Iterable[str]) -> list[str]:
    """``cards`` in card order.

    >>> card_sorted(["grapes-1", "apples-6", "apples-2"])
    ['apples-2', 'apples-6', 'grapes-1']
    """
    return sorted(cards, key=CARD_INDEX.__getitem__)
