"""Records: the shipped JSON Schema, load/save round trip, file errors."""

from __future__ import annotations

import json
import random

import pytest

from mainmatch import games
from mainmatch.engine import Match, RecordError, load_record, play_random, replay, save_record
from mainmatch.engine.record import SCHEMA_PATH, record_schema


def test_shipped_schema_file_matches_the_record_model():
    assert json.loads(SCHEMA_PATH.read_text()) == record_schema()


def test_save_load_round_trip(tmp_path):
    g = games.get("seat_exchange")
    m = play_random(g, g.new_config(list(g.default_players), 3), random.Random(3))
    path = tmp_path / "r.json"
    save_record(m.record(), path)
    rec = load_record(path)
    assert rec == json.loads(json.dumps(m.record()))
    assert replay(rec).result() == m.result()
    again = Match.from_record(rec)
    assert again.result() == m.result() and len(again.steps) == len(m.steps)


def test_undo_takes_back_the_last_step():
    g = games.get("seat_exchange")
    rng = random.Random(1)
    m = Match(g, g.new_config(list(g.default_players), 1))
    m.step({p: g.random_action(m.state, p, rng) for p in m.pending})
    view1 = m.view(None)
    m.step({p: g.random_action(m.state, p, rng) for p in m.pending})
    m.undo()
    assert m.view(None) == view1 and len(m.steps) == 1


@pytest.mark.parametrize(
    "content, fragment",
    [
        ("{not json", "not JSON (line 1, column 2"),
        ("[]", "a record must be a JSON object"),
        ('{"format": "mainmatch-record/2"}', "unknown record format"),
        ('{"format": "mainmatch-record/1", "game": "seat_exchange", "config": {}}', "record.steps"),
    ],
)
def test_broken_record_files(tmp_path, content, fragment):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert fragment in str(err.value)


def test_missing_record_file(tmp_path):
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "nope.json")


def test_config_checks_shared_by_the_games():
    from mainmatch.engine.configcheck import (
        garnets_fault,
        ordering_fault,
        player_map_fault,
        players_fault,
    )

    assert players_fault(["a", "b"], 2, "Duel") is None
    assert players_fault(["a"], 2, "Duel") == "players: Duel takes exactly 2 players, not 1"
    assert (
        players_fault(["a", ""], 2, "Duel")
        == "players: a player id must be a non-empty string, not an empty string"
    )
    assert players_fault("ab", 2, "Duel") == "players: must be a list of 2 player ids, not a string"
    assert ordering_fault("seats", ["b", "a"], ["a", "b"]) is None
    assert (
        ordering_fault("seats", ["a", "a"], ["a", "b"])
        == "seats: must list each of the 2 players exactly once"
    )
    assert (
        player_map_fault("numbers", {"a": 1}, ["a", "b"])
        == "numbers: must have every player and no one else (missing ['b'], unknown [])"
    )
    assert (
        garnets_fault({"a": 1, "b": -1}, ["a", "b"])
        == "garnets.b: must be a whole number >= 0, not -1"
    )
    assert (
        garnets_fault({"a": 1, "b": True}, ["a", "b"])
        == "garnets.b: must be a whole number >= 0, not true"
    )
