"""Garnet Chip Thief on its own (amalgamation spec §4.1.5, §4.2 "Thief")."""

from __future__ import annotations

import itertools

from mainmatch.games.amalgamation import thief
from mainmatch.games.amalgamation.constants import ROLES

P = tuple("abcdef")


def chips(*roles) -> list[int]:
    out = thief.split_chips(dict(zip(P, roles)), P)
    return [out[p] for p in P]


def test_majority_group_splits_rounding_down_and_beggars_take_the_rest():
    assert chips("mafia", "mafia", "cartel", "beggar", "police", "police") == [2, 2, 0, 1, 0, 0]
    assert chips("cartel", "cartel", "cartel", "mafia", "mafia", "beggar") == [1, 1, 1, 0, 0, 2]
    assert chips("mafia", "police", "police", "police", "police", "police") == [5, 0, 0, 0, 0, 0]


def test_equal_mafia_and_cartel_hand_the_chips_to_the_police():
    assert chips("mafia", "cartel", "police", "beggar", "beggar", "beggar") == [0, 0, 5, 0, 0, 0]
    assert chips("police", "police", "police", "beggar", "beggar", "beggar") == [1, 1, 1, 0, 0, 0]
    assert chips(*["police"] * 6) == [0] * 6


def test_no_police_on_a_tie_leaves_everything_to_the_beggars():
    assert chips("mafia", "cartel", "beggar", "beggar", "beggar", "beggar") == [0, 0, 1, 1, 1, 1]
    assert chips(*["beggar"] * 6) == [0] * 6
    assert chips("mafia", "cartel", "mafia", "cartel", "beggar", "beggar") == [0, 0, 0, 0, 2, 2]


def test_every_role_combination_hands_out_at_most_five_chips_to_one_or_two_roles():
    for roles in itertools.product(ROLES, repeat=6):
        got = thief.split_chips(dict(zip(P, roles)), P)
        assert 0 <= sum(got.values()) <= 5
        paid = {r for p, r in zip(P, roles) if got[p]}
        assert len(paid) <= 2 and (len(paid) < 2 or "beggar" in paid)
        for role in ROLES:  # a role's members always get the same
            assert len({got[p] for p, r in zip(P, roles) if r == role}) <= 1


def test_resolve_round_scores_chips_times_bet_and_keeps_bets_out_of_the_entry():
    s = thief.initial(P)
    roles = dict(zip(P, ("mafia", "mafia", "cartel", "beggar", "police", "police")))
    s, entry, gained = thief.resolve_round(s, 1, roles, dict(zip(P, (100, 0, 50, 3, 0, 0))), P)
    assert gained == dict(zip(P, (200, 0, 0, 3, 0, 0)))
    assert s.points == gained and s.chips == dict(zip(P, (2, 2, 0, 1, 0, 0)))
    assert entry == {"round": 1, "roles": roles, "chips": dict(zip(P, (2, 2, 0, 1, 0, 0)))}


def test_ranking_points_then_gamewide_tiebreak():
    gt = {p: i for i, p in enumerate("fedcba")}
    assert thief.ranking(dict(zip(P, (50, 0, 50, 10, 0, 0))), gt) == ["c", "a", "d", "f", "e", "b"]
