"""Resolution of an auction (§4) and the end of a match (§7), module by module."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mainmatch.games.second_to_won.items import compile_item
from mainmatch.games.second_to_won.resolve import item_winners, new_total, resolve
from mainmatch.games.second_to_won.scoring import (
    backward_tiebreak,
    end_object,
    garnet_award,
    last_place,
    tokens_for,
)

from .helpers import P, item, times, you

ZERO = {p: 0 for p in P}
FORTY = {p: 40 for p in P}


def _bids(**by_player) -> dict:
    """``ana={"A": (5, 0, None)}``; players not named bid nothing."""
    return {p: by_player.get(p, {}) for p in P}


def _resolve(items, bids, points=None, chips=None, garnets=None):
    return resolve(
        P,
        [compile_item(it) for it in items],
        bids,
        points or dict(ZERO),
        chips or dict(FORTY),
        garnets or dict(ZERO),
    )


# ---------------------------------------------------------------- §4


def test_highest_value_wins_and_ties_all_win():
    bids = _bids(ana={"A": (5, 0, None)}, ben={"A": (2, 1, None)}, cal={"A": (4, 0, None)})
    assert item_winners(P, bids, "A") == ["ana", "ben"]  # 5 and 2 + 3 tie
    assert item_winners(P, bids, "B") == []


def test_winners_pay_losers_keep_their_chips_garnets_always_go():
    items = [you(10), you(20), *[times("1")] * 4]
    bids = _bids(
        ana={"A": (5, 1, None), "B": (3, 0, None)}, ben={"A": (8, 0, None), "B": (2, 0, None)}
    )
    out = _resolve(items, bids, garnets={**ZERO, "ana": 2})
    assert out.winners["A"] == ["ana", "ben"] and out.winners["B"] == ["ana"]
    assert out.chips["ana"] == 40 - 5 - 3 and out.chips["ben"] == 40 - 8  # ben's lost B is returned
    assert out.garnets_bid["ana"] == 1 and out.garnets["ana"] == 1
    assert out.points["ana"] == 30 and out.points["ben"] == 10
    assert out.won["ana"] == ["A", "B"] and out.won["ben"] == ["A"]


def test_a_lost_garnet_bid_is_discarded_too():
    items = [you(10), *[times("1")] * 5]
    out = _resolve(
        items, _bids(ana={"A": (0, 1, None)}, ben={"A": (4, 0, None)}), garnets={**ZERO, "ana": 1}
    )
    assert out.won["ana"] == [] and out.garnets["ana"] == 0 and out.garnets_bid["ana"] == 1


def test_an_item_nobody_bid_on_is_discarded():
    items = [item("others", add=10), *[times("1")] * 5]
    out = _resolve(items, _bids(ana={"B": (1, 0, None)}))
    assert out.winners["A"] == [] and out.points == ZERO


def test_tied_winners_of_an_others_item_hit_each_other():
    items = [item("others", add=1), *[times("1")] * 5]
    out = _resolve(items, _bids(ana={"A": (1, 0, None)}, ben={"A": (1, 0, None)}))
    assert out.points["ana"] == 1 and out.points["ben"] == 1 and out.points["cal"] == 2


def test_multipliers_before_additions_all_at_once_rounded_once():
    items = [
        times("1.5"),
        times("1.5", "choice"),
        item("choice", add=10),
        times("0.5", "choice"),
        you(0),
        you(0),
    ]
    bids = _bids(
        ana={"A": (1, 0, None)},
        ben={"B": (1, 0, "ana"), "C": (1, 0, "ana")},
        cal={"D": (1, 0, "ana")},
    )
    out = _resolve(items, bids, points={**ZERO, "ana": 15})
    assert out.points["ana"] == 27  # ceil(15 * 1.5 * 1.5 * 0.5) + 10 = ceil(16.875) + 10


def test_item_garnets_and_information_reach_their_targets():
    items = [
        {"effects": [{"target": "you", "garnets": 2}, {"target": "others", "info": 3}]},
        {"effects": [{"target": "choice", "garnets": 1, "info": 2}]},
        *[times("1")] * 4,
    ]
    out = _resolve(items, _bids(ana={"A": (1, 0, None)}, ben={"B": (1, 0, "ana")}))
    assert out.gifted["ana"] == 3 and out.garnets["ana"] == 3 and out.gifted["ben"] == 0
    assert out.info["ana"] == [2] and out.info["ben"] == [3] and out.info["cal"] == [3]


@pytest.mark.parametrize(
    "points, mult, add, total",
    [
        (15, Fraction(9, 4), 10, 44),
        (10, Fraction(11, 10), 0, 11),
        (-5, Fraction(3, 2), 0, -7),
        (7, Fraction(1, 2), -3, 1),
        (3, 1, 5, 8),
        (0, Fraction(3, 2), 0, 0),
    ],
)
def test_new_total(points, mult, add, total):
    assert new_total(points, mult, add) == total


# ---------------------------------------------------------------- §7


def test_backward_tiebreak_and_last_place():
    hist = [
        {"a": 1, "b": 0, "c": 0, "d": 9},
        {"a": 3, "b": 3, "c": 2, "d": 9},
        {"a": 5, "b": 5, "c": 5, "d": 9},
    ]
    assert backward_tiebreak(["a", "b", "c"], hist, min) == ["c"]  # after auction 2 c has 2
    assert backward_tiebreak(["a", "b"], hist, min) == ["b"]  # tied after 2, b lower after 1
    assert backward_tiebreak(["a", "b"], hist, max) == ["a"]
    assert backward_tiebreak(["a", "b"], hist[:1], min) == ["a", "b"]  # K = 1: nothing earlier
    assert last_place(["a", "b", "c", "d"], hist) == ["c"]
    hist2 = [{"a": 0, "b": 0}, {"a": 1, "b": 1}]
    assert last_place(["a", "b"], hist2) == ["a", "b"]  # still tied: all EC


def test_garnet_bands():
    assert [garnet_award(d) for d in range(31)] == [10] * 6 + [8] * 5 + [6] * 5 + [4] * 5 + [
        2
    ] * 5 + [0] * 5


def test_tokens_for_second():
    assert tokens_for(["a"], []) == {"a": 2}
    assert tokens_for(["a", "b"], []) == {"a": 1, "b": 1}
    assert tokens_for(["a", "b"], ["b"]) == {"a": 1}
    assert tokens_for(["a"], ["a"]) == {}
    assert tokens_for([], ["a"]) == {}


def _end(final: dict, earlier: list[dict] | None = None, tiebreak=None) -> dict:
    hist = [*(earlier or []), final]
    return end_object(P, hist, tiebreak or P)


def test_every_player_over_200_leaves_nobody_second():
    end = _end({p: 201 + i for i, p in enumerate(P)})
    assert (
        end["reason"] == "over_200"
        and end["over_200"] == P
        and end["second"] == []
        and end["tokens_of_life"] == {}
    )
    assert end["elimination_candidate"] == "ivy"  # the highest over 200


def test_over_200_ec_tie_that_outlives_the_tiebreak():
    final = {**{p: 10 for p in P}, "ana": 250, "ben": 250}
    end = _end(final, [{**{p: 5 for p in P}, "ana": 100, "ben": 100}], tiebreak=list(reversed(P)))
    assert end["elimination_candidates"] == ["ana", "ben"] and end["elimination_candidate"] == "ana"
    # every one else is tied last, so Second is also last place: nobody receives a Token of Life
    assert end["second"] == P[2:] and end["last_place"] == P[2:] and end["tokens_of_life"] == {}


def test_exactly_200_is_not_over():
    end = _end({**{p: 10 for p in P}, "ana": 200, "ben": 150})
    assert (
        end["reason"] == "complete"
        and end["first"] == ["ana"]
        and end["tokens_of_life"] == {"ben": 2}
    )


def test_premature_end_wins_over_the_normal_one_after_the_last_auction():
    end = _end({**{p: 10 for p in P}, "ana": 201, "ben": 150})
    assert end["reason"] == "over_200" and end["tokens_of_life"] == {"ben": 2}


def test_single_second_who_is_last_gets_nothing():
    final = {**{p: 50 for p in P}, "ivy": 10}
    end = _end(final)
    assert end["first"] == P[:8] and end["second"] == ["ivy"] and end["last_place"] == ["ivy"]
    assert end["tokens_of_life"] == {} and end["elimination_candidate"] == "ivy"


def test_end_object_lists_are_in_players_order():
    final = {p: 5 for p in P}
    end = _end(final, [{**{p: 1 for p in P}, "ivy": 0, "ana": 0}], tiebreak=list(reversed(P)))
    assert end["last_place"] == ["ana", "ivy"] and end["elimination_candidate"] == "ana"
    assert list(end) == [
        "reason",
        "auctions_played",
        "scores",
        "score_history",
        "over_200",
        "first",
        "second",
        "last_place",
        "elimination_candidates",
        "elimination_candidate",
        "tokens_of_life",
        "garnet_award",
    ]
