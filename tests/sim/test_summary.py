"""Match summaries read only the game-independent result (and three optional detail keys)."""

from __future__ import annotations

import random

from mainmatch import games
from mainmatch.engine import play_random
from mainmatch.sim.summary import end_label, ranks_of, summarize, teams_of


def test_rank_is_one_plus_the_players_in_better_groups() -> None:
    assert ranks_of([["a", "b"], ["c"], ["d"]], ["a", "b", "c", "d"]) == {
        "a": 1,
        "b": 1,
        "c": 3,
        "d": 4,
    }
    assert ranks_of(None, ["a"]) is None
    assert ranks_of([["a"]], ["a", "b"]) is None  # a ranking missing a player ranks nobody


def test_teams_in_either_shape_from_details_first() -> None:
    players = ["a", "b", "c"]
    assert teams_of({}, {"teams": {"red": ["a", "c"], "green": ["b"]}}, players) == (
        "red",
        "green",
        "red",
    )
    assert teams_of(
        {"teams": {"a": "neutral", "b": "positive", "c": "negative"}},
        {"teams": {"x": ["a"]}},
        players,
    ) == ("neutral", "positive", "negative")
    assert teams_of({}, {}, players) is None
    assert teams_of({"teams": "red"}, {}, players) is None


def test_end_label_uses_the_first_known_key() -> None:
    assert end_label({"end_condition": "streak"}) == "streak"
    assert end_label({"end_reason": "over_200"}) == "over_200"
    assert end_label({"outcome": "neutral", "end_reason": 3}) == "neutral"
    assert end_label({}) is None


def test_summary_of_a_real_match_agrees_with_its_result() -> None:
    game = games.get("seat_exchange")
    rng = random.Random(3)
    config = game.random_config(list(game.default_players), rng)
    result = play_random(game, config, rng).result()
    players = config["players"]
    s = summarize(7, ["random"] * 13, config, result, 4, [4] * 13, [])
    assert s.index == 7 and s.end == result["details"]["end_condition"]
    assert {players[k]: t for k, t in enumerate(s.tokens) if t} == result["tokens_of_life"]
    assert {players[k]: g for k, g in enumerate(s.garnets) if g} == result["garnets"]
    assert players[s.ec] == result["elimination_candidate"]
    assert s.ranks[s.ec] == 13
    assert s.teams is None
