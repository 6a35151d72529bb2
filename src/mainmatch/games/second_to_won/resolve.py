"""Resolution of one auction (second_to_won spec §4): garnets discarded,
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
from .table import OTHERS, YOU, Lot, lot_of

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


@dataclass(slots=True)
class Settled:
    """What §4.3-4.4 did; the sparse maps hold only the players concerned."""

    points: dict[str, int]
    chips: dict[str, int]
    garnets: dict[str, int]  # held after discards and gifts (the old map if unchanged)
    gifted: dict[str, int]  # player -> garnets received from items, if any
    info: dict[str, set[int]]  # player -> auctions whose lists they receive, if any
    #: player -> the bids that won, letter order, if any: auction, letter, chips,
    #: garnets, choice (or None) of each in a row
    won: dict[str, list]


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
    auction: int,
    lots: Sequence[Lot],
    others: Mapping[str, Sequence[str]],
    tops: Mapping[str, tuple],
    points: Mapping[str, int],
    chips: Mapping[str, int],
    garnets: dict[str, int],
    garnets_bid: Mapping[str, int],
) -> Settled:
    """§4.3-4.4 for an auction whose winners are known: ``tops`` maps each
    letter someone bid on to the highest value, then each winner's player,
    chips, garnets and choice in a row (players order); ``garnets_bid`` the
    garnets each player bid (§4.1; absent: none)."""
    paid = dict(chips)
    mult: dict[str, list[int]] = {}  # player -> [numerator, denominator]
    add: dict[str, int] = {}  # player -> points added, beyond ``everyone``
    everyone = 0  # points added to every player (OTHERS items; their winner is taken off)
    gift: dict[str, int] = {}
    info: dict[str, set[int]] = {}
    won: dict[str, list] = {}
    for letter, lot in zip(LETTERS, lots):
        top = tops.get(letter)
        if top is None:
            continue
        # §4.2 ties: all tied bidders win (decision 4), each with a copy of the item
        for i in range(1, len(top), 4):
            w, c, g_bid, choice = top[i : i + 4]
            paid[w] -= c  # §4.3 winners pay; lost bids keep their chips
            if w in won:
                won[w] += auction, letter, c, g_bid, choice
            else:
                won[w] = [auction, letter, c, g_bid, choice]
            for kind, num, den, plus, g, infos in lot:
                if kind == OTHERS:
                    if plus:
                        everyone += plus
                        add[w] = add.get(w, 0) - plus
                    if num == den and not g and not infos:
                        continue
                    targets: Sequence[str] = others[w]
                else:
                    # CHOICE: validation made the bid name its target
                    t = w if kind == YOU else choice
                    if plus:
                        add[t] = add.get(t, 0) + plus
                    if num == den and not g and not infos:
                        continue
                    targets = (t,)
                for t in targets:
                    if num != den:
                        m = mult.get(t)
                        if m is None:
                            mult[t] = [num, den]
                        else:
                            m[0] *= num
                            m[1] *= den
                    if g:
                        gift[t] = gift.get(t, 0) + g
                    if infos:
                        if t in info:
                            info[t].update(infos)
                        else:
                            info[t] = set(infos)
    new_points = dict(points)
    if everyone:
        for p in players:
            new_points[p] += everyone
    for p, plus in add.items():
        new_points[p] += plus
    for p, (num, den) in mult.items():
        if num != den:  # ceil(points * num / den) (den > 0), then every addition
            new_points[p] += -(-points[p] * num // den) - points[p]
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
    tops: dict[str, tuple] = {}
    for letter, top in winners.items():
        if top:
            tops[letter] = (None,)
            for w in top:
                tops[letter] += (w, *bids[w][letter])
    others = {p: [q for q in players if q != p] for p in players}
    lots = [lot_of(effects) for effects in items]
    out = settle(players, 0, lots, others, tops, points, chips, garnets, garnets_bid)
    return Outcome(
        points=out.points,
        chips=out.chips,
        garnets=dict(out.garnets),
        garnets_bid=garnets_bid,
        gifted={p: out.gifted.get(p, 0) for p in players},
        info={p: sorted(out.info.get(p, ())) for p in players},
        won={p: out.won.get(p, [])[1::5] for p in players},
        winners=winners,
    )
