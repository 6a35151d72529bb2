"""What a card is worth in each empty slot: the Homeostasis strategy bot's
slot values, shared by every bot that asks the same question.

The bot values the card on auction in an empty slot by the expressions the
round may end with: the other empty slots filled by the cards still to be
auctioned (``auction_order`` after this auction; public) in a random
arrangement. Which arrangement happens is not known, so it averages over
them: every distinct arrangement when there are at most :data:`EXACT`
(each equally likely under a uniform shuffle), else :data:`SAMPLES`
arrangements drawn from a generator seeded by the question itself.

Everything here is a pure function of what the views show (the slots, the
card, the cards to come), so one process-wide cache answers every player of
every match that asks it (docs/decisions/performance.md PH1): the first auctions of a
round, whose slots are nearly empty, are asked over and over. The values are
the exact rules of a bracket-free expression (homeostasis spec §4.7) in
integers (:func:`flat_ratio`); the team's utility of a value is applied by
the bot, which keeps the team and the total to itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from math import factorial, gcd
from typing import Any

from mainmatch.games.homeostasis.expression import build_tree

#: at most this many distinct arrangements of the cards to come: average over all of them
EXACT = 64
#: else this many arrangements, drawn from a generator seeded by the question
SAMPLES = 32

#: a slot's values: numerators, denominators (lowest terms), how many
#: arrangements give each, and the number of arrangements
Weighted = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]

#: the value of a number card (the "0" of rule 3 is handled where it is inserted)
_DIGITS = {"1": 1, "2": 2, "3": 3}


def flat_ratio(cards: Sequence[str | None]) -> tuple[int, int]:
    """``value_of(cards)`` of a bracket-free expression as ``(numerator,
    denominator)`` (not reduced; the denominator is positive), in plain integers.

    The same rules (homeostasis spec §4.7, D27, D28, D30, D31): the leftmost card
    of each run of one kind stays; a leading operation gets a ``0`` before it,
    a trailing one a ``0`` after it (``1`` after ``/``); ``x`` and ``/`` bind
    first, left to right; a divisor worth 0 counts as 1; nothing is worth 0.
    """
    tn, td = 0, 1  # the sum of the closed terms
    sign = 1
    pn = pd = 0  # the open term, pn / pd; pd == 0: no term yet
    op: str | None = None  # an operation waiting for its operand
    previous: bool | None = None
    for card in cards:
        digit = _DIGITS.get(card)  # type: ignore[arg-type]
        number = digit is not None
        if number is previous:
            continue  # D27: only a run's leftmost card stays
        previous = number
        if not number:
            if not pd:
                pn, pd = 0, 1  # D28: a leading operation gets a 0 before it
            op = card
            continue
        assert digit is not None
        if not pd:
            pn, pd = digit, 1
        elif op == "x":
            pn *= digit
        elif op == "/":
            pd *= digit  # D30: dividing by 0 divides by 1; digits are never 0 here
        else:
            tn, td = tn * pd + sign * pn * td, td * pd
            sign = 1 if op == "+" else -1
            pn, pd = digit, 1
        op = None
    if not pd:
        return 0, 1  # D31
    if op is not None:  # D28: a trailing operation's missing operand
        if op == "x":
            pn = 0
        elif op != "/":  # "/ 1" changes nothing
            tn, td = tn * pd + sign * pn * td, td * pd
            sign = 1 if op == "+" else -1
            pn, pd = 0, 1
    return tn * pd + sign * pn * td, td * pd


def arrangements(later: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The arrangements of ``later`` (sorted) to average over: all distinct
    ones when there are at most :data:`EXACT`, else :data:`SAMPLES` drawn
    from a generator seeded by ``later`` (the same draws in every process)."""
    distinct = factorial(len(later))
    for symbol in set(later):
        distinct //= factorial(later.count(symbol))
    if distinct <= EXACT:
        return sorted(set(permutations(later)))
    rng = random.Random("homeostasis-slots:" + "".join(later))  # str seeds are hashed stably
    out = []
    for _ in range(SAMPLES):
        order = list(later)
        rng.shuffle(order)
        out.append(tuple(order))
    return out


