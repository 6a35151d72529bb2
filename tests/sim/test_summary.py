"""Match summaries read only the game-independent result (and three optional detail keys)."""

from __future__ import annotations

import random

from mainmatch import games
from mainmatch.engine import play_random
from mainmatch.sim.summary import end_label, ranks_of, seat_teams, summarize


def test_rank_is_one_plus_the_players_in_better_groups() -> None:
    assert ranks_of([["a", "b"], ["c"], ["d"]], ["a", "b", "c", "d"]) == {
        "a": 1,
        "b": 1,
        "c": 3,
        "d": 4,
    }
    assert ranks_of(None, ["a"]) is None
    assert ranks_of([["a"]], ["a", "b"]) is None  # a ranking missing a player ranks nobody


def test_teams_come_in_one_shape_read_off_the_declarations() -> None:
    players = ["a", "b", "c"]
    assert seat_teams({"a": "red", "c": "red", "b": "green"}, players) == ("red", "green", "red")
    assert seat_teams({}, players) is None and seat_teams({"x": "red"}, players) is None
    for game_id, teams in (
        ("mvp", {"red", "green"}),
        ("homeostasis", {"positive", "negative", "neutral"}),
    ):
        game = games.get(game_id)
        rng = random.Random(5)
        config = game.random_config(list(game.default_players), rng)
        result = play_random(game, config, rng).result()
        s = summarize(0, ["random"] * len(players), config, result, 1, [1], [], game)
        assert s.teams is not None and set(s.teams) == teams, game_id


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


def _random_result(game_id: str, seed: int, variant: dict | None = None) -> tuple[dict, dict]:
    game = games.get(game_id)
    rng = random.Random(seed)
    extra = {"variant": variant} if variant else {}
    config = game.random_config(list(game.default_players), rng, **extra)
    return config, play_random(game, config, rng).result()


def test_second_to_won_end_label_names_the_limit_played_while_the_result_keeps_over_200() -> None:
    game = games.get("second_to_won")
    for seed in range(40):  # a low limit: random bids pass it within a few auctions
        config, result = _random_result("second_to_won", seed, {"limit": 40})
        if result["details"]["end_reason"] == "over_200":
            break
    else:
        raise AssertionError("no premature end in 40 random matches at limit 40")
    assert result["details"]["end_reason"] == "over_200"  # the spec's word, unchanged
    assert game.end_label(config, result) == "over_40"
    s = summarize(0, ["random"] * 9, config, result, 1, [1] * 9, [], game)
    assert s.end == "over_40"
    official, result = _random_result("second_to_won", 1)
    assert game.end_label(official, result) == result["details"]["end_reason"]


def test_amalgamation_end_label_says_whether_a_vote_chose_the_ec() -> None:
    game = games.get("amalgamation")
    seen = set()
    for seed in range(200):
        config, result = _random_result("amalgamation", seed)
        label = game.end_label(config, result)
        voted = result["details"]["ec_votes"] is not None
        assert label == ("ec_vote" if voted else "fewest_points")
        seen.add(label)
        if len(seen) == 2:
            break
    assert seen == {"ec_vote", "fewest_points"}
