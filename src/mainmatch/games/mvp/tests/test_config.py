"""Configs (mvp spec §2.1, D3–D5): new_config's draws and defaults, and the
validation of every field with an error naming it."""

from __future__ import annotations

import copy
import random

import pytest
from mvp_table import L0, PLAYERS, TEAMS, l0_config

from mainmatch.engine import InvalidConfig
from mainmatch.games.mvp import GAME
from mainmatch.games.mvp.cards import CARDS
from mainmatch.games.mvp.pattern import LETTERS


def test_new_config_defaults_and_draws():
    config = GAME.new_config(PLAYERS, 11)
    assert list(config) == ["players", "teams", "layout", "garnets", "gamewide_tiebreak"]
    assert config["players"] == PLAYERS
    assert config["garnets"] == {p: 0 for p in PLAYERS}
    assert config["gamewide_tiebreak"] == PLAYERS
    assert list(config["layout"]) == list(LETTERS) and sorted(config["layout"].values()) == sorted(
        CARDS
    )
    red, green = config["teams"]["red"], config["teams"]["green"]
    assert len(red) == len(green) == 3 and sorted(red + green) == sorted(PLAYERS)
    assert red == [p for p in PLAYERS if p in red]  # players order
    assert GAME.new_config(PLAYERS, 11) == config  # the seed decides everything
    GAME.initial_state(config)


def test_new_config_draws_vary_with_the_seed():
    layouts = {tuple(GAME.new_config(PLAYERS, s)["layout"].values()) for s in range(20)}
    teams = {tuple(GAME.new_config(PLAYERS, s)["teams"]["red"]) for s in range(40)}
    assert len(layouts) == 20 and len(teams) > 5


def test_new_config_takes_every_host_input():
    tiebreak = ["g2", "r1", "r3", "g1", "g3", "r2"]
    config = GAME.new_config(
        PLAYERS, 3, teams=TEAMS, garnets={"r1": 5, "g1": 2}, gamewide_tiebreak=tiebreak, layout=L0
    )
    assert config == {
        "players": PLAYERS,
        "teams": TEAMS,
        "layout": L0,
        "garnets": {"r1": 5, "r2": 0, "r3": 0, "g1": 2, "g2": 0, "g3": 0},
        "gamewide_tiebreak": tiebreak,
    }
    assert GAME.host_inputs == ("teams", "garnets", "gamewide_tiebreak", "layout", "variant")


def test_a_given_layout_does_not_change_the_drawn_teams_and_vice_versa():
    drawn = GAME.new_config(PLAYERS, 5)
    assert GAME.new_config(PLAYERS, 5, layout=L0)["teams"] == drawn["teams"]
    assert GAME.new_config(PLAYERS, 5, teams=TEAMS)["layout"] == drawn["layout"]


@pytest.mark.parametrize(
    "options,fragment",
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"garnets": {"zz": 1}}, "config.garnets: 'zz' is not a player"),
        ({"garnets": {"r1": -1}}, "config.garnets: r1 has a negative garnet count"),
        ({"garnets": [1, 2]}, "config.garnets"),
        (
            {"teams": {"red": ["r1", "r2"], "green": ["r3", "g1", "g2", "g3"]}},
            "config.teams.red: a team has exactly 3 players",
        ),
        ({"gamewide_tiebreak": ["r1"]}, "config.gamewide_tiebreak"),
        ({"layout": {"A": "pears-1"}}, "config.layout: no card on B, C"),
    ],
)
def test_new_config_rejects_bad_options(options, fragment):
    with pytest.raises(InvalidConfig) as err:
        GAME.new_config(PLAYERS, 1, **options)
    assert fragment in str(err.value)


def test_new_config_rejects_players_that_are_not_strings():
    with pytest.raises(InvalidConfig, match="config.players: player ids must be strings"):
        GAME.new_config([["r1"], "r2", "r3", "g1", "g2", "g3"], 1)


def test_new_config_rejects_a_wrong_number_of_players():
    with pytest.raises(
        InvalidConfig, match="config.players: The MVP takes exactly 6 players, not 5"
    ):
        GAME.new_config(PLAYERS[:5], 1)


def broken(path: str, value) -> dict:
    config = l0_config()
    keys = path.split(".")
    target = config
    for k in keys[:-1]:
        target = target[k]
    if value is KeyError:
        del target[keys[-1]]
    else:
        target[keys[-1]] = value
    return config


