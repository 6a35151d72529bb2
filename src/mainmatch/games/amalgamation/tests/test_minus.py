"""Minus Auction on its own (amalgamation spec §4.1.3, §4.2 "Minus")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.games.amalgamation import minus

P = tuple("abcdef")


def bids(**by_player) -> dict[str, list[int]]:
    return {p: list(by_player.get(p, [0, 0, 0, 0, 0])) for p in P}


def test_a_unique_lowest_bid_takes_the_tile_and_leaves_the_order():
    winners, order = minus.auction(
        (-1, -2, -3, -4, -5), bids(c=[-1, 0, 0, 0, 0], d=[0, 0, 0, 0, 0]), P
    )
    assert winners[0] == "c"
    # the other four tiles are six-way ties at 0: the front takes each and moves to the end
    assert winners[1:] == ["a", "b", "c", "d"]
    assert order == ("e", "f", "a", "b", "c", "d")


def test_positive_bids_dodge_a_tile_and_any_sign_can_win():
    winners, _ = minus.auction(
        (-1, -2, -3, -4, -5), {p: [5, 5, 5, 5, 5] for p in P} | {"f": [6, 4, 5, 5, 5]}, P
    )
    assert winners[:2] == ["a", "f"]


def test_ties_use_the_order_updated_by_earlier_tiles_of_the_same_round():
    b = bids(
        a=[-5, 0, 0, 3, -2],
        b=[-5, 0, 0, 3, 5],
        c=[0, 0, 0, 3, 5],
        d=[0, 0, 0, 3, 5],
        e=[0, 0, 0, 3, -2],
        f=[0, 0, -1, 3, 5],
    )
    assert minus.auction((-10, -11, -30, -2, -20), b, P) == (
        ["a", "b", "f", "c", "e"],
        ("d", "f", "a", "b", "c", "e"),
    )


def test_penalty_after_two_rounds_without_tiles_then_the_count_restarts():
    s = minus.initial(P, P)
    a_out = bids(a=[1, 1, 1, 1, 1])
    got = []
    for r in range(1, 6):
        s, entry = minus.resolve_round(s, r, tuple(range(-5 * r + 4 - 0, -5 * r - 1, -1)), a_out, P)
        got.append((entry["penalized"], s.without["a"]))
    assert got == [([], 1), (["a"], 0), ([], 1), (["a"], 0), ([], 1)]
    assert s.spend["a"] == 25 and s.spend["b"] == 0


def test_a_tile_resets_the_count():
    s = minus.initial(P, P)
    s, _ = minus.resolve_round(s, 1, (-1, -2, -3, -4, -5), bids(a=[1, 1, 1, 1, 1]), P)
    assert s.without["a"] == 1 and s.without["f"] == 0
    s, e = minus.resolve_round(s, 2, (-6, -7, -8, -9, -10), bids(a=[-1, 1, 1, 1, 1]), P)
    assert s.without["a"] == 0 and e["penalized"] == []
    assert s.received["a"] == (-6,)


def test_received_tiles_are_kept_descending():
    s = minus.initial(P, P)
    s, _ = minus.resolve_round(s, 1, (-30, -2, -17, -4, -5), bids(a=[-1, -1, -1, 1, 1]), P)
    assert s.received["a"] == (-2, -17, -30)


def test_streak_score_counts_each_run_once_at_its_value_nearest_zero():
    assert minus.streak_score([]) == 0
    assert minus.streak_score([-17, -18, -19, -20]) == -17
    assert minus.streak_score([-17, -19, -21]) == -57
    assert minus.streak_score([-20, -1, -19, -2, -35]) == -1 - 19 - 35
    assert minus.streak_score(range(-35, 0)) == -1


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(-35, -1)))
def test_streak_score_bounds(tiles):
    score = minus.streak_score(tiles)
    assert sum(tiles) <= score <= (max(tiles) if tiles else 0)


def test_ranking_score_then_money_bid_then_gamewide_tiebreak():
    gt = {p: i for i, p in enumerate("fedcba")}
    assert minus.ranking(
        {"a": -20, "b": -20, "c": -20, "d": -5, "e": -57, "f": -5},
        {"a": 30, "b": 30, "c": 40, "d": 0, "e": 100, "f": 10},
        gt,
    ) == ["f", "d", "c", "b", "a", "e"]
