"""Records: the shipped JSON Schema, load/save round trip, file errors."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# --------------------------------------------------------------- the plain shortcut

_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=False), st.text(max_size=3)
)
_keys = st.one_of(st.sampled_from(["actions", "defaulted", "a", "b", "note"]), st.integers(0, 2))
_json = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.tuples(inner),
        st.dictionaries(_keys, inner, max_size=3),
    ),
    max_leaves=6,
)
_names = st.sampled_from(["a", "b", ""])
#: mostly well-formed steps, each with one possible fault
_step = st.fixed_dictionaries(
    {
        "actions": st.one_of(
            st.dictionaries(_names, st.dictionaries(_names, _json, max_size=2), max_size=3),
            st.dictionaries(st.one_of(_names, st.integers(0, 1)), _json, max_size=2),
            _json,
        )
    },
    optional={
        "defaulted": st.one_of(st.lists(_names, max_size=2), _json),
        "note": _json,
        3: _json,
    },
)
_steps = st.lists(st.one_of(_step, _step, _step, _json), max_size=3)


@given(
    game=st.one_of(st.just("mvp"), st.just("mvp"), st.just("mvp"), _json),
    config=st.one_of(*[st.dictionaries(_names, _json, max_size=2)] * 3, _json),
    steps=st.one_of(_steps, _steps, _json, st.tuples(_steps)),
    extra=st.dictionaries(_keys, _json, max_size=1),
)
@settings(max_examples=400, deadline=None)
def test_the_plain_shortcut_accepts_only_what_the_model_accepts(game, config, steps, extra):
    """``parse_record`` skips the pydantic model for plainly well-formed records
    (decision PE1); whatever the shortcut accepts must pass the full check."""
    from mainmatch.engine.record import _check_with_model, _plainly_well_formed

    data = {**extra, "format": "mainmatch-record/1", "game": game, "config": config}
    data["steps"] = steps
    if _plainly_well_formed(data):
        _check_with_model(data)  # raises if the model refuses it
        assert all(isinstance(a, dict) for s in data["steps"] for a in s["actions"].values())
