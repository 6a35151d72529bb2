"""Minus Auction (amalgamation spec §4.1.3, §4.2 "Minus").

Each round reveals 5 tiles; every player bids an integer of any sign on each
(a bid costs its absolute value, won or lost). Tiles are considered in list
order; the lowest bid takes the tile. When several tie for lowest, the tied
player nearest the front of the tiebreak order takes it and moves to the end
of the order, at once (decision 11). A player who goes two rounds in a row
without a tile is penalized $20 and the count restarts (decision 17); the
money itself is taken by ``budget.penalize``.

At the end a player scores, for each maximal run of consecutive tile values
held, the run's value nearest 0 (decision 14, 15): ``[-17, -18, -19, -20]``
-> -17. Ranking: score descending, then money bid (``sum(|bid|)``)
descending, then the gamewide tiebreak.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import JSONObject

from .constants import PENALTY_AFTER


@immutable
class MinusState:
    order: tuple[str, ...]  # current tiebreak order, front first (public)
    received: dict[str, tuple[int, ...]]  # player -> tiles held, descending (public)
    without: dict[str, int]  # rounds in a row without a tile (0 or 1, public)
    spend: dict[str, int]  # player -> sum(|bid|) over the match (secret)
    rounds: tuple[JSONObject, ...]  # public round entries


def initial(players: tuple[str, ...], order: Iterable[str]) -> MinusState:
    return MinusState(
        order=tuple(order),
        received=dict.fromkeys(players, ()),
        without=dict.fromkeys(players, 0),
        spend=dict.fromkeys(players, 0),
        rounds=(),
    )


def auction(
    tiles: tuple[int, ...], bids: Mapping[str, Sequence[int]], order: tuple[str, ...]
) -> tuple[list[str], tuple[str, ...]]:
    """Award ``tiles`` in list order: ``(winner of each tile, order afterwards)``.

    >>> auction((-10, -11, -30, -2, -20),
    ...         {"a": [-5, 0, 0, 3, -2], "b": [-5, 0, 0, 3, 5], "c": [0, 0, 0, 3, 5],
    ...          "d": [0, 0, 0, 3, 5], "e": [0, 0, 0, 3, -2], "f": [0, 0, -1, 3, 5]}, tuple("abcdef"))
    (['a', 'b', 'f', 'c', 'e'], ('d', 'f', 'a', 'b', 'c', 'e'))
    """
    bidders = tuple(bids)
    index = {p: i for i, p in enumerate(bidders)}
    winners, after = award(tiles, list(zip(*bids.values())), order, bidders, index)
    return winners, tuple(after)


def award(
    tiles: Sequence[int],
    columns: Sequence[Sequence[int]],
    order: tuple[str, ...],
    bidders: Sequence[str],
    index: Mapping[str, int],
) -> tuple[list[str], tuple[str, ...]]:
    """:func:`auction` with the bids as columns: ``columns[i][index[p]]`` is
    the bid of ``p`` (``bidders[index[p]]``) on tile ``i``; the order comes
    back as given when no tie moved it."""
    winners = []
    moved: list[str] | None = None  # the order, copied at the first tie
    for _, column in zip(tiles, columns):  # one column per tile
        low = min(column)
        if column.count(low) == 1:
            winners.append(bidders[column.index(low)])  # a sole lowest bid: the order stays
            continue
        # §4.1.3: only a tie winner moves to the end; later tiles use the new order
        if moved is None:
            moved = list(order)
        winner = next(p for p in moved if column[index[p]] == low)
        moved.remove(winner)
        moved.append(winner)
        winners.append(winner)
    return winners, order if moved is None else tuple(moved)


def resolve_round(
    state: MinusState,
    round_no: int,
    tiles: tuple[int, ...],
    bids: Mapping[str, Sequence[int]],
    players: tuple[str, ...],
) -> tuple[MinusState, JSONObject]:
    """§4.1.3: award the tiles, count rounds without tiles, list who is penalized.

    Returns the new state and the public entry ``{round, tiles, awards,
    tiebreak_order, penalized}``; the caller takes the penalized players' money.
    """
    rows = [bids[p] for p in players]
    costs = [sum(map(abs, b)) for b in rows]
    index = {p: i for i, p in enumerate(players)}
    return resolve(state, round_no, tiles, list(zip(*rows)), costs, players, index)


def resolve(
    state: MinusState,
    round_no: int,
    tiles: tuple[int, ...],
    columns: Sequence[Sequence[int]],
    costs: Sequence[int],
    players: tuple[str, ...],
    index: Mapping[str, int],
) -> tuple[MinusState, JSONObject]:
    """:func:`resolve_round` with the bids on each tile and each player's
    ``sum(|bid|)`` listed in ``players`` order (the order of the state's
    maps), ``index`` the players' positions: a round's one pass
    (``resolve.apply_round``)."""
    winners, order = award(tiles, columns, state.order, players, index)
    received = state.received.copy()
    got: dict[str, list[int]] = {}  # each winner's tiles, old and new
    for tile, p in zip(tiles, winners):
        if p in got:
            got[p].append(tile)
        else:
            got[p] = [*received[p], tile]
    for p, held in got.items():
        held.sort(reverse=True)  # kept descending
        received[p] = tuple(held)
    without = {}
    penalized = []
    before = state.without
    for p in players:
        if p in got:
            without[p] = 0
        else:
            n = before[p] + 1
            if n >= PENALTY_AFTER:
                penalized.append(p)
                n = 0
            without[p] = n
    a, b, c, d, e, f = players  # six players (six.py), in players order
    s0, s1, s2, s3, s4, s5 = state.spend.values()
    c0, c1, c2, c3, c4, c5 = costs
    spend = {a: s0 + c0, b: s1 + c1, c: s2 + c2, d: s3 + c3, e: s4 + c4, f: s5 + c5}
    t0, t1, t2, t3, t4 = tiles  # TILES_PER_ROUND
    w0, w1, w2, w3, w4 = winners
    entry = {
        "round": round_no,
        "tiles": [t0, t1, t2, t3, t4],
        "awards": [
            {"tile": t0, "winner": w0},
            {"tile": t1, "winner": w1},
            {"tile": t2, "winner": w2},
            {"tile": t3, "winner": w3},
            {"tile": t4, "winner": w4},
        ],
        "tiebreak_order": list(order),
        "penalized": penalized,
    }
    after = MinusState(
        order=order, received=received, without=without, spend=spend, rounds=state.rounds + (entry,)
    )
    return after, entry


def streak_score(tiles: Iterable[int]) -> int:
    """Sum over maximal runs of consecutive values of the run's value nearest 0.

    >>> streak_score([-17, -18, -19, -20]), streak_score([-17, -19, -21]), streak_score([])
    (-17, -57, 0)
    """
    total = 0
    previous = None
    for t in sorted(tiles, reverse=True):
        if previous is None or t != previous - 1:
            total += t  # a new run starts at its value nearest 0
        previous = t
    return total


def scores(state: MinusState) -> dict[str, int]:
    return {p: _runs(ts) for p, ts in state.received.items()}


def _runs(tiles: tuple[int, ...]) -> int:
    # streak_score of tiles already descending (``received`` keeps them so)
    total = 0
    previous = 1
    for t in tiles:
        if t != previous - 1:
            total += t  # a new run starts at its value nearest 0
        previous = t
    return total


def ranking(scores_: dict[str, int], spend: dict[str, int], gt: dict[str, int]) -> list[str]:
    """§4.2 Minus: score descending, then money bid descending, then GT.

    >>> gt = {p: i for i, p in enumerate("fedcba")}
    >>> ranking({"a": -20, "b": -20, "c": -20, "d": -5, "e": -57, "f": -5},
    ...         {"a": 30, "b": 30, "c": 40, "d": 0, "e": 100, "f": 10}, gt)
    ['f', 'd', 'c', 'b', 'a', 'e']
    """
    return sorted(scores_, key=lambda p: (-scores_[p], -spend[p], gt[p]))
