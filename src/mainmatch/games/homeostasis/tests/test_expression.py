"""The expression evaluator (homeostasis spec §4.7): each rule on its own, the
seed's and spec's examples (also in test_examples), and Hypothesis over every
card sequence and bracket placement the game can produce."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.games.homeostasis.cards import DECK, NUMBERS, OPERATIONS, SYMBOLS
from mainmatch.games.homeostasis.expression import (
    build_tree,
    crosses,
    evaluate,
    fraction_str,
    notation,
    parse_notation,
    simplify,
    value_of,
    write,
)


def ev(text: str) -> tuple[str, str]:
    e = evaluate(*parse_notation(text))
    return e.result, e.simplified


# ------------------------------------------------------------ the tree


def test_build_tree_nests_pairs_and_identical_pairs() -> None:
    assert build_tree(list("123"), [(2, 3)]) == ["1", ["2", "3"]]
    assert build_tree(list("1+2"), [(1, 3), (1, 3)]) == [[["1", "+", "2"]]]
    assert build_tree(list("1+2x3"), [(3, 5), (1, 5), (3, 3)]) == [["1", "+", [["2"], "x", "3"]]]
    assert build_tree([], []) == []


def test_notation_round_trip() -> None:
    for text in ("2x(12+-3)3/1", "((1)(+))2", "(2)x12(+)-33/1", "2x((12+-3))3/1", ""):
        assert notation(*parse_notation(text)) == text


def test_parse_notation_rejects_junk() -> None:
    with pytest.raises(ValueError):
        parse_notation("2*3")
    with pytest.raises(ValueError):
        parse_notation("(2")


@pytest.mark.parametrize(
    ("a", "b", "cross"),
    [
        ((2, 4), (3, 7), True),
        ((3, 7), (2, 4), True),
        ((3, 7), (7, 9), True),
        ((3, 7), (4, 5), False),
        ((4, 5), (3, 7), False),
        ((3, 7), (3, 7), False),
        ((3, 7), (3, 3), False),
        ((1, 2), (3, 4), False),
        ((5, 5), (5, 5), False),
        ((1, 10), (10, 10), False),
    ],
)
def test_crosses(a, b, cross) -> None:
    assert crosses(a, b) is cross


# ------------------------------------------------------------ rule by rule


def test_rule1_sections_of_one_kind_or_nothing_go_with_cascades() -> None:
    assert ev("(2)+1") == ("1", "0+1")  # only a number
    assert ev("1(+)2") == ("1", "1")  # only an operation: 1 2 is a run
    assert ev("1(+(23))x1-23/") == ("-1", "1x1-2/1")
    assert ev("((1)(+))2") == ("2", "2")
    assert ev("(1(2)+)3") == ("1", "(1+0)")  # (2) goes, (1+) stays, 3 after it goes


def test_rule2_runs_keep_the_leftmost_and_brackets_split_runs() -> None:
    assert ev("123") == ("1", "1")
    assert ev("1+-x2") == ("3", "1+2")
    assert ev("1(2+3)") == ("5", "1x(2+3)")  # the surviving section splits "1 2"
    assert ev("1(2)3") == ("1", "1")  # a removed section separates nothing


def test_rule3_missing_operands() -> None:
    assert ev("+2") == ("2", "0+2")
    assert ev("2-") == ("2", "2-0")
    assert ev("2/") == ("2", "2/1")
    assert ev("x") == ("0", "0x0")
    assert ev("/") == ("0", "0/1")
    assert ev("(x2)") == ("0", "(0x2)")
    assert ev("(2/)") == ("2", "(2/1)")


def test_rule4_next_to_a_section() -> None:
    assert ev("2(1+3)") == ("8", "2x(1+3)")
    assert ev("(1+3)2") == ("4", "(1+3)")
    assert ev("(1+2)(3-1)x2/3") == ("4", "(1+2)x(3-1)x2/3")
    assert ev("(1+2)3(1-2)x3/") == ("-9", "(1+2)x(1-2)x3/1")
    assert ev("2((1+3))") == ("8", "2x((1+3))")


def test_value_order_of_operations_exact_fractions_and_zero_divisors() -> None:
    assert ev("1+2x3") == ("7", "1+2x3")
    assert ev("3/2/3") == ("1/2", "3/2/3")
    assert ev("1-3/2") == ("-1/2", "1-3/2")
    assert ev("2/(1-1)x3+32") == ("9", "2/(1-1)x3+3")
    assert ev("3/(2-2)/(1-1)") == ("3", "3/(2-2)/(1-1)")
    assert ev("") == ("0", "")
    assert ev("(112233)(+-x/)") == ("0", "")
    assert isinstance(evaluate(list("3/2")).value, Fraction)


def test_fraction_strings() -> None:
    assert [
        fraction_str(Fraction(n, d)) for n, d in ((5, 1), (-1, 2), (0, 7), (6, 4), (3, -9))
    ] == ["5", "-1/2", "0", "3/2", "-1/3"]


# ------------------------------------------------------------ Hypothesis


class Q:
    """An independent reading of a simplified string: Python's own operator
    precedence over exact fractions, a divisor worth 0 counting as 1 (D30)."""

    __slots__ = ("v",)

    def __init__(self, v) -> None:
        self.v = Fraction(v)

    def __add__(self, o: Q) -> Q:
        return Q(self.v + o.v)

    def __sub__(self, o: Q) -> Q:
        return Q(self.v - o.v)

    def __mul__(self, o: Q) -> Q:
        return Q(self.v * o.v)

    def __truediv__(self, o: Q) -> Q:
        return Q(self.v / (o.v or 1))


def independent_value(simplified: str) -> Fraction:
    if not simplified:
        return Fraction(0)
    code = re.sub(r"[0-3]", lambda m: f"Q({m.group()})", simplified).replace("x", "*")
    return eval(code, {"Q": Q}).v


def _check_level(level: list, top: bool) -> None:
    """After rule 4 every level alternates value, operation, …, value, and
    every section holds a number and an operation."""
    if not level:
        assert top, "only the top level may be empty"
        return
    for i, item in enumerate(level):
        if i % 2 == 0:
            assert isinstance(item, list) or item in NUMBERS or item == "0", level
            if isinstance(item, list):
                _check_level(item, False)
        else:
            assert isinstance(item, str) and item in OPERATIONS, level
    assert len(level) % 2 == 1


@st.composite
def game_expressions(draw):
    """What a round can produce: the ten slots (a deck permutation), saved
    cards at either end (from one player's copy), and non-crossing pairs
    (one per team and match, so at most 3; we allow up to 5, nested or identical)."""
    slots = draw(st.permutations(DECK))
    saved = draw(
        st.lists(st.sampled_from(SYMBOLS), max_size=10).filter(
            lambda xs: all(Counter(xs)[s] <= Counter(DECK)[s] for s in set(xs))
        )
    )
    cut = draw(st.integers(0, len(saved)))
    cards = saved[:cut] + list(slots) + saved[cut:]
    pairs: list[tuple[int, int]] = []
    for _ in range(draw(st.integers(0, 5))):
        first = draw(st.integers(1, len(cards)))
        last = draw(st.integers(first, len(cards)))
        if not any(crosses((first, last), p) for p in pairs):
            pairs.append((first, last))
    return cards, pairs


@st.composite
def any_expressions(draw):
    """Any card sequence (the game's are a subset) with non-crossing pairs."""
    cards = draw(st.lists(st.sampled_from(SYMBOLS), max_size=24))
    pairs: list[tuple[int, int]] = []
    if cards:
        for _ in range(draw(st.integers(0, 6))):
            first = draw(st.integers(1, len(cards)))
            last = draw(st.integers(first, len(cards)))
            if not any(crosses((first, last), p) for p in pairs):
                pairs.append((first, last))
    return cards, pairs


def _properties(cards: list[str], pairs: list[tuple[int, int]]) -> None:
    e = evaluate(cards, pairs)
    assert isinstance(e.value, Fraction)
    assert e.result == str(e.value)
    assert Fraction(e.result) == e.value
    assert value_of(cards, pairs) == e.value
    tree = simplify(cards, pairs)
    assert write(tree) == e.simplified
    _check_level(tree, True)
    assert independent_value(e.simplified) == e.value
    assert set(e.simplified) <= set("0123+-x/()")


@settings(max_examples=400, deadline=None)
@given(game_expressions())
def test_game_expressions_never_raise_and_are_exact(expr) -> None:
    _properties(*expr)


@settings(max_examples=300, deadline=None)
@given(any_expressions())
def test_any_expression_never_raises_and_is_exact(expr) -> None:
    _properties(*expr)


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK))
def test_without_brackets_the_fast_path_agrees(slots) -> None:
    assert value_of(list(slots)) == evaluate(list(slots)).value
