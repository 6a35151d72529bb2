"""Announcements: every event of every game renders to Discord-ready text."""

from __future__ import annotations

import random

import pytest

from mainmatch import games
from mainmatch.engine import Game, contract, play_random
from mainmatch.engine.announce import announce

TABLES = contract.tables(games.all_games())


@pytest.mark.parametrize(("game_id", "count"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_every_event_type_has_its_own_text(game_id, count):
    game = games.get(game_id)
    seen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        players = contract.players_for(game, count)
        match = play_random(game, game.random_config(players, rng), rng)
        for events in match.events:
            for e in events:
                text = game.render_event(e)
                assert text.strip(), f"{e['type']} renders to nothing"
                assert text != Game.render_event(game, e), (
                    f"{game_id} has no text of its own for {e['type']!r}"
                )
                seen.add(e["type"])
            ann = announce(game, events)
            public = [e for e in events if e["audience"] == "public"]
            assert len(ann.public) == len(public)
            for p, lines in ann.private.items():
                assert len(lines) == sum(
                    1 for e in events if e["audience"] != "public" and p in e["audience"]
                )
    assert seen


def test_announce_splits_public_posts_and_dms():
    game = games.get("seat_exchange")
    events = [
        {
            "audience": "public",
            "type": "round_start",
            "round": 2,
            "income": 100,
            "longest_streak": 3,
        },
        {
            "audience": ["jk"],
            "type": "your_round",
            "round": 1,
            "spent": 20,
            "garnets_spent": 0,
            "money": 80,
        },
    ]
    ann = announce(game, events)
    assert "Round 2 begins" in ann.public_text()
    assert list(ann.private) == ["jk"] and "$80" in ann.dm_text("jk")
    assert ann.dm_text("dh") == ""
