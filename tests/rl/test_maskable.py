"""The contract sb3-contrib's ``MaskablePPO`` relies on, checked without torch:
``action_masks()`` found through wrappers the way sb3-contrib looks for it
(``sb3_contrib.common.maskable.utils``: ``get_wrapper_attr("action_masks")``),
a bool mask over the action space, spaces sb3 takes (no nested Dict; a flat
``Box`` on request), and "no more trades" reachable by a uniform learner."""

from __future__ import annotations

import random
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from mainmatch import games, rl
from mainmatch.engine.errors import MainmatchError


def is_masking_supported(env: gym.Env) -> bool:
    """sb3-contrib 2.x's check for a non-vectorised env, verbatim in effect."""
    try:
        env.get_wrapper_attr("action_masks")
        return True
    except AttributeError:
        return False


def _play(env: gym.Env, seed: int, check) -> None:
    """A whole match of uniformly random allowed choices, ``check(obs, mask)`` each step."""
    rng = random.Random(seed)
    obs, _ = env.reset(seed=seed)
    done = False
    while not done:
        mask = env.get_wrapper_attr("action_masks")()
        check(obs, mask)
        obs, _, done, _, _ = env.step(rng.choice(np.flatnonzero(mask).tolist()))


@pytest.mark.parametrize("game_id", games.ids())
def test_action_masks_is_found_through_a_wrapper_and_matches_the_observation(game_id: str) -> None:
    env = gym.wrappers.RecordEpisodeStatistics(rl.single_agent(game_id, opponents="random"))
    assert is_masking_supported(env)
    n = env.action_space.n

    def check(obs: dict, mask: np.ndarray) -> None:
        assert mask.dtype == np.bool_ and mask.shape == (n,) and mask.any()
        assert np.array_equal(mask, obs["action_mask"].astype(bool))

    _play(env, 1, check)
    assert env.unwrapped.table.masked_choices == 0  # every allowed choice was playable


@pytest.mark.parametrize("game_id", games.ids())
def test_flat_observation_is_a_box_that_passes_gymnasiums_checker(game_id: str) -> None:
    flat = rl.single_agent(game_id, opponents="random", observation="flat")
    boxed = rl.single_agent(game_id, opponents="random")
    assert isinstance(flat.observation_space, gym.spaces.Box)
    assert flat.observation_space.dtype == np.float32
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(flat, skip_render_check=True)
    # the same match, seen flat or as the Dict's vector
    seen: list[np.ndarray] = []
    _play(flat, 4, lambda obs, _mask: seen.append(obs))
    again: list[np.ndarray] = []
    _play(boxed, 4, lambda obs, _mask: again.append(obs["observation"]))
    assert len(seen) == len(again) and all(np.array_equal(a, b) for a, b in zip(seen, again))
    assert all(flat.observation_space.contains(o) for o in seen)


def test_the_dict_observation_is_flat_enough_for_sb3() -> None:
    """sb3 takes a Dict of Box/Discrete spaces for MultiInputPolicy, but no nested Dict."""
    for game_id in games.ids():
        space = rl.single_agent(game_id, opponents="random").observation_space
        assert isinstance(space, gym.spaces.Dict)
        assert all(isinstance(s, gym.spaces.Box) for s in space.spaces.values())


def test_a_bad_observation_choice_is_one_line() -> None:
    with pytest.raises(MainmatchError, match="observation must be dict or flat"):
        rl.single_agent("mvp", observation="image")


def test_no_more_trades_is_one_choice_in_two_so_a_uniform_learner_saves() -> None:
    """Seat Exchange: "stop" is its own two-way decision before every trade, so a
    uniform chooser lists no trade in about half its rounds (it was 1 in 14)."""
    env = rl.single_agent("seat_exchange", opponents="random")
    rounds = idle = 0
    for seed in range(30):
        rng = random.Random(seed)
        env.reset(seed=seed)
        done = False
        while not done:
            mask = env.action_masks()
            _, _, done, _, _ = env.step(rng.choice(np.flatnonzero(mask).tolist()))
        for entry in env.table.m.steps:
            mine = entry["actions"].get(env.player)
            if mine is not None and "trades" in mine:
                rounds += 1
                idle += not mine["trades"]
    assert rounds >= 60
    assert 0.35 <= idle / rounds <= 0.75, (idle, rounds)
