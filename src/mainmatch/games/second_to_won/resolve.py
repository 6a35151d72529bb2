"""Resolving an auction (second_to_won spec §4): the bids read once, garnets
discarded, winners, payment, effects, the next state and, for ``apply``, the
events (§6).

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
from typing import Any

from mainmatch.engine.events import PUBLIC
from mainmatch.engine.game import Action, Event

from .items import CompiledEffect
from .models import GARNET_VALUE, LETTERS
from .scoring import end_object
from .state import Row, SecondEnd, SecondState
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
    won: dict[str, list[Any]]


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
    tops: Mapping[str, Row],
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
    won: dict[str, list[Any]] = {}
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
                    if num != den or g or infos:
                        for t in others[w]:
                            _aim(t, num, den, g, infos, mult, gift, info)
                    continue
                # CHOICE: validation made the bid name its target
                t = w if kind == YOU else choice
                if plus:
                    add[t] = add.get(t, 0) + plus
                if num != den or g or infos:
                    _aim(t, num, den, g, infos, mult, gift, info)
    new_points = _totals(players, points, everyone, add, mult)
    if garnets_bid or gift:
        garnets = dict(garnets)
        for p, g in garnets_bid.items():
            garnets[p] -= g
        for p, g in gift.items():
            garnets[p] += g
    return Settled(new_points, paid, garnets, gift, info, won)


def _aim(
    t: str,
    num: int,
    den: int,
    g: int,
    infos: Sequence[int],
    mult: dict[str, list[int]],
    gift: dict[str, int],
    info: dict[str, set[int]],
) -> None:
    """§4.4: one effect's multiplier, garnets and lists aimed at player ``t``."""
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


