"""A game installed from outside (the example plugin, The Sealed Bid, 3 to 5
players) gets its environments from its step descriptions and views alone:
nothing about it lives in ``mainmatch.rl``."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

from mainmatch import games, rl
from mainmatch.engine.errors import MainmatchError

PLUGIN = "sealed_bid"


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("count", [3, 5])
def test_the_plugin_passes_the_api_tests_at_each_end_of_its_range(count: int) -> None:
    assert games.get(PLUGIN).players_range() == (3, 5)
    players = [f"p{i}" for i in range(count)]
    env = rl.env(PLUGIN, players=players)
    api_test(env, num_cycles=300)
    parallel_api_test(rl.parallel_env(PLUGIN, players=players), num_cycles=300)
    assert env.table.spec.players == count
    assert set(env.table.spec.decisions) == {"bid.bid", "bid.garnets", "choose_ec.ec"}


def test_the_plugin_single_agent_and_its_masks_follow_the_request() -> None:
    env = rl.single_agent(PLUGIN, seat=0, opponents="random", players=["a", "b", "c", "d"])
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=2)
    assert info["decision"] == "bid.bid"
    # a bid is at most the chips held: exact values when the chips are few, else 21 steps
    chips = json.loads(info["request"])["chips"]
    assert int(obs["action_mask"].sum()) == min(chips + 1, 21)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(np.flatnonzero(env.action_masks())[-1]))
    assert env.table.repaired == 0 and env.table.m.result() is not None


def test_a_player_count_outside_the_range_is_one_line() -> None:
    with pytest.raises(MainmatchError, match="takes 3 to 5 players, not 6"):
        rl.env(PLUGIN, players=[f"p{i}" for i in range(6)])
