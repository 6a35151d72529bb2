"""``Game.placings``: the places of a finished match's result table, best first.

Every registered game places every player exactly once in a finished random
match; a ranked result keeps its ranking's order and ties; Second to Won (no
ranking) names its places as its rules do (second_to_won spec §7).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine.game import Game
from mainmatch.engine.registry import all_games
from mainmatch.engine.registry import get_game as get

GAMES = all_games()
IDS = [g.id for g in GAMES]


def finished(game: Game, seed: int, variant: dict[str, int] | None = None):
    """The players and result of one random match of ``game`` played to its end."""
    rng = random.Random(seed)
    config = game.random_config(list(game.default_players), rng, variant)
    state = game.initial_state(config)
    while (result := game.result(state)) is None:
        pending = game.pending(state)
        actions = {p: game.random_action(state, p, rng) for p in pending}
        state, _ = game.apply(state, actions)
    return list(config["players"]), result


@cache
def results(game_id: str) -> list[tuple[list[str], dict[str, Any]]]:
    return [finished(get(game_id), seed) for seed in (1, 2, 3)]


def flat(placings: list[tuple[str, list[str]]]) -> list[str]:
    return [p for _label, group in placings for p in group]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_player_is_placed_once(game: Game) -> None:
    for players, result in results(game.id):
        placings = game.placings(result, players)
        assert sorted(flat(placings)) == sorted(players)
        assert all(label and group for label, group in placings)
        # the EC stands alone in the last place (engine spec convention 5)
        ec = result["elimination_candidate"]
        if ec:
            assert placings[-1][1] == [ec]
        # the result alone places everyone too
        assert sorted(flat(game.placings(result))) == sorted(players)


@pytest.mark.parametrize("game", [g for g in GAMES if g.id != "second_to_won"], ids=lambda g: g.id)
def test_a_ranked_result_keeps_its_ranking(game: Game) -> None:
    for _players, result in results(game.id):
        placings = game.placings(result)
        assert [group for _label, group in placings] == result["ranking"]
        # numbered as the web result card numbers them: places count the players above
        above = 0
        for label, group in placings:
            assert label == f"{above + 1}{'=' if len(group) > 1 else ''}"
            above += len(group)


def test_default_without_ranking_places_tokens_first_and_the_ec_last() -> None:
    game = get("seat_exchange")  # uses the default
    result = {"ranking": None, "tokens_of_life": {"b": 2}, "elimination_candidate": "c"}
    assert game.placings(result, ["a", "b", "c"]) == [
        ("2 Tokens of Life", ["b"]),
        ("–", ["a"]),
        ("EC", ["c"]),
    ]
    assert game.placings(result) == [("2 Tokens of Life", ["b"]), ("EC", ["c"])]


def _check_second_to_won(players: list[str], result: dict[str, Any]) -> None:
    game = get("second_to_won")
    placings = game.placings(result, players)
    assert sorted(flat(placings)) == sorted(players)
    details, ec = result["details"], result["elimination_candidate"]
    scores, tol = details["scores"], result["tokens_of_life"]
    labels = [label for label, _group in placings]
    assert labels[-1] == "EC" and placings[-1][1] == [ec]
    where = {p: label for label, group in placings for p in group}
    # second_to_won spec §7: Tokens of Life go to second place only, never to first or over the limit
    assert all(where[p] == "second" for p in tol)
    for p in details["over_200"]:
        assert where[p] in ("over the limit", "EC")
    if details["end_reason"] == "complete":
        assert details["over_200"] == [] and "over the limit" not in labels
        assert [p for p in players if where[p] == "first"] == [
            p for p in details["first"] if p != ec
        ]
    # the places run in the rules' order, and points fall along the ones in between
    order = ["first", "second", "–", "last place", "over the limit", "EC"]
    assert [order.index(x) for x in labels] == sorted(order.index(x) for x in labels)
    between = [scores[group[0]] for label, group in placings if label == "–"]
    assert between == sorted(between, reverse=True)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), low_limit=st.booleans())
def test_second_to_won_places_as_its_rules_rank(seed: int, low_limit: bool) -> None:
    # a low limit makes the premature end (someone over the limit) common
    variant = {"limit": 60} if low_limit else None
    _check_second_to_won(*finished(get("second_to_won"), seed, variant))


def test_second_to_won_names_both_ends() -> None:
    game = get("second_to_won")
    ends = set()
    for seed in range(6):
        players, result = finished(game, seed, {"limit": 60} if seed % 2 else None)
        _check_second_to_won(players, result)
        ends.add(result["details"]["end_reason"])
        labels = [label for label, _group in game.placings(result, players)]
        if result["details"]["end_reason"] == "over_200":
            assert "over the limit" in labels or len(result["details"]["over_200"]) == 1
            assert "first" not in labels
    assert ends == {"complete", "over_200"}
