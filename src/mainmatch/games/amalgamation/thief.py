"""Garnet Chip Thief (amalgamation spec §4.1.5, §4.2 "Thief").

Each round 5 chips are split by role counts: if there are more Mafia than
Cartel the Mafia split them, more Cartel the Cartel, and if they are equal
(0 = 0 included) the Police do; every split rounds down. Chips still left go
to the Beggars, split evenly and rounded down; the rest is discarded
(decision 26, 27). Every chip scores the player's bet of that round; the
bet is spent whatever the chips (decision 25). Ranking: thief points
descending, then the gamewide tiebreak.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import JSONObject

from .constants import CHIPS_PER_ROUND


@immutable
class ThiefState:
    chips: dict[str, int]  # player -> chips over the match (public)
    points: dict[str, int]  # player -> thief points (secret until the end)
    rounds: tuple[JSONObject, ...]  # public round entries


def initial(players: tuple[str, ...]) -> ThiefState:
    return ThiefState(chips=dict.fromkeys(players, 0), points=dict.fromkeys(players, 0), rounds=())


def split_chips(roles: dict[str, str], players: tuple[str, ...]) -> dict[str, int]:
    """Chips of one round for every player (§4.1.5).

    >>> P = tuple("abcdef")
    >>> split_chips(dict(zip(P, ["mafia", "mafia", "cartel", "beggar", "police", "police"])), P)
    {'a': 2, 'b': 2, 'c': 0, 'd': 1, 'e': 0, 'f': 0}
    >>> split_chips(dict(zip(P, ["mafia", "cartel", "beggar", "beggar", "beggar", "beggar"])), P)
    {'a': 0, 'b': 0, 'c': 1, 'd': 1, 'e': 1, 'f': 1}
    """
    return dict(zip(players, chips_of([roles[p] for p in players])))


def chips_of(roles: Sequence[str]) -> list[int]:
    """:func:`split_chips` with the roles listed in the players' order."""
    m, c = roles.count("mafia"), roles.count("cartel")
    group = "mafia" if m > c else "cartel" if c > m else "police"
    size = roles.count(group)
    each = CHIPS_PER_ROUND // size if size else 0
    left = CHIPS_PER_ROUND - each * size
    beggars = roles.count("beggar")
    alms = left // beggars if left > 0 and beggars else 0
    return [each if role == group else alms if role == "beggar" else 0 for role in roles]


def resolve_round(
    state: ThiefState,
    round_no: int,
    roles: dict[str, str],
    bets: dict[str, int],
    players: tuple[str, ...],
) -> tuple[ThiefState, JSONObject, dict[str, int]]:
    """§4.1.5: the new state, the public entry ``{round, roles, chips}`` and
    each player's points this round (``chips * bet``, secret)."""
    new, entry, gained = resolve(
        state, round_no, [roles[p] for p in players], [bets[p] for p in players], players
    )
    return new, entry, dict(zip(players, gained))


def resolve(
    state: ThiefState,
    round_no: int,
    roles: Sequence[str],
    bets: Sequence[int],
    players: tuple[str, ...],
) -> tuple[ThiefState, JSONObject, list[int]]:
    """:func:`resolve_round` with roles and bets listed in ``players`` order
    (the order of the state's maps), each player's points this round listed
    likewise: a round's one pass (``resolve.apply_round``)."""
    chips = chips_of(roles)
    gained = [*map(mul, chips, bets)]
    # six players (six.py): their maps as literals, in players order
    a, b, c, d, e, f = players
    c0, c1, c2, c3, c4, c5 = chips
    g0, g1, g2, g3, g4, g5 = gained
    r0, r1, r2, r3, r4, r5 = roles
    h0, h1, h2, h3, h4, h5 = state.chips.values()
    p0, p1, p2, p3, p4, p5 = state.points.values()
    entry = {
        "round": round_no,
        "roles": {a: r0, b: r1, c: r2, d: r3, e: r4, f: r5},
        "chips": {a: c0, b: c1, c: c2, d: c3, e: c4, f: c5},
    }
    new = ThiefState(
        chips={a: h0 + c0, b: h1 + c1, c: h2 + c2, d: h3 + c3, e: h4 + c4, f: h5 + c5},
        points={a: p0 + g0, b: p1 + g1, c: p2 + g2, d: p3 + g3, e: p4 + g4, f: p5 + g5},
        rounds=state.rounds + (entry,),
    )
    return new, entry, gained


def ranking(points: dict[str, int], gt: dict[str, int]) -> list[str]:
    """§4.2 Thief: points descending, then the gamewide tiebreak."""
    return sorted(points, key=lambda p: (-points[p], gt[p]))
