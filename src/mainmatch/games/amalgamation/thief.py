"""Garnet Chip Thief (amalgamation.md §4.1.5, §4.2 "Thief").

Each round 5 chips are split by role counts: if there are more Mafia than
Cartel the Mafia split them, more Cartel the Cartel, and if they are equal
(0 = 0 included) the Police do; every split rounds down. Chips still left go
to the Beggars, split evenly and rounded down; the rest is discarded
(decision 26, 27). Every chip scores the player's bet of that round; the
bet is spent whatever the chips (decision 25). Ranking: thief points
descending, then the gamewide tiebreak.
"""

from __future__ import annotations

from mainmatch.engine.frozen import immutable

from .constants import CHIPS_PER_ROUND


@immutable
class ThiefState:
    chips: dict[str, int]  # player -> chips over the match (public)
    points: dict[str, int]  # player -> thief points (secret until the end)
    rounds: tuple[dict, ...]  # public round entries


def initial(players: tuple[str, ...]) -> ThiefState:
    return ThiefState(chips={p: 0 for p in players}, points={p: 0 for p in players}, rounds=())


def split_chips(roles: dict[str, str], players: tuple[str, ...]) -> dict[str, int]:
    """Chips of one round for every player (§4.1.5).

    >>> P = tuple("abcdef")
    >>> split_chips(dict(zip(P, ["mafia", "mafia", "cartel", "beggar", "police", "police"])), P)
    {'a': 2, 'b': 2, 'c': 0, 'd': 1, 'e': 0, 'f': 0}
    >>> split_chips(dict(zip(P, ["mafia", "cartel", "beggar", "beggar", "beggar", "beggar"])), P)
    {'a': 0, 'b': 0, 'c': 1, 'd': 1, 'e': 1, 'f': 1}
    """
    by_role: dict[str, list[str]] = {"mafia": [], "cartel": [], "police": [], "beggar": []}
    for p in players:
        by_role[roles[p]].append(p)
    m, c = len(by_role["mafia"]), len(by_role["cartel"])
    group = by_role["mafia"] if m > c else by_role["cartel"] if c > m else by_role["police"]
    chips = dict.fromkeys(players, 0)
    left = CHIPS_PER_ROUND
    if group:
        each = left // len(group)
        for p in group:
            chips[p] = each
        left -= each * len(group)
    beggars = by_role["beggar"]
    if left > 0 and beggars:
        each = left // len(beggars)
        for p in beggars:
            chips[p] = each
    return chips


def resolve_round(
    state: ThiefState,
    round_no: int,
    roles: dict[str, str],
    bets: dict[str, int],
    players: tuple[str, ...],
) -> tuple[ThiefState, dict, dict[str, int]]:
    """§4.1.5: the new state, the public entry ``{round, roles, chips}`` and
    each player's points this round (``chips * bet``, secret)."""
    chips = split_chips(roles, players)
    gained = {p: chips[p] * bets[p] for p in players}
    new = ThiefState(
        chips={p: state.chips[p] + chips[p] for p in players},
        points={p: state.points[p] + gained[p] for p in players},
        rounds=state.rounds
        + ({"round": round_no, "roles": {p: roles[p] for p in players}, "chips": chips},),
    )
    return new, new.rounds[-1], gained


def ranking(points: dict[str, int], gt: dict[str, int]) -> list[str]:
    """§4.2 Thief: points descending, then the gamewide tiebreak."""
    return sorted(points, key=lambda p: (-points[p], gt[p]))


def entry_copy(entry: dict) -> dict:
    return {"round": entry["round"], "roles": dict(entry["roles"]), "chips": dict(entry["chips"])}
