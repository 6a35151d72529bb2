"""Kong's Dilemma (amalgamation spec §4.1.2, §4.2 "Kong").

Two teams of three. Each round, the team that contributed less in total
*this round* is announced with its total, and the other team gains a point;
equal totals (0 = 0 included) are a tie announced without amounts. After
round 7 the team with more points wins; equal points > 0 go to the team whose
last point came earlier; 0-0 goes to the team of ``gamewide_tiebreak[0]``.
The winners take places 1-3 by total contributed, descending; the losers
4-6 by total contributed, ascending; ties in either half go to the player
higher in the gamewide tiebreak.
"""

from __future__ import annotations

from collections.abc import Sequence

from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import JSONObject

from .constants import TEAMS


@immutable
class KongState:
    points: dict[str, int]  # team -> points
    last_point_round: dict[str, int]  # team -> round of its latest point (0: none yet)
    totals: dict[str, int]  # player -> dollars contributed over the match (secret)
    rounds: tuple[JSONObject, ...]  # public round entries


def initial(players: tuple[str, ...]) -> KongState:
    return KongState(
        points=dict.fromkeys(TEAMS, 0),
        last_point_round=dict.fromkeys(TEAMS, 0),
        totals=dict.fromkeys(players, 0),
        rounds=(),
    )


def round_outcome(
    contributions: dict[str, int], teams: dict[str, tuple[str, ...]]
) -> tuple[str | None, str | None, int | None]:
    """``(winner, loser, loser_total)`` of one round, all ``None`` on a tie.

    >>> round_outcome({"a": 10, "b": 0, "c": 0, "d": 4, "e": 0, "f": 0}, {"red": ("a", "b", "c"), "white": ("d", "e", "f")})
    ('red', 'white', 4)
    >>> round_outcome({p: 0 for p in "abcdef"}, {"red": ("a", "b", "c"), "white": ("d", "e", "f")})
    (None, None, None)
    """
    r1, r2, r3 = teams["red"]
    w1, w2, w3 = teams["white"]
    red = contributions[r1] + contributions[r2] + contributions[r3]
    white = contributions[w1] + contributions[w2] + contributions[w3]
    return outcome(red, white)


def outcome(red: int, white: int) -> tuple[str | None, str | None, int | None]:
    """:func:`round_outcome` from the two teams' totals this round."""
    if red == white:  # decision 8, 41: a tie, amounts not revealed
        return None, None, None
    if red < white:
        return "white", "red", red
    return "red", "white", white


def resolve_round(
    state: KongState,
    round_no: int,
    contributions: dict[str, int],
    teams: dict[str, tuple[str, ...]],
) -> tuple[KongState, JSONObject]:
    """§4.1.2: the round's entry ``{round, winner, loser, loser_total}`` and the new state."""
    players = tuple(state.totals)
    return resolve(
        state,
        round_no,
        [contributions[p] for p in players],
        tuple(players.index(p) for p in teams["red"]),
        tuple(players.index(p) for p in teams["white"]),
    )


def resolve(
    state: KongState,
    round_no: int,
    contributions: Sequence[int],
    red_at: tuple[int, ...],
    white_at: tuple[int, ...],
) -> tuple[KongState, JSONObject]:
    """:func:`resolve_round` on ``contributions`` listed in the order of
    ``state.totals`` (the players' order), each team given by its members'
    positions in it: a round's one pass (``resolve.apply_round``)."""
    r1, r2, r3 = red_at
    w1, w2, w3 = white_at
    red = contributions[r1] + contributions[r2] + contributions[r3]
    white = contributions[w1] + contributions[w2] + contributions[w3]
    a, b, c, d, e, f = state.totals  # six players (six.py), in players order
    t0, t1, t2, t3, t4, t5 = state.totals.values()
    c0, c1, c2, c3, c4, c5 = contributions
    totals = {a: t0 + c0, b: t1 + c1, c: t2 + c2, d: t3 + c3, e: t4 + c4, f: t5 + c5}
    points, last = state.points, state.last_point_round
    winner, loser, loser_total = outcome(red, white)
    if winner is not None:
        points = {**points, winner: points[winner] + 1}
        last = {**last, winner: round_no}
    entry = {"round": round_no, "winner": winner, "loser": loser, "loser_total": loser_total}
    return KongState(
        points=points, last_point_round=last, totals=totals, rounds=state.rounds + (entry,)
    ), entry


def winning_team(state: KongState, tiebreak: tuple[str, ...], team_of: dict[str, str]) -> str:
    """§4.2 Kong: more points; equal > 0: the earlier last point (decision 9); 0-0: GT[0]'s team."""
    red, white = state.points["red"], state.points["white"]
    if red != white:
        return "red" if red > white else "white"
    if red > 0:
        # both teams never score in the same round, so the last points differ
        return "red" if state.last_point_round["red"] < state.last_point_round["white"] else "white"
    return team_of[tiebreak[0]]


def ranking(
    totals: dict[str, int], winner: str, teams: dict[str, tuple[str, ...]], gt: dict[str, int]
) -> list[str]:
    """§4.2 Kong: winners by total descending, then losers by total ascending;
    ties in either half go to the player higher in the gamewide tiebreak (decision 10).

    >>> ranking({"a": 20, "b": 6, "c": 3, "d": 9, "e": 13, "f": 0}, "white",
    ...         {"red": ("a", "b", "c"), "white": ("d", "e", "f")}, {p: i for i, p in enumerate("abcdef")})
    ['e', 'd', 'f', 'c', 'b', 'a']
    """
    loser = "white" if winner == "red" else "red"
    top = sorted(teams[winner], key=lambda p: (-totals[p], gt[p]))
    bottom = sorted(teams[loser], key=lambda p: (totals[p], gt[p]))
    return top + bottom
