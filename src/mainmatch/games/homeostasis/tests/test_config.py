"""Configs (homeostasis spec §2): ``new_config`` defaults and chance, strict ``check_config``."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from homeostasis_helpers import PLAYERS, config

from mainmatch.engine import InvalidConfig
from mainmatch.games.homeostasis import GAME


def test_new_config_alone_is_a_full_config() -> None:
    cfg = GAME.new_config(PLAYERS, 7)
    assert list(cfg) == ["players", "teams", "garnets", "gamewide_tiebreak", "chips"]
    assert cfg["players"] == PLAYERS and list(cfg["teams"]) == PLAYERS
    assert sorted(Counter(cfg["teams"].values()).items()) == [
        ("negative", 2),
        ("neutral", 1),
        ("positive", 2),
    ]
    assert cfg["garnets"] == {p: 0 for p in PLAYERS}
    assert cfg["gamewide_tiebreak"] == PLAYERS and cfg["chips"] == 100
    assert GAME.check_config(copy.deepcopy(cfg)) == cfg
    assert GAME.host_inputs == ("teams", "garnets", "gamewide_tiebreak", "chips", "variant")


def test_teams_are_drawn_from_the_seed_by_shuffling_players() -> None:
    import random

    order = list(PLAYERS)
    random.Random(11).shuffle(order)
    cfg = GAME.new_config(PLAYERS, 11)
    assert cfg["teams"] == dict(
        zip(order, ["positive", "positive", "negative", "negative", "neutral"])
    )
    assert list(cfg["teams"]) == PLAYERS  # listed in players order
    assert GAME.new_config(PLAYERS, 11) == cfg
    neutrals = {
        next(p for p, t in GAME.new_config(PLAYERS, s)["teams"].items() if t == "neutral")
        for s in range(40)
    }
    assert neutrals == set(PLAYERS)  # uniform draw: every player is neutral for some seed


def test_host_inputs_are_used_and_listed_in_players_order() -> None:
    teams = {"e": "positive", "d": "positive", "c": "negative", "b": "negative", "a": "neutral"}
    cfg = GAME.new_config(
        PLAYERS,
        1,
        teams=teams,
        garnets={"c": 5, "a": 2},
        gamewide_tiebreak=["e", "d", "c", "b", "a"],
        chips=7,
    )
    assert list(cfg["teams"]) == PLAYERS and cfg["teams"] == teams
    assert (
        cfg["garnets"] == {"a": 2, "b": 0, "c": 5, "d": 0, "e": 0}
        and list(cfg["garnets"]) == PLAYERS
    )
    assert cfg["gamewide_tiebreak"] == ["e", "d", "c", "b", "a"] and cfg["chips"] == 7


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"garnets": {"zed": 1}}, "config.garnets: 'zed' is not a player"),
        ({"garnets": {"a": -1}}, "config.garnets.a: must be a whole number >= 0"),
        ({"garnets": {"a": True}}, "config.garnets.a"),
        ({"teams": {"a": "positive"}}, "config.teams: must give every player; missing b, c, d, e"),
        (
            {
                "teams": {
                    "a": "positive",
                    "b": "positive",
                    "c": "positive",
                    "d": "negative",
                    "e": "neutral",
                }
            },
            "config.teams: needs exactly 2 positive, 2 negative and 1 neutral; got 3 positive, 1 negative, 1 neutral",
        ),
        (
            {
                "teams": {
                    "a": "positive",
                    "b": "positive",
                    "c": "negative",
                    "d": "negative",
                    "e": "chaos",
                }
            },
            "config.teams.e",
        ),
        ({"teams": "random"}, "config.teams: must be an object"),
        ({"gamewide_tiebreak": ["a", "b", "c", "d"]}, "config.gamewide_tiebreak"),
        ({"chips": -5}, "config.chips"),
        ({"chips": 5.0}, "config.chips"),
    ],
)
def test_new_config_rejects_bad_host_inputs(options: dict, fragment: str) -> None:
    with pytest.raises(InvalidConfig) as err:
        GAME.new_config(PLAYERS, 1, **options)
    assert fragment in str(err.value)


@pytest.mark.parametrize(
    ("players", "fragment"),
    [
        (["a", "b", "c", "d"], "exactly 5 players, not 4"),
        (["a", "b", "c", "d", "a"], "duplicate player ids ['a']"),
        (["a", "b", "c", "d", ""], "non-empty string"),
        (["a", "b", "c", "d", 5], "non-empty string"),
        ("abcde", "must be a list"),
    ],
)
def test_new_config_rejects_bad_players(players, fragment: str) -> None:
    with pytest.raises(InvalidConfig) as err:
        GAME.new_config(players, 1)
    assert fragment in str(err.value)


def _broken(**changes) -> dict:
    cfg = config()
    for k, v in changes.items():
        if v is ...:
            del cfg[k]
        else:
            cfg[k] = v
    return cfg


@pytest.mark.parametrize(
    ("cfg", "fragment"),
    [
        (_broken(chips=...), "config.chips: required field is missing"),
        (_broken(teams=...), "config.teams: required field is missing"),
        (_broken(seed=3), "config.seed: unknown field"),
        (_broken(chips=True), "config.chips"),
        (_broken(chips=1.5), "config.chips"),
        (
            _broken(garnets={"a": 0, "b": 0, "c": 0, "d": 0}),
            "config.garnets: must give every player; missing e",
        ),
        (_broken(garnets={"a": 0, "b": 0, "c": 0, "d": 0, "e": 5.0}), "config.garnets.e"),
        (
            _broken(garnets={"a": 0, "b": 0, "c": 0, "d": 0, "e": 0, "f": 1}),
            "config.garnets: 'f' is not a player",
        ),
        (
            _broken(
                teams={
                    "a": "positive",
                    "b": "positive",
                    "c": "negative",
                    "d": "neutral",
                    "e": "neutral",
                }
            ),
            "got 2 positive, 1 negative, 2 neutral",
        ),
        (
            _broken(gamewide_tiebreak=["a", "b", "c", "d", "d"]),
            "config.gamewide_tiebreak: must list each",
        ),
        (_broken(gamewide_tiebreak=["a", "b", "c", "d", "e", "f"]), "config.gamewide_tiebreak"),
        (
            _broken(players=["a", "b", "c", "d", "e", "f"]),
            "config.players: Homeostasis takes exactly 5 players, not 6",
        ),
        (_broken(players=["a", "b", "c", "d", "d"]), "duplicate player ids ['d']"),
        ([], "config must be a JSON object"),
    ],
)
def test_check_config_is_strict(cfg, fragment: str) -> None:
    with pytest.raises(InvalidConfig) as err:
        GAME.check_config(cfg)
    assert fragment in str(err.value)
    with pytest.raises(InvalidConfig):
        GAME.initial_state(cfg)


def test_check_config_ignores_key_order() -> None:
    cfg = config()
    cfg["teams"] = dict(reversed(list(cfg["teams"].items())))
    assert GAME.check_config(cfg) is cfg
    assert GAME.view(GAME.initial_state(cfg), None)["teams"] == config()["teams"]


def test_random_config_varies_host_inputs() -> None:
    import random

    rng = random.Random(3)
    cfgs = [GAME.random_config(PLAYERS, rng) for _ in range(200)]
    for cfg in cfgs:
        GAME.check_config(cfg)
    assert any(cfg["chips"] != 100 for cfg in cfgs) and any(cfg["chips"] == 0 for cfg in cfgs)
    assert any(any(cfg["garnets"].values()) for cfg in cfgs)
    assert any(cfg["gamewide_tiebreak"] != PLAYERS for cfg in cfgs)
