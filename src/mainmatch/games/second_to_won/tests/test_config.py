"""Configs (§2): strict checking with messages naming the field, and new_config's options."""

from __future__ import annotations

import copy
import json

import pytest

from mainmatch.engine import InvalidConfig
from mainmatch.games.second_to_won import GAME
from mainmatch.games.second_to_won.catalogue import seed_listing
from mainmatch.games.second_to_won.models import SecondToWonConfig

from .helpers import P, config, filler


def test_new_config_is_explicit_valid_and_reproducible():
    cfg = GAME.new_config(P, 5)
    assert list(cfg) == ["players", "auctions", "gamewide_tiebreak", "garnets"]
    assert GAME.check_config(copy.deepcopy(cfg)) == cfg
    assert GAME.new_config(P, 5) == cfg
    assert json.loads(json.dumps(cfg)) == cfg
    SecondToWonConfig.model_validate(cfg, strict=True)
    assert GAME.host_inputs == ("auctions", "n_auctions", "gamewide_tiebreak", "garnets", "variant")


@pytest.mark.parametrize(
    "options, message",
    [
        (
            {"rounds": 3},
            "unknown option 'rounds'; second_to_won takes auctions, n_auctions, gamewide_tiebreak, garnets and variant",
        ),
        ({"n_auctions": 0}, "n_auctions must be a whole number from 1 to 8, not 0"),
        ({"n_auctions": 9}, "n_auctions must be a whole number from 1 to 8, not 9"),
        (
            {"n_auctions": 2.0},
            "n_auctions must be a whole number from 1 to 8, not a number with a fraction",
        ),
        (
            {"n_auctions": 2, "auctions": [filler()]},
            "give either auctions (the host's catalogue) or n_auctions",
        ),
        ({"garnets": {"zed": 1}}, "config.garnets: 'zed' is not a player in this match"),
        ({"garnets": {"ana": -1}}, "config.garnets.ana: must be a whole number >= 0, not -1"),
        (
            {"garnets": {"ana": 1.0}},
            "config.garnets.ana: must be a whole number >= 0, not a number with a fraction",
        ),
        ({"garnets": [1]}, "config.garnets: must be an object player -> garnets held, not a list"),
        (
            {"gamewide_tiebreak": P[:8]},
            "config.gamewide_tiebreak: must list each of the 9 players exactly once",
        ),
        (
            {"gamewide_tiebreak": [*P[:8], "ana"]},
            "config.gamewide_tiebreak: must list each of the 9 players exactly once",
        ),
    ],
)
def test_new_config_option_errors(options, message):
    with pytest.raises(InvalidConfig) as exc:
        GAME.new_config(P, 1, **options)
    assert str(exc.value).startswith(message), str(exc.value)


@pytest.mark.parametrize(
    "players, message",
    [
        (P[:8], "config.players: Second to Won takes exactly 9 players, not 8"),
        ([*P[:8], "ana"], "config.players: duplicate player ids ['ana']"),
        (
            [*P[:8], ""],
            "config.players: a player id must be a non-empty string, not an empty string",
        ),
        ([*P[:8], 7], "config.players: a player id must be a non-empty string, not an integer"),
        ("ana", "config.players: must be a list of 9 player ids, not a string"),
    ],
)
def test_players(players, message):
    with pytest.raises(InvalidConfig, match=None) as exc:
        GAME.new_config(players, 1)
    assert str(exc.value) == message
    cfg = config(filler())
    cfg["players"] = players
    with pytest.raises(InvalidConfig) as exc:
        GAME.check_config(cfg)
    assert str(exc.value) == message


def _with(**changes) -> dict:
    cfg = config(seed_listing(), filler())
    cfg.update(changes)
    return cfg


@pytest.mark.parametrize(
    "cfg, message",
    [
        ([], "config must be a JSON object, not a list"),
        (
            {**_with(), "rounds": 3},
            "config.rounds: unknown field; a second_to_won config has players, auctions, gamewide_tiebreak and garnets",
        ),
        (
            {k: v for k, v in _with().items() if k != "auctions"},
            "config.auctions: required field is missing",
        ),
        (
            {k: v for k, v in _with().items() if k != "garnets"},
            "config.garnets: required field is missing",
        ),
        (_with(auctions=[]), "config.auctions: must list 1 to 8 auctions, not 0"),
        (_with(auctions=[filler()] * 9), "config.auctions: must list 1 to 8 auctions, not 9"),
        (
            _with(auctions=[filler(), ["+15 points to YOU", *filler(5)]]),
            'config.auctions[1][0] (auction 2, item A): must be an object like {"effects": [{"target": "you", "add": 10}]}, not a string',
        ),
        (
            _with(auctions=[[*filler(5), {"effects": [{"target": "you", "info": 3}]}], filler()]),
            "config.auctions[0][5] (auction 1, item F): effect 1: info must name a later auction (2), not 3",
        ),
        (
            _with(gamewide_tiebreak=list(reversed(P))[:8]),
            "config.gamewide_tiebreak: must list each of the 9 players exactly once",
        ),
        (
            _with(gamewide_tiebreak="ana"),
            "config.gamewide_tiebreak: must list each of the 9 players exactly once",
        ),
        (
            _with(garnets={p: 0 for p in P[:8]}),
            "config.garnets: must have every player and no one else (missing ['ivy'], unknown [])",
        ),
        (
            _with(garnets={**{p: 0 for p in P}, "zed": 0}),
            "config.garnets: must have every player and no one else (missing [], unknown ['zed'])",
        ),
        (
            _with(garnets={**{p: 0 for p in P}, "ben": True}),
            "config.garnets.ben: must be a whole number >= 0, not true",
        ),
    ],
)
def test_check_config_names_the_field(cfg, message):
    with pytest.raises(InvalidConfig) as exc:
        GAME.check_config(cfg)
    assert str(exc.value) == message
    with pytest.raises(InvalidConfig):
        GAME.initial_state(cfg)


def test_the_config_schema_describes_items_and_forbids_extras():
    schema = GAME.config_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["properties"]) == {
        "players",
        "auctions",
        "gamewide_tiebreak",
        "garnets",
        "variant",
    }
    effect = schema["$defs"]["Effect"]
    assert effect["required"] == ["target"]
    assert effect["properties"]["multiply"]["pattern"] == r"^[0-9]+(\.[0-9]+)?$"
    assert "default" not in effect["properties"]["add"]
    action = GAME.action_schema("bids")
    assert action["required"] == ["bids"] and action["additionalProperties"] is False
    assert action["properties"]["bids"]["propertyNames"] == {"enum": list("ABCDEF")}
    bid = action["$defs"]["Bid"]
    assert bid["additionalProperties"] is False and all(
        p.get("description") for p in bid["properties"].values()
    )


def test_engine_metadata():
    assert GAME.id == "second_to_won" and GAME.player_count == 9
    assert GAME.default_players == tuple(P)
    assert GAME.step_minutes == {"bids": 24 * 60}
    assert list(GAME.action_models) == ["bids"]
    assert "Second to Won" in GAME.rules_summary() and "--items" in GAME.rules_summary()
