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


@pytest.mark.parametrize("content, fragment", [
    ("{not json", "not JSON (line 1, column 2"),
    ("[]", "a record must be a JSON object"),
    ('{"format": "mainmatch-record/2"}', "unknown record format"),
    ('{"format": "mainmatch-record/1", "game": "seat_exchange", "config": {}}', "record.steps"),
])
def test_broken_record_files(tmp_path, content, fragment):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert fragment in str(err.value)


def test_missing_record_file(tmp_path):
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "nope.json")
