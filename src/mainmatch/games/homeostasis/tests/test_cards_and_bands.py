"""The deck and saving cost (homeostasis spec §1, §4.1) and the bands and
awards of the end (§7)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from homeostasis_helpers import PLAYERS, TEAMS

from mainmatch.games.homeostasis.bands import BANDS, band, ranking, settle
from mainmatch.games.homeostasis.cards import (
    DECK,
    SYMBOLS,
    canonical,
    max_saveable,
    remove_cards,
    save_cost,
)


def test_deck_is_the_seed_example_in_canonical_order() -> None:
    assert DECK == ("1", "1", "2", "2", "3", "3", "+", "-", "x", "/")
    assert SYMBOLS == ("1", "2", "3", "+", "-", "x", "/")
    assert canonical(list("2x12+-33/1")) == list(DECK)


def test_save_cost_and_what_a_holding_buys() -> None:
    assert [save_cost(x) for x in range(11)] == [0, 0, 1, 4, 9, 16, 25, 36, 49, 64, 81]
    for garnets in range(90):
        n = max_saveable(garnets)
        assert save_cost(n) <= garnets and (n == 10 or save_cost(n + 1) > garnets)


def test_remove_cards_takes_one_copy_each() -> None:
    assert remove_cards(DECK, ["1", "x", "1"]) == ["2", "2", "3", "3", "+", "-", "/"]
    assert remove_cards(["3", "/"], []) == ["3", "/"]


@pytest.mark.parametrize(
    ("total", "expected"),
    [
        ("41/10", "positive_big"),
        ("4", "positive_small"),
        ("11/10", "positive_small"),
        ("1", "neutral"),
        ("0", "neutral"),
        ("-1", "neutral"),
        ("-11/10", "negative_small"),
        ("-4", "negative_small"),
        ("-41/10", "negative_big"),
        ("100", "positive_big"),
        ("-100", "negative_big"),
    ],
)
def test_band_boundaries_belong_to_the_band_nearer_0(total: str, expected: str) -> None:
    assert band(Fraction(total)) == expected


def test_settle_every_band() -> None:
    assert settle("positive_big", TEAMS, PLAYERS) == ({"a": 1, "b": 1}, {"a": 3, "b": 3}, "e", None)
    assert settle("positive_small", TEAMS, PLAYERS) == (
        {"a": 1, "b": 1, "e": 1},
        {"a": 1, "b": 1},
        None,
        ["c", "d"],
    )
    assert settle("neutral", TEAMS, PLAYERS) == ({"e": 2}, {"e": 6}, None, None)
    assert settle("negative_small", TEAMS, PLAYERS) == (
        {"c": 1, "d": 1, "e": 1},
        {"c": 1, "d": 1},
        None,
        ["a", "b"],
    )
    assert settle("negative_big", TEAMS, PLAYERS) == ({"c": 1, "d": 1}, {"c": 3, "d": 3}, "e", None)


def test_ranking_every_band() -> None:
    assert ranking("positive_big", TEAMS, PLAYERS, "e") == [["a", "b"], ["c", "d"], ["e"]]
    assert ranking("negative_big", TEAMS, PLAYERS, "e") == [["c", "d"], ["a", "b"], ["e"]]
    assert ranking("positive_small", TEAMS, PLAYERS, None) == [["a", "b"], ["e"], ["c", "d"]]
    assert ranking("negative_small", TEAMS, PLAYERS, None) == [["c", "d"], ["e"], ["a", "b"]]
    assert ranking("neutral", TEAMS, PLAYERS, "b") == [["e"], ["a", "c", "d"], ["b"]]


def test_members_keep_players_order_whatever_the_teams() -> None:
    teams = {"a": "neutral", "b": "negative", "c": "positive", "d": "negative", "e": "positive"}
    assert settle("negative_small", teams, PLAYERS) == (
        {"a": 1, "b": 1, "d": 1},
        {"b": 1, "d": 1},
        None,
        ["c", "e"],
    )
    assert ranking("positive_big", teams, PLAYERS, "a") == [["c", "e"], ["b", "d"], ["a"]]
    assert set(BANDS) == {
        "positive_big",
        "positive_small",
        "neutral",
        "negative_small",
        "negative_big",
    }
