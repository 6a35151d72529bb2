"""Resolution of one auction (second_to_won.md §4): garnets discarded,
winners, payment, effects.

Effects are simultaneous (decision 1): for each player the product of every
multiplier aimed at them and the sum of every addition, then
``ceil(points * mult) + add``, exact and rounded once (decisions 2, 3).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .items import CompiledEffect
from .models import GARNET_VALUE, LETTERS

#: a player's bids: letter -> (chips, garnets, choice)
Bids = dict[str, tuple[int, int, "str | None"]]


@dataclass(slots=True)
class Outcome:
    """What an auction did. Maps hold every player."""

    points: dict[str, int]
    chips: dict[str, int]
    garnets: dict[str, int]  # held after discards and gifts
    garnets_bid: dict[str, int]  # discarded this auction (§4.1)
    gifted: dict[str, int]  # received from items this auction
    info: dict[str, list[int]]  # auctions whose list each player receives, ascending
    won: dict[str, list[str]]  # letters won, in letter order
    winners: dict[str, list[str]]  # letter -> winners in players order (empty: discarded)


def item_winners(players: Sequence[str], bids: dict[str, Bids], letter: str) -> list[str]:
    """§4.2: every bidder with the highest value wins; nobody if nobody bid."""
    best = 0
    top: list[str] = []
    for p in players:
        bid = bids[p].get(letter)
        if bid is None:
            continue
        value = bid[0] + GARNET_VALUE * bid[1]
        if value > best:
            best, top = value, [p]
        elif value == best:
            top.append(p)
    return top


def new_total(points: int, mult: Fraction | int, add: int) -> int:
    """§4.4: ``ceil(points * mult) + add``, rounding up toward +infinity.

    >>> new_total(15, Fraction(9, 4), 10), new_total(10, Fraction(11, 10), 0), new_total(-5, Fraction(3, 2), 0)
    (44, 11, -7)
    """
    if mult == 1:
        return points + add
    return math.ceil(points * mult) + add


def resolve(
    players: Sequence[str],
    items: Sequence[tuple[CompiledEffect, ...]],
    bids: dict[str, Bids],
    points: dict[str, int],
    chips: dict[str, int],
    garnets: dict[str, int],
) -> Outcome:
    """Resolve one auction (§4.1-4.4). ``bids`` holds every player's legal bids."""
    chips = dict(chips)
    held = dict(garnets)
    garnets_bid = {}
    # one pass over the bids: §4.1 garnets bid are discarded, won or lost; §4.2 each
    # item's highest value and its bidders in players order (as item_winners finds them)
    best: dict[str, int] = {}
    tops: dict[str, list[str]] = {}
    for p in players:
        g_total = 0
        for letter, (c, g, _choice) in bids[p].items():
            g_total += g
            value = c + GARNET_VALUE * g
            high = best.get(letter, 0)
            if value > high:
                best[letter] = value
                tops[letter] = [p]
            elif value == high:
                tops.setdefault(letter, []).append(p)
        garnets_bid[p] = g_total
        held[p] -= g_total
    mult: dict[str, Fraction | int] = dict.fromkeys(players, 1)
    add = dict.fromkeys(players, 0)
    gift = dict.fromkeys(players, 0)
    info: dict[str, set[int]] = {p: set() for p in players}
    won: dict[str, list[str]] = {p: [] for p in players}
    winners: dict[str, list[str]] = {}
    for letter, effects in zip(LETTERS, items):
        # §4.2 winners (ties: all tied bidders win, decision 4)
        top = tops.get(letter, [])
        winners[letter] = top
        for w in top:
            c, _g, choice = bids[w][letter]
            chips[w] -= c  # §4.3 winners pay; lost bids keep their chips
            won[w].append(letter)
            # §4.4 each winner's copy of the item, each effect to its targets
            for e in effects:
                if e.target == "you":
                    targets: Sequence[str] = (w,)
                elif e.target == "choice":
                    assert choice is not None  # validation: a choice item names its target
                    targets = (choice,)
                else:
                    targets = [p for p in players if p != w]
                for t in targets:
                    if e.multiply is not None:
                        mult[t] *= e.multiply
                    add[t] += e.add
                    gift[t] += e.garnets
                    if e.info is not None:
                        info[t].add(e.info)
    new_points = {p: new_total(points[p], mult[p], add[p]) for p in players}
    for p in players:
        held[p] += gift[p]
    return Outcome(
        points=new_points,
        chips=chips,
        garnets=held,
        garnets_bid=garnets_bid,
        gifted=gift,
        info={p: sorted(info[p]) for p in players},
        won=won,
        winners=winners,
    )