def _totals(
    players: Sequence[str],
    points: Mapping[str, int],
    everyone: int,
    add: Mapping[str, int],
    mult: Mapping[str, list[int]],
) -> dict[str, int]:
    """§4.4 (decisions 2, 3): every player's new total, ``ceil(points * mult) + add``."""
    new_points = dict(points)
    if everyone:
        for p in players:
            new_points[p] += everyone
    for p, plus in add.items():
        new_points[p] += plus
    for p, (num, den) in mult.items():
        if num != den:  # ceil(points * num / den) (den > 0), then every addition
            new_points[p] += -(-points[p] * num // den) - points[p]
    return new_points


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
    tops: dict[str, Row] = {}
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


def play_auction(
    state: SecondState, actions: dict[str, Action], emit: bool
) -> tuple[SecondState, list[Event]]:
    """§4 one auction from checked actions; its events only when ``emit``."""
    players, t, k = state.players, state.table, state.auction
    tops, garnets_bid, bids_log = _read_bids(state, actions)
    out = settle(
        players,
        k,
        t.compiled[k - 1],
        t.others,
        tops,
        state.points,
        state.chips,
        state.garnets,
        garnets_bid,
    )
    history = state.history + (out.points,)  # §4.5
    won, info, got = _learned(state, out)
    # §4.7 premature end (decision 16: before the normal one), normal end, or the next auction
    end = None
    if max(out.points.values()) > t.limit or k == t.n_auctions:
        end = end_object(players, history, t.tiebreak, t.limit)
    new = SecondState(
        config=state.config,
        players=players,
        index=state.index,
        table=t,
        phase="bidding" if end is None else "over",
        auction=k if end else k + 1,
        points=out.points,
        chips=out.chips,
        garnets=out.garnets,
        garnets_spent=_added(state.garnets_spent, garnets_bid),
        garnets_from_items=_added(state.garnets_from_items, out.gifted),
        history=history,
        bids=bids_log,
        won=won,
        info=info,
        end=end,
    )
    if not emit:
        return new, []
    return new, _auction_events(state, out, got, end)


def _read_bids(
    state: SecondState, actions: dict[str, Action]
) -> tuple[dict[str, Row], dict[str, int], dict[str, Row]]:
    """Each action read once, in letter order (the private view lists bids so):
    §4.1 the garnets each player bid, §4.2 each item's highest value and its
    bidders in players order (letter -> (value, then player, chips, garnets,
    choice of each top bid)), and each player's bids log with this auction's row."""
    k = state.auction
    tops: dict[str, Row] = {}
    garnets_bid: dict[str, int] = {}
    log = state.bids
    bids_log = {}
    for p in state.players:
        raw = actions[p]["bids"]
        row: Row = (k,)
        g_total = 0
        for letter in sorted(raw) if len(raw) > 1 else raw:
            bid = raw[letter]
            c = bid.get("chips", 0)
            if c > 0 and len(bid) == 1:  # the usual bid: chips only
                row += letter, c, 0, None
                top = tops.get(letter)
                if top is None or c > top[0]:
                    tops[letter] = (c, p, c, 0, None)
                elif c == top[0]:
                    tops[letter] = top + (p, c, 0, None)
                continue
            g = bid.get("garnets", 0)
            who = bid.get("choice")
            row += letter, c, g, who
            g_total += g
            _top_bid(tops, letter, c + GARNET_VALUE * g if g else c, (p, c, g, who))
        if g_total:
            garnets_bid[p] = g_total
        bids_log[p] = log[p] + (row,)
    return tops, garnets_bid, bids_log


def _top_bid(tops: dict[str, Row], letter: str, value: int, bid: Row) -> None:
    """§4.2: ``bid`` (player, chips, garnets, choice) of ``value`` on ``letter``
    kept when it is the highest so far, beside those it ties with."""
    top = tops.get(letter)
    if top is None:
        if value >= 0:
            tops[letter] = (value, *bid)
    elif value > top[0]:
        tops[letter] = (value, *bid)
    elif value == top[0]:
        tops[letter] = top + bid


def _added(totals: dict[str, int], more: Mapping[str, int]) -> dict[str, int]:
    """``totals`` plus ``more`` (the same map when there is nothing to add:
    states share what a step leaves alone)."""
    if not more:
        return totals
    out = dict(totals)
    for p, n in more.items():
        out[p] += n
    return out


def _learned(
    state: SecondState, out: Settled
) -> tuple[dict[str, Row], dict[str, Row], dict[str, list[int]]]:
    """§4.6: each player's items won and the auctions' lists they receive (all
    so far, and this auction's, ascending)."""
    won = state.won
    if out.won:
        won = dict(won)
        for w, entries in out.won.items():
            won[w] += tuple(entries)
    info = state.info
    got: dict[str, list[int]] = {}
    if out.info:
        info = dict(info)
        for p, js in out.info.items():
            got[p] = ordered = sorted(js)
            have = info[p]
            received = [j for j in ordered if j not in have]
            if received:
                info[p] = have + tuple(received)
    return won, info, got


def _auction_events(
    state: SecondState, out: Settled, got: dict[str, list[int]], end: SecondEnd | None
) -> list[Event]:
    """§6: the auction's events, as events.public / events.private shape them,
    written out; an auction's item list is built once for them."""
    t, k = state.table, state.auction
    shown: dict[int, list[Event]] = {}

    def listing(j: int) -> list[Event]:
        if j not in shown:
            shown[j] = t.show(j)
        return shown[j]

    events: list[Event] = [{"audience": PUBLIC, "type": "auction_closed", "auction": k}]
    for p in state.players:
        events.append(
            {
                "audience": [p],
                "type": "auction_result",
                "auction": k,
                "won": out.won[p][1::5] if p in out.won else [],
                "points": out.points[p],
                "chips": out.chips[p],
                "garnets": out.garnets[p],
                "garnets_gifted": out.gifted.get(p, 0),
            }
        )
        # decision 38: an information event every time, even for a list already received
        for j in got.get(p, ()):
            events.append(
                {"audience": [p], "type": "information", "auction": j, "items": listing(j)}
            )
    if end is not None:
        events.append({"audience": PUBLIC, "type": "game_over", **copy_end(end)})
    else:
        events.append(
            {"audience": PUBLIC, "type": "auction_open", "auction": k + 1, "items": listing(k + 1)}
        )
    return events


def copy_end(end: SecondEnd) -> SecondEnd:
    """A fresh copy of the ``end`` object (§7.5) for a view or an event."""
    out = end.copy()
    out["scores"] = dict(end["scores"])
    out["tokens_of_life"] = dict(end["tokens_of_life"])
    out["garnet_award"] = dict(end["garnet_award"])
    out["over_200"] = list(end["over_200"])
    out["first"] = list(end["first"])
    out["second"] = list(end["second"])
    out["last_place"] = list(end["last_place"])
    out["elimination_candidates"] = list(end["elimination_candidates"])
    out["score_history"] = [dict(h) for h in end["score_history"]]
    return out
