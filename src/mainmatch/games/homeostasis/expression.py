"""Evaluating a round's expression exactly (homeostasis spec §4.7, D25–D33).

An expression is a list of card symbols with pairs of brackets over card
positions ``first..last`` (1-based, at least one card; pairs never cross,
nested and identical pairs are fine, D23). It is read as a tree: a *section*
is the content of a pair of brackets; a *level* is the top level or one
section's direct content. The seed's four rules are applied in its order
(D25), then the value is computed with exact fractions (D32):

1. empty sections go, innermost first, judged on the cards still inside
   (only numbers, only operations, or none), so removals cascade (D26);
2. on each level, in each run of cards of one kind, the leftmost stays (D27);
3. on each level a leading operation gets a ``0`` before it, a trailing one a
   ``0`` after it, or ``1`` after ``/`` (D28);
4. on each level a number right after a section is discarded, then a number
   or a section right before a section gets an implied ``x`` (D29);
5. value: ``x`` and ``/`` left to right, then ``+`` and ``-``; a divisor worth
   0 counts as 1 (D30); an empty top level is worth 0 (D31).

Inside this module a level is a list whose items are card symbols (``str``)
and sections (``list``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

from .cards import NUMBERS, OPERATIONS, SYMBOLS

#: a level of the expression tree: cards and operators, and nested levels (brackets)
Level: TypeAlias = "list[Item]"
Item: TypeAlias = "str | Level"
Pair = tuple[int, int]

_ZERO = Fraction(0)
_ONE = Fraction(1)
#: value of a number symbol, the inserted "0" included
_DIGIT = {"0": _ZERO, "1": _ONE, "2": Fraction(2), "3": Fraction(3)}


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A round's value and its simplified form (§4.7)."""

    value: Fraction
    #: the tree after rule 4, written without spaces (``""`` when empty)
    simplified: str

    @property
    def result(self) -> str:
        """The value as the views write it (``"5"``, ``"-1/2"``)."""
        return fraction_str(self.value)


def evaluate(cards: Sequence[str], brackets: Iterable[Pair] = ()) -> Evaluation:
    """Evaluate ``cards`` with the pairs ``brackets`` (``(first, last)``, 1-based).

    >>> evaluate(list("2x12+-33/1")).simplified, evaluate(list("2x12+-33/1")).result
    ('2x1+3/1', '5')
    >>> e = evaluate(list("2x12+-33/1"), [(3, 7)])
    >>> e.simplified, e.result
    ('2x(1+3)/1', '8')
    """
    tree = simplify(cards, brackets)
    return Evaluation(_value(tree), write(tree))


def value_of(cards: Sequence[str], brackets: Iterable[Pair] = ()) -> Fraction:
    """Just the value of :func:`evaluate` (the bots' hot path)."""
    if not brackets:
        return _value(_flat(cards))
    return _value(simplify(cards, brackets))


def simplify(cards: Sequence[str], brackets: Iterable[Pair] = ()) -> Level:
    """The tree after rules 1–4: levels alternate value, operation, …, value."""
    tree = build_tree(cards, brackets)
    tree = _drop_empty_sections(tree)[0]  # rule 1
    tree = _keep_run_heads(tree)  # rule 2
    _fill_missing_operands(tree)  # rule 3
    return _join_sections(tree)  # rule 4


def build_tree(cards: Sequence[str], brackets: Iterable[Pair] = ()) -> Level:
    """The cards as nested levels, one section per pair.

    Pairs must not cross (the game's validation guarantees it); identical
    pairs nest. ``build_tree("123", [(2, 3)])`` is ``["1", ["2", "3"]]``.
    """
    opening: dict[int, list[int]] = {}
    for first, last in brackets:
        opening.setdefault(first, []).append(last)
    root: Level = []
    stack: list[tuple[Level, int]] = [(root, len(cards) + 1)]
    for i, card in enumerate(cards, 1):
        # the outer pair (the larger last) opens first
        for last in sorted(opening.get(i, ()), reverse=True):
            section: Level = []
            stack[-1][0].append(section)
            stack.append((section, last))
        stack[-1][0].append(card)
        while len(stack) > 1 and stack[-1][1] <= i:
            stack.pop()
    return root


def crosses(a: Pair, b: Pair) -> bool:
    """Two pairs cross when they share a card and neither contains the other (§3, D23).

    >>> crosses((2, 4), (3, 7)), crosses((3, 7), (4, 5)), crosses((3, 7), (3, 7)), crosses((1, 2), (3, 4))
    (True, False, False, False)
    """
    (f1, l1), (f2, l2) = a, b
    if l1 < f2 or l2 < f1:
        return False
    return not ((f1 <= f2 and l2 <= l1) or (f2 <= f1 and l1 <= l2))


def write(tree: Level) -> str:
    """A tree written without spaces, sections in ``( )``."""
    return "".join(item if isinstance(item, str) else "(" + write(item) + ")" for item in tree)


def fraction_str(value: Fraction) -> str:
    """``str(Fraction)``: lowest terms, sign on the numerator, no denominator 1 (§4.7).

    >>> fraction_str(Fraction(-2, 4)), fraction_str(Fraction(10, 2)), fraction_str(Fraction(0))
    ('-1/2', '5', '0')
    """
    return str(value)


