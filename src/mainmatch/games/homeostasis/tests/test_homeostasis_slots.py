"""The Homeostasis bot's shared slot values (games/homeostasis/bots/slots.py)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.games.homeostasis.bots.slots import (
    EXACT,
    SAMPLES,
    arrangements,
    bracket_ratio,
    pair_ratio,
    pair_ratios,
    slot_values,
    tree_ratio,
)
from mainmatch.games.homeostasis.cards import DECK, SYMBOLS
from mainmatch.games.homeostasis.expression import crosses, simplify, value_of


def _layout(draw_order: list[str], placed: int, rng: random.Random):
    """Slots after ``placed`` auctions of ``draw_order`` into random slots."""
    slots: list[str | None] = [None] * 10
    for card in draw_order[:placed]:
        slots[rng.choice([i for i, c in enumerate(slots) if c is None])] = card
    return tuple(slots), draw_order[placed], tuple(sorted(draw_order[placed + 1 :]))


@settings(max_examples=40, deadline=None)
@given(st.permutations(DECK), st.integers(5, 9), st.randoms(use_true_random=False))
def test_small_cases_average_every_arrangement(order, placed, rng) -> None:
    """With few cards to come, each slot's values are exactly those of every
    distinct arrangement of them (homeostasis spec §4.7), each counted once."""
    slots, card, later = _layout(list(order), placed, rng)
    empty = [i for i, c in enumerate(slots) if c is None]
    got = slot_values(slots, card, later)
    assert sorted(got) == [i + 1 for i in empty]
    for s in empty:
        expected: Counter = Counter()
        for arrangement in set(permutations(later)):
            filled = list(slots)
            filled[s] = card
            for i, c in zip([i for i in empty if i != s], arrangement):
                filled[i] = c
            expected[value_of(filled)] += 1
        assert len(set(permutations(later))) <= EXACT
        nums, dens, weights, total = got[s + 1]
        assert total == sum(weights) == sum(expected.values())
        assert Counter({Fraction(n, d): w for n, d, w in zip(nums, dens, weights)}) == expected


def test_large_cases_use_a_fixed_sample() -> None:
    """Nine cards to come: 32 arrangements, the same ones every time."""
    later = tuple(sorted(DECK[1:]))
    first = arrangements(later)
    assert len(first) == SAMPLES and first == arrangements(later)
    assert all(sorted(a) == list(later) for a in first)
    values = slot_values((None,) * 10, DECK[0], later)
    assert len(values) == 10
    assert all(sum(v[2]) == v[3] == SAMPLES for v in values.values())
    layout = list(first[0])
    nums, dens, _, _ = values[1]
    assert value_of([DECK[0], *layout]) in {Fraction(*v) for v in zip(nums, dens)}


@st.composite
def _bracketed(draw):
    """Cards and up to three pairs that cross none placed before (D23)."""
    cards = draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=13))
    pairs: list[tuple[int, int]] = []
    for _ in range(draw(st.integers(0, 3))):
        first = draw(st.integers(1, len(cards)))
        pair = (first, draw(st.integers(first, len(cards))))
        if not any(crosses(pair, p) for p in pairs):
            pairs.append(pair)
    return cards, pairs


@given(_bracketed())
def test_tree_ratio_is_value_of(case) -> None:
    """Any expression with brackets (homeostasis spec §4.7): the same exact value."""
    cards, pairs = case
    n, d = tree_ratio(simplify(cards, pairs))
    assert d > 0
    assert Fraction(n, d) == value_of(cards, pairs)


@settings(max_examples=300, deadline=None)
@given(_bracketed())
def test_bracket_ratio_is_tree_ratio_of_simplify(case) -> None:
    """The brackets bot's one-pass evaluation gives the very same
    ``(numerator, denominator)`` as the engine's rules then ``tree_ratio``
    (so the bot's decisions cannot change), hence the exact value."""
    cards, pairs = case
    assert bracket_ratio(cards, pairs) == tree_ratio(simplify(cards, pairs))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=13), st.data())
def test_pair_ratio_is_the_value_with_that_pair(cards, data) -> None:
    """The brackets bot's shortcut for one pair on a bracket-free expression:
    the engine's value (homeostasis spec §4.7), whether the section stays or goes."""
    first = data.draw(st.integers(1, len(cards)))
    last = data.draw(st.integers(first, len(cards)))
    n, d = pair_ratio(cards, first, last)
    assert d > 0
    assert (
        Fraction(n, d)
        == value_of(cards, [(first, last)])
        == Fraction(*bracket_ratio(cards, [(first, last)]))
    )


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(SYMBOLS), max_size=13))
def test_pair_ratios_lists_every_pair_as_pair_ratio(cards) -> None:
    """Every pair, ``first`` then ``last`` ascending, in the very same terms."""
    n = len(cards)
    expected = [
        ((f, last), pair_ratio(cards, f, last)) for f in range(1, n + 1) for last in range(f, n + 1)
    ]
    assert pair_ratios(cards) == expected
