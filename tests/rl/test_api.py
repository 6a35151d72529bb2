"""PettingZoo's and Gymnasium's own checks, for every game (issue #16's bar)."""

from __future__ import annotations

import warnings

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import (
    api_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from mainmatch import games, rl

GAMES = games.ids()


@pytest.fixture(autouse=True)
def _quiet():
    # PettingZoo warns that Dict observations are not Box ones: masks need a Dict
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game_id", GAMES)
def test_aec_api(game_id):
    api_test(rl.env(game_id), num_cycles=1000)


@pytest.mark.parametrize("game_id", GAMES)
def test_parallel_api(game_id):
    parallel_api_test(rl.parallel_env(game_id), num_cycles=1000)


@pytest.mark.parametrize("game_id", GAMES)
def test_seeds(game_id):
    seed_test(lambda: rl.env(game_id), num_cycles=500)
    parallel_seed_test(lambda: rl.parallel_env(game_id), num_cycles=500)


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_single_agent(game_id):
    game = games.get(game_id)
    # seat by index against the strategy bots, and by id against random bots
    check_env(rl.single_agent(game_id, seat=0))
    last = game.default_players[-1]
    check_env(rl.single_agent(game_id, seat=last, opponents="random"), skip_render_check=False)