@lru_cache(maxsize=1 << 10)  # one per multiset of cards to come: a few hundred at most
def _orders(later: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`arrangements` of ``later``, each as one string (for ``str.format``)."""
    return tuple("".join(order) for order in arrangements(later))


@lru_cache(maxsize=1 << 12)  # a few MB at most; a long simulation asks a few thousand
def slot_values(
    slots: tuple[str | None, ...], card: str, later: tuple[str, ...]
) -> dict[int, Weighted]:
    """``{slot (1-based): (numerators, denominators, weights, arrangements)}``
    for every empty slot: the round's values with ``card`` there and the
    sorted cards ``later`` in the other empty slots, over
    :func:`arrangements`; distinct values ascending, each weighted by the
    number of arrangements that give it."""
    empty = [i for i, c in enumerate(slots) if c is None]
    orders = _orders(later)
    out: dict[int, Weighted] = {}
    for s in empty:
        # the filled slots as a format string: one C call writes an arrangement in
        filled = ["{}" if c is None else c for c in slots]
        filled[s] = card
        template = "".join(filled).format
        # values counted by n / d: the deck's one "/" keeps every denominator
        # at most 3, so distinct values differ by at least 1/6, far above a
        # float's rounding, and n / d orders them as Fraction does
        counts: dict[float, int] = {}
        terms: dict[float, tuple[int, int]] = {}
        for order in orders:
            n, d = flat_ratio(template(*order))
            value = n / d
            seen = counts.get(value)
            if seen is None:
                counts[value] = 1
                terms[value] = n, d
            else:
                counts[value] = seen + 1
        nums = []
        dens = []
        for value in sorted(counts):
            n, d = terms[value]
            g = gcd(n, d)
            nums.append(n // g)
            dens.append(d // g)
        out[s + 1] = (
            tuple(nums),
            tuple(dens),
            tuple(counts[v] for v in sorted(counts)),
            len(orders),
        )
    return out


def tree_ratio(level: list[Any]) -> tuple[int, int]:
    """The value of a level of ``expression.simplify``'s tree (rules 1-4
    applied) as ``(numerator, denominator)``, the denominator positive: the
    engine's ``_value`` (homeostasis spec §4.7 step 5) in integers. ``x`` and
    ``/`` bind first, left to right; a divisor worth 0 counts as 1 (D30); an
    empty level is worth 0 (D31)."""
    if not level:
        return 0, 1
    tn, td = 0, 1
    sign = 1
    pn, pd = _operand(level[0])
    for i in range(1, len(level) - 1, 2):
        op = level[i]
        on, od = _operand(level[i + 1])
        if op == "x":
            pn, pd = pn * on, pd * od
        elif op == "/":
            if on:  # the denominator is positive: divide by on / od, keeping pd > 0
                pn, pd = (pn * od, pd * on) if on > 0 else (-pn * od, -pd * on)
        else:
            tn, td = tn * pd + sign * pn * td, td * pd
            sign = 1 if op == "+" else -1
            pn, pd = on, od
    return tn * pd + sign * pn * td, td * pd


def _operand(item: str | list[Any] | tuple[int, int]) -> tuple[int, int]:
    if isinstance(item, list):
        return tree_ratio(item)
    if isinstance(item, tuple):  # a section already worked out (bracket_ratio)
        return item
    return (0 if item == "0" else _DIGITS[item]), 1


def bracket_ratio(cards: Sequence[str], pairs: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """``tree_ratio(simplify(cards, pairs))`` in one pass per level, the same
    ``(numerator, denominator)``: the engine's rules 1-4 and value
    (homeostasis spec §4.7, D26-D31) on the tree of ``expression.build_tree``,
    each section replaced by its value as soon as it is worked out
    (docs/decisions/performance.md PD3). The brackets bot asks it for every legal pair."""
    out = _level_ratio(build_tree(cards, pairs))
    return (out[0], out[1]) if out is not None else (0, 1)


def pair_ratio(cards: Sequence[str], first: int, last: int) -> tuple[int, int]:
    """``bracket_ratio(cards, [(first, last)])`` as a rational (the same value,
    maybe not the same terms): one pair on a bracket-free expression, the
    brackets bot's usual question, without building a tree.

    The rules (homeostasis spec §4.7, D26-D30) for one section: it goes with its
    cards unless they hold a number and an operation (rule 1; the two sides
    then join into one bracket-free level). Else the section's value is its
    cards' bracket-free value; around it, each side keeps its runs' leftmost
    cards (rule 2; the section separates runs), the level's ends get their
    missing operands (rule 3), a number right after the section goes and one
    right before it gets an implied ``x`` (rule 4); ``tree_ratio`` then values
    the level (a section worth 0 divides by 1, D30)."""
    inner = cards[first - 1 : last]
    number = operation = False
    for card in inner:
        if card in _DIGITS:
            number = True
        else:
            operation = True
    if not (number and operation):
        return flat_ratio([*cards[: first - 1], *cards[last:]])  # rule 1
    level: list[Any] = _heads(cards[: first - 1])
    if level:
        if level[0] not in _DIGITS:
            level.insert(0, "0")  # rule 3
        if level[-1] in _DIGITS:
            level.append("x")  # rule 4
    level.append(flat_ratio(inner))
    after = _heads(cards[last:])
    if after:
        if after[-1] not in _DIGITS:
            after.append("1" if after[-1] == "/" else "0")  # rule 3
        if after[0] in _DIGITS:
            del after[0]  # rule 4: a number right after a section goes
        level += after
    return tree_ratio(level)


def pair_ratios(cards: Sequence[str]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """``[((first, last), pair_ratio(cards, first, last)), ...]`` for every pair,
    ``first`` then ``last`` ascending, in the very same terms: each side's
    level (:func:`pair_ratio`) is worked out once for all the pairs that share it."""
    n = len(cards)
    tails = []  # the level's items after a section ending at card ``last``
    for last in range(n + 1):
        after = _heads(cards[last:])
        if after:
            if after[-1] not in _DIGITS:
                after.append("1" if after[-1] == "/" else "0")  # rule 3
            if after[0] in _DIGITS:
                del after[0]  # rule 4
        tails.append(after)
    out = []
    for first in range(1, n + 1):
        before = cards[: first - 1]
        head: list[Any] = _heads(before)
        if head:
            if head[0] not in _DIGITS:
                head.insert(0, "0")  # rule 3
            if head[-1] in _DIGITS:
                head.append("x")  # rule 4
        number = operation = False
        for last in range(first, n + 1):
            if cards[last - 1] in _DIGITS:
                number = True
            else:
                operation = True
            if number and operation:
                value = tree_ratio([*head, flat_ratio(cards[first - 1 : last]), *tails[last]])
            else:
                value = flat_ratio([*before, *cards[last:]])  # rule 1
            out.append(((first, last), value))
    return out


def _heads(cards: Sequence[str]) -> list[str]:
    """Rule 2 on a run of cards: the leftmost card of each run of one kind."""
    out: list[str] = []
    previous: bool | None = None
    for card in cards:
        number = card in _DIGITS
        if number is not previous:
            out.append(card)
            previous = number
    return out


def _level_ratio(level: list[Any]) -> tuple[int, int, bool, bool] | None:
    """A level's value and whether a number and an operation remain in it
    (at any depth), or ``None`` for an empty level."""
    items: list[Any] = []  # after rules 1 and 2: card symbols and sections' (n, d)
    has_number = has_operation = False
    previous: bool | None = None  # rule 2: kind of the previous card; None after a section
    for item in level:
        if type(item) is list:
            inner = _level_ratio(item)
            if inner is not None and inner[2] and inner[3]:  # rule 1 (D26)
                items.append((inner[0], inner[1]))
                has_number = has_operation = True
                previous = None
            continue
        number = item in _DIGITS
        if number:
            has_number = True
        else:
            has_operation = True
        if number is not previous:  # rule 2 (D27)
            items.append(item)
        previous = number
    if not items:
        return None
    # rule 3 (D28)
    first, last = items[0], items[-1]
    if type(first) is str and first not in _DIGITS:
        items.insert(0, "0")
    if type(last) is str and last not in _DIGITS:
        items.append("1" if last == "/" else "0")
    # rule 4 (D29): a number right after a section goes; a number or a
    # section right before a section gets an implied "x"
    joined: list[Any] = []
    after_section = False
    for item in items:
        if type(item) is tuple:
            if joined and (type(joined[-1]) is tuple or joined[-1] in _NUMBERS0):
                joined.append("x")
            joined.append(item)
            after_section = True
            continue
        if after_section and item in _NUMBERS0:
            continue
        joined.append(item)
        after_section = False
    n, d = tree_ratio(joined)  # its sections are values already (see _operand)
    return n, d, has_number, has_operation


#: the number symbols after rule 3 (its inserted "0" included)
_NUMBERS0 = frozenset(("0", "1", "2", "3"))