BAD_CONFIGS = [
    (broken("players", KeyError), "config.players: required field is missing"),
    (broken("teams", KeyError), "config.teams: required field is missing"),
    (broken("layout", KeyError), "config.layout: required field is missing"),
    (broken("garnets", KeyError), "config.garnets: required field is missing"),
    (broken("gamewide_tiebreak", KeyError), "config.gamewide_tiebreak: required field is missing"),
    ({**l0_config(), "seed": 3}, "config.seed: unknown field"),
    (broken("players", PLAYERS + ["x"]), "config.players: The MVP takes exactly 6 players, not 7"),
    (
        broken("players", ["r1", "r1", "r3", "g1", "g2", "g3"]),
        "config.players: duplicate player ids ['r1']",
    ),
    (
        broken("players", ["", "r2", "r3", "g1", "g2", "g3"]),
        "config.players: a player id must be a non-empty string",
    ),
    (broken("players", "r1 r2"), "config.players"),
    (broken("teams", {"red": ["r1", "r2", "r3"]}), "config.teams.green: required field is missing"),
    (
        broken("teams", {"red": ["r1", "r2", "r3"], "green": ["g1", "g2", "g3"], "blue": []}),
        "config.teams.blue: unknown field",
    ),
    (
        broken("teams.red", ["r1", "r2", "zz"]),
        "config.teams.red: 'zz' is not a player in this match",
    ),
    (
        broken("teams.green", ["g1", "g2", "r1"]),
        "config.teams: every player must be in exactly one team; 'r1' is listed twice",
    ),
    (
        broken("teams.green", ["g1", "g2"]),
        "config.teams.green: a team has exactly 3 players, not 2",
    ),
    (broken("layout.Y", "pears-1"), "config.layout: 'Y' is not a place letter (A to X)"),
    (broken("layout.A", KeyError), "config.layout: no card on A"),
    (broken("layout.A", "grape-5"), "config.layout: 'grape-5' is not a card"),
    (broken("layout.A", "lemons-1"), "config.layout: lemons-1 lies on both A and X"),
    (broken("layout.A", 5), "config.layout.A"),
    (broken("garnets.r1", -1), "config.garnets: r1 has a negative garnet count (-1)"),
    (broken("garnets.r1", True), "config.garnets.r1"),
    (broken("garnets.r1", 1.0), "config.garnets.r1"),
    (
        broken("garnets.r1", KeyError),
        "config.garnets: must have a key for each player and no one else (missing ['r1']",
    ),
    (broken("garnets.zz", 0), "unknown ['zz']"),
    (
        broken("gamewide_tiebreak", PLAYERS[:5]),
        "config.gamewide_tiebreak: must list each of the 6 players exactly once",
    ),
    (broken("gamewide_tiebreak", PLAYERS[:5] + ["r1"]), "config.gamewide_tiebreak: must list each"),
    ([], "config must be a JSON object"),
]


@pytest.mark.parametrize("config,fragment", BAD_CONFIGS, ids=[f[1][:50] for f in BAD_CONFIGS])
def test_bad_configs_are_rejected_naming_the_field(config, fragment):
    with pytest.raises(InvalidConfig) as err:
        GAME.check_config(config)
    assert fragment in str(err.value)
    # §2.1: initial_state rejects an invalid config with a ValueError (the engine's InvalidConfig too)
    with pytest.raises(ValueError):
        GAME.initial_state(config)


def test_check_config_returns_the_config_unchanged():
    config = l0_config()
    before = copy.deepcopy(config)
    assert GAME.check_config(config) is config and config == before


def test_random_config_varies_garnets_and_tiebreaks():
    rng = random.Random(1)
    configs = [GAME.random_config(PLAYERS, rng) for _ in range(40)]
    assert any(any(c["garnets"].values()) for c in configs)
    assert any(c["gamewide_tiebreak"] != PLAYERS for c in configs)
    for c in configs:
        GAME.check_config(c)


def test_teams_listed_out_of_players_order_are_shown_in_players_order():
    config = l0_config(teams={"red": ["r3", "r1", "r2"], "green": ["g2", "g3", "g1"]})
    state = GAME.initial_state(config)
    assert GAME.view(state, None)["teams"] == TEAMS
