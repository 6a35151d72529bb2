"""Secrecy: nothing from the state reaches an observation except through the
player's own view. Changing other players' secrets (their garnets, numbers,
hidden cards, future items) or their half-made choices leaves a player's
observation and infos unchanged.
"""

from __future__ import annotations

import copy

import numpy as np
import pytest

from mainmatch import games, rl


def _same(a: dict, b: dict) -> None:
    assert np.array_equal(a["observation"], b["observation"])
    assert np.array_equal(a["action_mask"], b["action_mask"])


def _perturb_numbers(config: dict, me: str) -> dict:
    """Seat Exchange: swap two other players' secret numbers, choosing a pair
    whose swap keeps the public longest streak (which is announced)."""
    game = games.get("seat_exchange")
    public = game.view(game.initial_state(config), None)
    others = [p for p in config["players"] if p != me]
    numbers = config["numbers"]
    for i, x in enumerate(others):
        for y in others[i + 1 :]:
            numbers[x], numbers[y] = numbers[y], numbers[x]
            if game.view(game.initial_state(config), None) == public:
                return config
            numbers[x], numbers[y] = numbers[y], numbers[x]
    raise AssertionError("no swap keeps the public view")


def _perturb_layout(config: dict, me: str) -> dict:
    """The MVP: swap the cards of two places that start hidden (A and B)."""
    layout = config["layout"]
    layout["A"], layout["B"] = layout["B"], layout["A"]
    return config


def _perturb_future_items(config: dict, me: str) -> dict:
    """Second to Won: the items of later auctions are unknown to everyone."""
    config["auctions"][1], config["auctions"][2] = config["auctions"][2], config["auctions"][1]
    return config


def _perturb_future_tiles(config: dict, me: str) -> dict:
    """The Amalgamation: the Minus tiles of later rounds are not revealed yet."""
    tiles = config["minus_tiles"]
    tiles[2], tiles[4] = tiles[4], tiles[2]
    return config


def _perturb_garnets(config: dict, me: str) -> dict:
    """Every game: other players' garnets are theirs to know."""
    config["garnets"] = {p: (0 if p == me else 7) for p in config["players"]}
    return config


SECRETS = [(g, _perturb_garnets) for g in games.ids()] + [
    ("seat_exchange", _perturb_numbers),
    ("mvp", _perturb_layout),
    ("second_to_won", _perturb_future_items),
    ("amalgamation", _perturb_future_tiles),
]


@pytest.mark.parametrize(("game_id", "perturb"), SECRETS, ids=lambda x: getattr(x, "__name__", x))
def test_others_secrets_do_not_reach_an_observation(game_id, perturb):
    game = games.get(game_id)
    me = game.default_players[0]

    def plain(players, seed):
        config = game.new_config(list(players), seed)
        config["garnets"] = {p: 0 for p in players}
        return config

    def changed(players, seed):
        return perturb(copy.deepcopy(plain(players, seed)), me)

    a, b = rl.env(game_id, config_fn=plain), rl.env(game_id, config_fn=changed)
    for seed in (0, 1):
        a.reset(seed=seed)
        b.reset(seed=seed)
        assert a.table.m.config != b.table.m.config, "the perturbation changed nothing"
        _same(a.observe(me), b.observe(me))
        assert a.infos[me] == b.infos[me]


@pytest.mark.parametrize("game_id", games.ids())
def test_a_players_unfinished_choices_stay_secret_aec(game_id):
    """In a simultaneous step, the next player's observation does not depend on
    what the first player chose before the engine applied the step."""
    low, high = rl.env(game_id), rl.env(game_id)
    low.reset(seed=4)
    high.reset(seed=4)
    first = low.agent_selection
    assert high.agent_selection == first
    while low.agent_selection == first:
        allowed_low = np.flatnonzero(low.observe(first)["action_mask"])
        allowed_high = np.flatnonzero(high.observe(first)["action_mask"])
        low.step(int(allowed_low[0]))
        high.step(int(allowed_high[-1]))
        if high.agent_selection != first:
            break
    assert len(low.table.m.steps) == len(high.table.m.steps) == 0, "a simultaneous first step"
    second = low.agent_selection
    if high.agent_selection == second:
        _same(low.observe(second), high.observe(second))
        assert low.infos[second] == high.infos[second]
    for p in low.possible_agents:
        if p != first:
            _same(low.observe(p), high.observe(p))


@pytest.mark.parametrize("game_id", ["amalgamation", "seat_exchange", "mvp", "second_to_won"])
def test_a_players_unfinished_choices_stay_secret_parallel(game_id):
    a, b = rl.parallel_env(game_id), rl.parallel_env(game_id)
    obs_a, _ = a.reset(seed=2)
    obs_b, _ = b.reset(seed=2)
    first = a.possible_agents[0]
    for _ in range(3):
        acts_a = {p: int(np.flatnonzero(o["action_mask"])[0]) for p, o in obs_a.items()}
        acts_b = dict(acts_a)
        acts_b[first] = int(np.flatnonzero(obs_b[first]["action_mask"])[-1])
        obs_a, *_ = a.step(acts_a)
        obs_b, *_ = b.step(acts_b)
        if a.table.m.steps or b.table.m.steps:
            break
        for p in a.possible_agents[1:]:
            _same(obs_a[p], obs_b[p])
