"""Final scoring (amalgamation spec §4.2, §7)."""

from __future__ import annotations

import itertools
import random

from mainmatch.games.amalgamation import scoring

P = tuple("abcdef")


def test_points_always_sum_to_276():
    rng = random.Random(1)
    for _ in range(50):
        rankings = {g: rng.sample(P, 6) for g in ("kong", "minus", "invest", "thief")}
        assert sum(scoring.points(rankings, P).values()) == 276
        assert sum(scoring.garnets_awarded(rankings, P).values()) == 12


def test_e9_points_and_garnets():
    rankings = {"kong": list(P), "minus": list("fabcde"), "invest": list(P), "thief": list(P)}
    points = scoring.points(rankings, P)
    assert points == {"a": 75, "b": 57, "c": 46, "d": 38, "e": 28, "f": 32}
    assert scoring.garnets_awarded(rankings, P) == {"a": 7, "b": 3, "f": 2}
    assert scoring.winners(points, P) == ["a"] and scoring.losers(points, P) == ["e"]


def test_tokens_of_life_by_number_of_winners():
    assert scoring.tokens_of_life(["c"]) == ({"c": 2}, False)
    assert scoring.tokens_of_life(["a", "c", "f"]) == ({"a": 1, "c": 1, "f": 1}, False)
    for n in (4, 5, 6):
        assert scoring.tokens_of_life(list(P[:n])) == ({}, True)


def test_overall_ranking_groups_without_tiebreak_and_the_ec_last():
    points = dict(zip(P, [54, 54, 44, 36, 52, 36]))
    assert scoring.overall_ranking(points, P, "f") == [["a", "b"], ["e"], ["c"], ["d"], ["f"]]
    assert scoring.overall_ranking(points, P, "d") == [["a", "b"], ["e"], ["c"], ["f"], ["d"]]
    assert scoring.overall_ranking(dict.fromkeys(P, 46), P, "c") == [
        ["a", "b", "d", "e", "f"],
        ["c"],
    ]


def test_every_place_assignment_of_one_game_is_worth_69():
    for perm in itertools.islice(itertools.permutations(P), 30):
        pts = scoring.points({g: list(perm) for g in ("kong", "minus", "invest", "thief")}, P)
        assert sum(pts.values()) == 276 and max(pts.values()) == 80 and min(pts.values()) == 16
