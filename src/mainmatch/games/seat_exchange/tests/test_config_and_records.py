"""Config validation (seat_exchange spec §2) and bad records."""

from __future__ import annotations

import copy

import pytest

from mainmatch.engine import InvalidConfig, RecordError, replay
from mainmatch.games.seat_exchange import GAME

from .helpers import config, round_of, trade


def _bad(mutate):
    cfg = copy.deepcopy(config())
    mutate(cfg)
    return cfg


@pytest.mark.parametrize(
    "mutate, fragment",
    [
        (lambda c: c["players"].pop(), "config.players"),
        (lambda c: c.update(extra=1), "config.extra: unknown field"),
        (lambda c: c.pop("garnets"), "config.garnets: required field is missing"),
        (lambda c: c["numbers"].update(jk=True), "config.numbers.jk"),
        (lambda c: c["numbers"].update(jk=5.0), "config.numbers.jk"),
        (lambda c: c["numbers"].update(jk=2), "numbers: must give each of 1..13"),
        (lambda c: c["garnets"].update(jk=-1), "garnets: jk has a negative"),
        (lambda c: c["seats"].__setitem__(0, "dh"), "seats: must list each"),
        (lambda c: c["gamewide_tiebreak"].pop(), "gamewide_tiebreak"),
        (lambda c: c["garnets"].pop("jk"), "garnets: must have every player"),
    ],
)
def test_invalid_configs_are_rejected_naming_the_field(mutate, fragment):
    with pytest.raises(InvalidConfig) as err:
        GAME.initial_state(_bad(mutate))
    assert fragment in str(err.value)


def test_config_with_initial_long_streak_is_valid():
    GAME.initial_state(config(list(range(1, 14))))


def _record(steps):
    return {
        "format": "mainmatch-record/1",
        "game": "seat_exchange",
        "config": config(),
        "steps": steps,
    }


def test_record_with_illegal_action_names_step_player_and_rule():
    steps = [
        {"actions": round_of(), "defaulted": []},
        {"actions": round_of(dh=[trade("jk", "sm", 250)]), "defaulted": []},
    ]
    with pytest.raises(RecordError) as err:
        replay(_record(steps))
    assert (
        str(err.value)
        == "step 2, player 'dh': trades total $250 but you have $200 ($200 + 0 garnets)"
    )


def test_record_missing_a_pending_player():
    actions = round_of()
    del actions["p13"]
    with pytest.raises(
        RecordError, match=r"step 1, player 'p13': is pending \(trades\) but the step has no action"
    ):
        replay(_record([{"actions": actions}]))


def test_record_with_steps_after_the_end():
    steps = [{"actions": round_of()} for _ in range(5)]
    with pytest.raises(RecordError, match="step 5: the match is already over"):
        replay(_record(steps))


@pytest.mark.parametrize(
    "record, fragment",
    [
        ([], "a record must be a JSON object"),
        ({"format": "other"}, "unknown record format 'other'"),
        (
            {"format": "mainmatch-record/1", "game": "chess", "config": {}, "steps": []},
            "unknown game 'chess'",
        ),
        (
            {
                "format": "mainmatch-record/1",
                "game": "seat_exchange",
                "config": {"players": []},
                "steps": [],
            },
            "invalid config: config.seats: required field is missing",
        ),
        (
            {
                "format": "mainmatch-record/1",
                "game": "seat_exchange",
                "config": config(),
                "steps": [{"actions": {"jk": 3}}],
            },
            "step 1, player 'jk': the action must be a JSON object",
        ),
        (
            {
                "format": "mainmatch-record/1",
                "game": "seat_exchange",
                "config": config(),
                "steps": [{"moves": {}}],
            },
            "step 1",
        ),
    ],
)
def test_broken_records_get_one_clear_error(record, fragment):
    with pytest.raises(RecordError) as err:
        replay(record)
    assert fragment in str(err.value)


def test_partial_record_has_no_result():
    out = replay(_record([{"actions": round_of()}])).to_json()
    assert (
        out["result"] is None and out["steps_applied"] == 1 and out["public_views"][0]["round"] == 2
    )
