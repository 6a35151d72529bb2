"""Investment & Donation (amalgamation spec §4.1.4, §4.2 "Invest").

Each round: going down through the distinct invested amounts ($0 is an
amount), the first amount chosen by exactly one player earns that player a
Top Investor token; no unique amount, no token (decision 20). Every player
who donated the round's minimum ($0 included) earns a Miser token
(decision 21). Both amounts count as money spent on this game.

The final ranking is filled in the order 1st, 6th, 2nd, 5th, 3rd, 4th among
players not yet placed: the upper places by most Top Investor tokens, then
more money spent, then higher gamewide tiebreak; the lower places by most
Miser tokens, then *less* money spent, then *lower* gamewide tiebreak
(decision 22-24) - spending more or ranking higher in the tiebreak always helps.
"""

from __future__ import annotations

from collections.abc import Sequence

from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import JSONObject

#: §4.2: the order places are filled in (0-based), and whether each is an upper place.
SNAKE = ((0, True), (5, False), (1, True), (4, False), (2, True), (3, False))


@immutable
class InvestState:
    top_investor: dict[str, int]  # player -> Top Investor tokens (public)
    miser: dict[str, int]  # player -> Miser tokens (public)
    spend: dict[str, int]  # player -> invested + donated over the match (secret)
    rounds: tuple[JSONObject, ...]  # public round entries


def initial(players: tuple[str, ...]) -> InvestState:
    return InvestState(
        top_investor=dict.fromkeys(players, 0),
        miser=dict.fromkeys(players, 0),
        spend=dict.fromkeys(players, 0),
        rounds=(),
    )


def top_investor(invested: dict[str, int], players: tuple[str, ...]) -> str | None:
    """The player of the highest amount nobody else chose, or ``None``.

    >>> P = tuple("abcdef")
    >>> top_investor(dict(zip(P, [50, 50, 30, 30, 10, 0])), P), top_investor(dict.fromkeys(P, 20), P)
    ('e', None)
    >>> top_investor(dict(zip(P, [0, 10, 10, 10, 10, 10])), P)
    'a'
    """
    return top_of([invested[p] for p in players], players)


def top_of(amounts: Sequence[int], players: Sequence[str]) -> str | None:
    """:func:`top_investor` with the amounts listed in ``players`` order."""
    for a in sorted(set(amounts), reverse=True):  # going down the distinct amounts
        if amounts.count(a) == 1:
            return players[amounts.index(a)]
    return None


def misers(donated: dict[str, int], players: tuple[str, ...]) -> list[str]:
    """Every player who donated the round's minimum, in ``players`` order.

    >>> P = tuple("abcdef")
    >>> misers(dict(zip(P, [0, 0, 5, 5, 9, 1])), P), misers(dict.fromkeys(P, 3), P)
    (['a', 'b'], ['a', 'b', 'c', 'd', 'e', 'f'])
    """
    return lowest([donated[p] for p in players], players)


def lowest(amounts: Sequence[int], players: Sequence[str]) -> list[str]:
    """:func:`misers` with the amounts listed in ``players`` order."""
    low = min(amounts)
    if amounts.count(low) == 1:
        return [players[amounts.index(low)]]
    return [p for p, a in zip(players, amounts) if a == low]


def resolve_round(
    state: InvestState,
    round_no: int,
    invested: dict[str, int],
    donated: dict[str, int],
    players: tuple[str, ...],
) -> tuple[InvestState, JSONObject]:
    """§4.1.4: the round's public entry ``{round, top_investor, misers}`` and the new state."""
    return resolve(
        state, round_no, [invested[p] for p in players], [donated[p] for p in players], players
    )


def resolve(
    state: InvestState,
    round_no: int,
    invested: Sequence[int],
    donated: Sequence[int],
    players: tuple[str, ...],
) -> tuple[InvestState, JSONObject]:
    """:func:`resolve_round` with the amounts listed in ``players`` order (the
    order of the state's maps): a round's one pass (``resolve.apply_round``)."""
    top = top_of(invested, players)
    stingy = lowest(donated, players)
    ti = state.top_investor
    if top is not None:
        ti = {**ti, top: ti[top] + 1}
    miser = state.miser.copy()
    for p in stingy:
        miser[p] += 1
    a, b, c, d, e, f = players  # six players (six.py), in players order
    s0, s1, s2, s3, s4, s5 = state.spend.values()
    i0, i1, i2, i3, i4, i5 = invested
    d0, d1, d2, d3, d4, d5 = donated
    spend = {
        a: s0 + i0 + d0,
        b: s1 + i1 + d1,
        c: s2 + i2 + d2,
        d: s3 + i3 + d3,
        e: s4 + i4 + d4,
        f: s5 + i5 + d5,
    }
    entry = {"round": round_no, "top_investor": top, "misers": stingy}
    return InvestState(
        top_investor=ti, miser=miser, spend=spend, rounds=state.rounds + (entry,)
    ), entry


def ranking(
    ti: dict[str, int], miser: dict[str, int], spend: dict[str, int], gt: dict[str, int]
) -> list[str]:
    """§4.2 Invest: the snake 1st, 6th, 2nd, 5th, 3rd, 4th.

    >>> P = "abcdef"
    >>> ranking(dict(zip(P, [3, 3, 1, 0, 0, 0])), dict(zip(P, [0, 2, 4, 4, 4, 1])),
    ...         dict(zip(P, [100, 100, 20, 20, 30, 0])), {p: i for i, p in enumerate(P)})
    ['a', 'b', 'e', 'f', 'c', 'd']
    """
    # the tiebreak makes both orders strict: the best player not yet placed
    # is the first of them in the whole order
    best = sorted(ti, key=lambda p: (-ti[p], -spend[p], gt[p]))
    worst = sorted(ti, key=lambda p: (-miser[p], spend[p], -gt[p]))
    placed: set[str] = set()
    places: list[str | None] = [None] * len(best)
    i = j = 0  # how far down each order the places so far reached
    for place, upper in SNAKE:
        if upper:
            while best[i] in placed:
                i += 1
            pick = best[i]
        else:
            while worst[j] in placed:
                j += 1
            pick = worst[j]
        places[place] = pick
        placed.add(pick)
    return places  # type: ignore[return-value]
