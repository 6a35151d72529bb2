"""The Homeostasis strategy bot's integer evaluator agrees with the engine's exact one."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from mainmatch.bots.homeostasis import flat_ratio
from mainmatch.games.homeostasis.cards import DECK, SYMBOLS
from mainmatch.games.homeostasis.expression import value_of


@given(st.lists(st.sampled_from(SYMBOLS), max_size=14))
def test_flat_ratio_is_value_of(cards: list[str]) -> None:
    """Any bracket-free expression (homeostasis.md §4.7): the same exact value."""
    n, d = flat_ratio(cards)
    assert d > 0
    assert Fraction(n, d) == value_of(cards)


@given(st.permutations(DECK))
def test_flat_ratio_on_round_layouts(cards: list[str]) -> None:
    """A round's ten cards in any order, as the bot fills its slots."""
    assert Fraction(*flat_ratio(cards)) == value_of(cards)


def test_worked_example() -> None:
    """homeostasis.md §4.7: ``2x12+-33/1`` simplifies to ``2x1+3/1`` = 5."""
    assert Fraction(*flat_ratio(list("2x12+-33/1"))) == 5
