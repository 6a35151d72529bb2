"""Configs: ``new_config`` defaults and options, strict validation (amalgamation spec §2)."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.engine import InvalidConfig
from mainmatch.games.amalgamation import GAME
from mainmatch.games.amalgamation.setup import garnet_rate

from .helpers import P, config


def broken(**changes) -> dict:
    cfg = config()
    for key, value in changes.items():
        if value is KeyError:
            del cfg[key]
        else:
            cfg[key] = value
    return cfg


@pytest.mark.parametrize(
    "cfg, fragment",
    [
        (broken(players=list("abcde")), "config.players"),
        (broken(players=list("abcdea")), "config.players"),
        (broken(players=["a", "b", "c", "d", "e", ""]), "config.players"),
        (broken(players=list("abcdef") + [1]), "config.players"),
        (broken(gamewide_tiebreak=list("abcdea")), "config.gamewide_tiebreak"),
        (broken(gamewide_tiebreak=KeyError), "config.gamewide_tiebreak"),
        (broken(garnets={p: 0 for p in "abcde"}), "config.garnets"),
        (broken(garnets={**dict.fromkeys(P, 0), "zed": 1}), "config.garnets"),
        (broken(garnets={**dict.fromkeys(P, 0), "a": -1}), "config.garnets"),
        (broken(garnets={**dict.fromkeys(P, 0), "a": 2.0}), "config.garnets"),
        (broken(garnets={**dict.fromkeys(P, 0), "a": True}), "config.garnets"),
        (broken(teams={"red": list("abc"), "blue": list("def")}), "config.teams"),
        (broken(teams={"red": list("ab"), "white": list("cdef")}), "config.teams"),
        (broken(teams={"red": list("abc"), "white": list("cde")}), "config.teams"),
        (broken(minus_initial_order=list("abcde")), "config.minus_initial_order"),
        (broken(minus_tiles=[[-1, -2, -3, -4, -5]] * 7), "config.minus_tiles"),
        (
            broken(minus_tiles=[list(range(-5 * r + 4, -5 * r - 1, -1)) for r in range(1, 7)]),
            "config.minus_tiles",
        ),
        (
            broken(minus_tiles=[[-1.0, -2, -3, -4, -5]] + config()["minus_tiles"][1:]),
            "config.minus_tiles",
        ),
        (broken(garnet_rate_submissions=[]), "config.garnet_rate_submissions"),
        (broken(garnet_rate_submissions=[4]), "config.garnet_rate_submissions"),
        (broken(garnet_rate_submissions=[21]), "config.garnet_rate_submissions"),
        (broken(garnet_rate_submissions=[True]), "config.garnet_rate_submissions"),
        ({**config(), "bonus": 1}, "config.bonus"),
        ("not a config", "config must be a JSON object"),
    ],
)
def test_bad_configs_are_rejected_naming_the_field(cfg, fragment):
    with pytest.raises(InvalidConfig) as err:
        GAME.check_config(cfg)
    assert fragment in str(err.value)
    if isinstance(cfg, dict):
        with pytest.raises(InvalidConfig):
            GAME.initial_state(cfg)


def test_the_common_config_is_valid_and_returned_unchanged():
    cfg = config()
    assert GAME.check_config(copy.deepcopy(cfg)) == cfg


def test_new_config_takes_every_field_as_an_option():
    tiles = config()["minus_tiles"]
    cfg = GAME.new_config(
        P,
        5,
        gamewide_tiebreak=list("fedcba"),
        garnets={"b": 3},
        teams={"red": list("bdf"), "white": list("ace")},
        minus_initial_order=list("cabdef"),
        minus_tiles=tiles,
        garnet_rate_submissions=[5, 20],
    )
    assert cfg == {
        "players": P,
        "gamewide_tiebreak": list("fedcba"),
        "garnets": {**dict.fromkeys(P, 0), "b": 3},
        "teams": {"red": list("bdf"), "white": list("ace")},
        "minus_initial_order": list("cabdef"),
        "minus_tiles": tiles,
        "garnet_rate_submissions": [5, 20],
    }
    tiles[0][0] = -99  # the config holds its own copy of every option
    assert cfg["minus_tiles"][0][0] == -1


def test_new_config_draws_change_with_the_seed_only():
    a, b = GAME.new_config(P, 1), GAME.new_config(P, 1, garnets={"a": 4})
    assert {k: v for k, v in a.items() if k != "garnets"} == {
        k: v for k, v in b.items() if k != "garnets"
    }
    assert b["garnets"] == {**dict.fromkeys(P, 0), "a": 4}
    assert len({str(GAME.new_config(P, s)["minus_tiles"]) for s in range(20)}) == 20
    for s in range(20):
        cfg = GAME.new_config(P, s)
        assert (
            all(5 <= x <= 20 for x in cfg["garnet_rate_submissions"])
            and len(cfg["garnet_rate_submissions"]) == 6
        )


@pytest.mark.parametrize(
    "options, fragment",
    [
        ({"bonus": 1}, "unknown option 'bonus'"),
        ({"garnets": {"zed": 1}}, "'zed' is not a player"),
        ({"garnets": [1, 2]}, "config.garnets"),
        ({"gamewide_tiebreak": list("abc")}, "config.gamewide_tiebreak"),
        ({"garnets": {"a": -1}}, "config.garnets"),
    ],
)
def test_new_config_rejects_bad_options(options, fragment):
    with pytest.raises(InvalidConfig) as err:
        GAME.new_config(P, 0, **options)
    assert fragment in str(err.value)


@pytest.mark.parametrize(
    "players", [list("abcde"), list("abcdefg"), "abcdef", [1, 2, 3, 4, 5, 6], list("aabcde")]
)
def test_new_config_rejects_bad_players(players):
    with pytest.raises(InvalidConfig):
        GAME.new_config(players, 0)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(5, 20), min_size=1, max_size=30))
def test_garnet_rate_is_the_mean_rounded_half_up(subs):
    from fractions import Fraction

    mean = Fraction(sum(subs), len(subs))
    expected = int(mean) + (1 if mean - int(mean) >= Fraction(1, 2) else 0)
    assert garnet_rate(subs) == expected
    assert 5 <= garnet_rate(subs) <= 20


def test_random_config_varies_host_inputs():
    rng = random.Random(3)
    cfgs = [GAME.random_config(P, rng) for _ in range(40)]
    assert any(c["gamewide_tiebreak"] != P for c in cfgs)
    assert any(any(c["garnets"].values()) for c in cfgs)
    for c in cfgs:
        GAME.check_config(c)
