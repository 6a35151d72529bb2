"""A game for a range of players (``Game.player_range``): its range in words,
its default table, and random play at every count of it (``RangeBid``, the
``range_game`` fixture of tests/conftest.py)."""

from __future__ import annotations

import random

import pytest

from mainmatch import games
from mainmatch.engine.errors import InvalidConfig
from mainmatch.engine.match import play_random


def test_the_range_in_words(range_game) -> None:
    assert range_game.players_range() == (3, 5)
    assert range_game.players_text() == "3–5"
    assert [range_game.takes_players(n) for n in (3, 4, 5)] == [None, None, None]
    assert range_game.takes_players(2) == "Range Bid takes 3 to 5 players, not 2"
    assert range_game.takes_players(6) == "Range Bid takes 3 to 5 players, not 6"
    mvp = games.get("mvp")
    assert mvp.players_range() == (6, 6) and mvp.players_text() == "6"
    assert mvp.takes_players(5) == "The MVP takes exactly 6 players, not 5"


def test_the_default_table_and_more_seats(range_game) -> None:
    assert range_game.default_count() == 4
    assert range_game.default_lineup() == ["ann", "ben", "cat", "dan"]
    assert range_game.default_lineup(3) == ["ann", "ben", "cat"]
    assert range_game.default_lineup(5) == ["ann", "ben", "cat", "dan", "p1"]
    with pytest.raises(InvalidConfig, match="takes 3 to 5 players, not 6"):
        range_game.default_lineup(6)
    for g in games.all_games():  # the five built-in games: one number, their own ids
        assert g.default_lineup() == list(g.default_players)


@pytest.mark.parametrize("count", [3, 4, 5])
def test_random_play_at_every_count(range_game, count) -> None:
    rng = random.Random(count)
    game = games.get("rangebid")
    match = play_random(game, game.random_config(game.default_lineup(count), rng), rng)
    result = match.result()
    assert result is not None
    assert sorted(p for group in result["ranking"] for p in group) == sorted(
        game.default_lineup(count)
    )


def test_takes_players_words_for_one_count_and_the_default_lineup() -> None:
    from mainmatch.games import get

    assert get("mvp").takes_players(4) == "The MVP takes exactly 6 players, not 4"
    assert get("mvp").takes_players(6) is None
    assert get("amalgamation").default_lineup() == ["a", "b", "c", "d", "e", "f"]
