"""Resolution of one auction (second_to_won.md §4): garnets discarded,
winners, payment, effects.

Effects are simultaneous (decision 1): for each player the product of every
multiplier aimed at them and the sum of every addition, then
``ceil(points * mult) + add``, exact and rounded once (decisions 2, 3). The
multipliers are kept as integer numerators and denominators (decimal strings
are exact ratios), so ``ceil`` is one integer division.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .items import CompiledEffect
from .models import GARNET_VALUE, LETTERS
from .table import CHOICE, YOU, Lot, lot_of

#: a player's bids: letter -> (chips, garnets, choice)
Bids = dict[str, tuple[int, int, "str | None"]]
#: one bid as the engine reads and keeps it: (letter, chips, garnets, choice or None)
Entry = tuple[str, int, int, "str | None"]


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


@dataclass(slots=True)
class Settled:
    """What §4.3-4.4 did; the sparse maps hold only the players concerned."""

    points: dict[str, int]
    chips: dict[str, int]
    garnets: dict[str, int]  # held after discards and gifts (the old map if unchanged)
    gifted: dict[str, int]  # player -> garnets received from items, if any
    info: dict[str, set[int]]  # player -> auctions whose lists they receive, if any
    won: dict[str, list[Entry]]  # player -> the bids that won, letter order, if any


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


def settle(
    players: Sequence[str],
    lots: Sequence[Lot],
    others: Mapping[str, Sequence[str]],
    tops: Mapping[str, list[tuple[str, Entry]]],
    points: Mapping[str, int],
    chips: Mapping[str, int],
    garnets: dict[str, int],
    garnets_bid: Mapping[str, int],
) -> Settled:
    """§4.3-4.4 for an auction whose winners are known: ``tops`` maps each
    letter someone bid on to its winners (players order) and their winning
    bids; ``garnets_bid`` the garnets each player bid (§4.1; absent: none)."""
    paid = dict(chips)
    mult: dict[str, list[int]] = {}  # player -> [numerator, denominator]
    add = dict.fromkeys(players, 0)
    gift: dict[str, int] = {}
    info: dict[str, set[int]] = {}
    won: dict[str, list[Entry]] = {}
    for letter, lot in zip(LETTERS, lots):
        top = tops.get(letter)
        if not top:
            continue
        # §4.2 ties: all tied bidders win (decision 4), each with a copy of the item
        for w, entry in top:
            paid[w] -= entry[1]  # §4.3 winners pay; lost bids keep their chips
            if w in won:
                won[w].append(entry)
            else:
                won[w] = [entry]
            for kind, num, den, plus, g, infos in lot:
                if kind == YOU:
                    targets: Sequence[str] = (w,)
                elif kind == CHOICE:
                    targets = (entry[3],)  # type: ignore[assignment]  # validation names it
                else:
                    targets = others[w]
                for t in targets:
                    if num != den:
                        m = mult.get(t)
                        if m is None:
                            mult[t] = [num, den]
                        else:
                            m[0] *= num
                            m[1] *= den
                    if plus:
                        add[t] += plus
                    if g:
                        gift[t] = gift.get(t, 0) + g
                    if infos:
                        if t in info:
                            info[t].update(infos)
                        else:
                            info[t] = set(infos)
    new_points = {}
    for p in players:
        m = mult.get(p)
        if m is None or m[0] == m[1]:
            new_points[p] = points[p] + add[p]
        else:  # ceil(points * num / den), den > 0
            new_points[p] = -(-points[p] * m[0] // m[1]) + add[p]
    if garnets_bid or gift:
        garnets = dict(garnets)
        for p, g in garnets_bid.items():
            garnets[p] -= g
        for p, g in gift.items():
            garnets[p] += g
    return Settled(new_points, paid, garnets, gift, info, won)


def resolve(
    players: Sequence[str],
    items: Sequence[Sequence[CompiledEffect]],
    bids: dict[str, Bids],
    points: dict[str, int],
    chips: dict[str, int],
    garnets: dict[str, int],
) -> Outcome:
    """Resolve one auction (§4.1-4.4). ``bids`` holds every player's legal bids."""
    garnets_bid = {p: sum(b[1] for b in bids[p].values()) for p in players}
    winners = {letter: item_winners(players, bids, letter) for letter in LETTERS}
    tops = {l: [(w, (l, *bids[w][l])) for w in top] for l, top in winners.items()}
    others = {p: [q for q in players if q != p] for p in players}
    lots = [lot_of(effects) for effects in items]
    out = settle(players, lots, others, tops, points, chips, garnets, garnets_bid)
    return Outcome(
        points=out.points,
        chips=out.chips,
        garnets=dict(out.garnets),
        garnets_bid=garnets_bid,
        gifted={p: out.gifted.get(p, 0) for p in players},
        info={p: sorted(out.info.get(p, ())) for p in players},
        won={p: [e[0] for e in out.won.get(p, ())] for p in players},
        winners=winners,
    )