# --------------------------------------------------------------- notation


def notation(cards: Sequence[str], brackets: Iterable[Pair] = ()) -> str:
    """The spec's notation of an expression: ``2x(12+-3)3/1`` (§9).

    >>> notation(list("2x12+-33/1"), [(3, 7)])
    '2x(12+-3)3/1'
    """
    return write(build_tree(cards, brackets))


def parse_notation(text: str) -> tuple[list[str], list[Pair]]:
    """Cards and pairs of the spec's notation: ``2x(12+-3)3/1`` is the ten cards
    with the pair ``(3, 7)``. Pairs are listed by their closing bracket.

    >>> parse_notation("(2)x12(+)-33/1")
    (['2', 'x', '1', '2', '+', '-', '3', '3', '/', '1'], [(1, 1), (5, 5)])
    """
    cards: list[str] = []
    pairs: list[Pair] = []
    open_at: list[int] = []
    for ch in text:
        if ch == "(":
            open_at.append(len(cards) + 1)
        elif ch == ")":
            pairs.append((open_at.pop(), len(cards)))
        elif ch in SYMBOLS:
            cards.append(ch)
        elif not ch.isspace():
            raise ValueError(f"unknown symbol {ch!r} in {text!r}")
    if open_at:
        raise ValueError(f"unclosed bracket in {text!r}")
    return cards, pairs


# --------------------------------------------------------------- rule 1


def _drop_empty_sections(level: Level) -> tuple[Level, bool, bool]:
    """Rule 1, innermost first: returns the level without the sections whose
    remaining cards are only numbers, only operations or none, and whether
    a number and an operation remain in it (at any depth) (D26)."""
    out: Level = []
    has_number = has_operation = False
    for item in level:
        if isinstance(item, list):
            inner, n, o = _drop_empty_sections(item)
            if n and o:
                out.append(inner)
                has_number = has_operation = True
        else:
            out.append(item)
            if item in NUMBERS:
                has_number = True
            else:
                has_operation = True
    return out, has_number, has_operation


# --------------------------------------------------------------- rule 2


def _keep_run_heads(level: Level) -> Level:
    """Rule 2: in each run of one kind on a level, the leftmost card stays;
    a surviving section ends a run (D27)."""
    out: Level = []
    previous = None  # kind of the previous item: True number, False operation, None section/start
    for item in level:
        if isinstance(item, list):
            out.append(_keep_run_heads(item))
            previous = None
            continue
        kind = item in NUMBERS
        if kind is not previous:
            out.append(item)
        previous = kind
    return out


# --------------------------------------------------------------- rule 3


def _fill_missing_operands(level: Level) -> None:
    """Rule 3, in place: ``0`` before a leading operation, ``0`` after a
    trailing one (``1`` after ``/``), on every level (D28)."""
    for item in level:
        if isinstance(item, list):
            _fill_missing_operands(item)
    if not level:
        return
    first = level[0]
    if isinstance(first, str) and first in OPERATIONS:
        level.insert(0, "0")
    last = level[-1]
    if isinstance(last, str) and last in OPERATIONS:
        level.append("1" if last == "/" else "0")


# --------------------------------------------------------------- rule 4


def _join_sections(level: Level) -> Level:
    """Rule 4: a number right after a section is discarded; then a number or
    a section right before a section gets an implied ``x`` (D29)."""
    kept: Level = []
    after_section = False
    for item in level:
        if isinstance(item, list):
            kept.append(_join_sections(item))
            after_section = True
            continue
        if after_section and item in _DIGIT:
            continue  # "If the number is after, it is discarded."
        kept.append(item)
        after_section = False
    out: Level = []
    for item in kept:
        if isinstance(item, list) and out and (isinstance(out[-1], list) or out[-1] in _DIGIT):
            out.append("x")
        out.append(item)
    return out


# --------------------------------------------------------------- value


def _flat(cards: Sequence[str]) -> Level:
    """Rules 2 and 3 for an expression without brackets (rules 1 and 4 need sections)."""
    out: Level = []
    previous = None
    for card in cards:
        kind = card in NUMBERS
        if kind is not previous:
            out.append(card)
        previous = kind
    if out:
        if out[0] in OPERATIONS:
            out.insert(0, "0")
        if out[-1] in OPERATIONS:
            out.append("1" if out[-1] == "/" else "0")
    return out


def _operand(item: Item) -> Fraction:
    return _value(item) if isinstance(item, list) else _DIGIT[item]


def _value(level: Level) -> Fraction:
    """A simplified level's value: ``x`` ``/`` first, then ``+`` ``-``, left to right;
    a divisor worth 0 counts as 1 (D30); an empty level is worth 0 (D31)."""
    if not level:
        return _ZERO
    total = _ZERO
    sign = 1
    term = _operand(level[0])
    for i in range(1, len(level) - 1, 2):
        op = level[i]
        operand = _operand(level[i + 1])
        if op == "x":
            term *= operand
        elif op == "/":
            term /= operand if operand else _ONE
        else:
            total += term if sign > 0 else -term
            sign = 1 if op == "+" else -1
            term = operand
    return total + (term if sign > 0 else -term)
