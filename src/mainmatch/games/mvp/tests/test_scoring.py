"""Sets, runs and points (mvp spec §7.1, D19, D20)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.games.mvp.cards import CARDS, card_sorted, is_card
from mainmatch.games.mvp.pattern import LETTERS
from mainmatch.games.mvp.scoring import card_points, combinations, garnets_for, team_score


def held(*cards: str) -> dict[str, str]:
    """Cards on letters A, B, C, ... in the order given."""
    return dict(zip(LETTERS, cards))


def test_card_names_and_order():
    assert len(CARDS) == 24 and CARDS[0] == "apples-1" and CARDS[-1] == "grapes-6"
    assert CARDS[6] == "lemons-1" and CARDS[12] == "pears-1"
    assert card_sorted(["grapes-1", "lemons-6", "apples-2"]) == ["apples-2", "lemons-6", "grapes-1"]
    assert (
        not is_card("apple-1")
        and not is_card("pears-7")
        and not is_card("pears-0")
        and is_card("pears-6")
    )


def test_sets_of_three_and_four():
    assert team_score(held("apples-3", "lemons-3", "grapes-3")) == 3
    assert team_score(held("apples-3", "lemons-3", "grapes-3", "pears-3")) == 12
    assert team_score(held("apples-3", "lemons-3")) == 0


def test_runs_of_three_to_six():
    for n, total in ((2, 0), (3, 3), (4, 4), (5, 10), (6, 24)):
        assert team_score(held(*[f"lemons-{r}" for r in range(1, n + 1)])) == total


def test_runs_are_maximal_blocks():
    assert team_score(held("pears-1", "pears-2", "pears-3", "pears-4")) == 4
    assert [
        c["ranks"]
        for c in combinations(held("pears-1", "pears-2", "pears-3", "pears-5", "pears-6"))
    ] == [[1, 2, 3]]
    # two separate blocks of one suit give two runs
    combos = combinations(held("grapes-1", "grapes-2", "grapes-3", "grapes-5", "grapes-6"))
    assert len(combos) == 1
    two_runs = combinations(
        {"A": "grapes-1", "B": "grapes-2", "C": "grapes-3", "D": "grapes-4", "E": "grapes-6"}
    )
    assert [c["ranks"] for c in two_runs] == [[1, 2, 3, 4]]


def test_runs_need_one_suit():
    assert team_score(held("pears-1", "pears-2", "lemons-3")) == 0


def test_a_card_scores_for_its_set_and_its_run():
    h = held("apples-1", "apples-2", "apples-3", "lemons-1", "pears-1")
    pts = card_points(h)
    assert pts == {"A": 2, "B": 1, "C": 1, "D": 1, "E": 1}
    assert team_score(h) == sum(pts.values()) == 6


def test_combination_shapes_and_order():
    h = {
        "X": "apples-2",
        "B": "lemons-2",
        "C": "pears-2",
        "A": "apples-1",
        "D": "apples-3",
        "E": "grapes-4",
        "F": "grapes-5",
        "G": "grapes-6",
        "H": "lemons-1",
        "I": "lemons-3",
    }
    combos = combinations(h)
    assert combos == [
        {"kind": "set", "rank": 2, "letters": ["B", "C", "X"], "points_per_card": 1, "total": 3},
        {
            "kind": "run",
            "suit": "apples",
            "ranks": [1, 2, 3],
            "letters": ["A", "D", "X"],
            "points_per_card": 1,
            "total": 3,
        },
        {
            "kind": "run",
            "suit": "lemons",
            "ranks": [1, 2, 3],
            "letters": ["B", "H", "I"],
            "points_per_card": 1,
            "total": 3,
        },
        {
            "kind": "run",
            "suit": "grapes",
            "ranks": [4, 5, 6],
            "letters": ["E", "F", "G"],
            "points_per_card": 1,
            "total": 3,
        },
    ]


def test_no_cards_no_points():
    assert combinations({}) == [] and card_points({}) == {} and team_score({}) == 0


def test_garnets_are_a_fifth_of_the_team_score_rounded_down():
    assert [garnets_for(s) for s in (0, 4, 5, 9, 10, 51, 34)] == [0, 0, 1, 1, 2, 10, 6]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(CARDS), unique=True, max_size=24))
def test_points_add_up_and_the_maximum_is_all_24_cards(cards):
    h = held(*cards)
    combos = combinations(h)
    assert sum(card_points(h, combos).values()) == sum(c["total"] for c in combos) == team_score(h)
    for c in combos:
        assert c["total"] == c["points_per_card"] * len(c["letters"])
        assert c["letters"] == sorted(c["letters"])
    # each rank at most one set, each card at most one run
    assert len({c["rank"] for c in combos if c["kind"] == "set"}) == sum(
        c["kind"] == "set" for c in combos
    )
    in_runs = [x for c in combos if c["kind"] == "run" for x in c["letters"]]
    assert len(in_runs) == len(set(in_runs))


def test_all_24_cards_score_four_six_runs_and_six_four_sets():
    assert team_score(held(*CARDS)) == 4 * 24 + 6 * 12
