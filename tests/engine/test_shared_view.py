"""``Game.shared_view``: the values of ``view``, parts shared (docs/decisions.md PE14).

Every game's shared views equal its fresh views at every state of random and
strategy play, for the public and every private view; views shared across a
whole replay still equal fresh ones once the match is over (no later step
changed a part an earlier view shows); only a bot that declares
``reads_only`` is handed one.
"""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest

from mainmatch import games
from mainmatch.bots.driver import Asker
from mainmatch.engine import replay
from mainmatch.engine.match import play_random
from mainmatch.sim import make_plan
from mainmatch.sim.play import play_match

GAME_IDS = games.ids()


def _states(game, record: dict) -> list:
    state = game.initial_state(record["config"])
    out = [state]
    for step in record["steps"]:
        state = game.next_state(state, step["actions"])
        out.append(state)
    return out


def _check(game, record: dict) -> None:
    states = _states(game, record)
    players = list(record["config"]["players"])
    early = [game.shared_view(s, None) for s in states]
    early_text = [json.dumps(v, sort_keys=True) for v in early]
    for state, shared in zip(states, early, strict=True):
        assert shared == game.view(state, None)
        for p in players:
            assert game.shared_view(state, p) == game.view(state, p)
    # built in order, then read after the last step: nothing shared was changed
    assert [json.dumps(v, sort_keys=True) for v in early] == early_text
    assert replay(record).to_json()["public_views"] == [game.view(s, None) for s in states[1:]]


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", range(4))
def test_shared_views_are_the_views_in_random_play(game_id: str, seed: int) -> None:
    game = games.get(game_id)
    rng = random.Random(seed)
    config = game.random_config(list(game.default_players), rng)
    _check(game, play_random(game, config, rng).record())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_shared_views_are_the_views_in_strategy_play(game_id: str) -> None:
    plan = make_plan(game_id, "strategy", 3, seed=11)
    for index in range(2):
        _check(games.get(game_id), play_match(plan, index)[1])


class _Recorder:
    name = "recorder"

    def __init__(self, reads_only: bool) -> None:
        self.reads_only = reads_only
        self.views: list[dict] = []
        self._state: object = None

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        self.views.append(view)
        return games.get("homeostasis").random_action(self._state, view["you"]["player"], rng)


@pytest.mark.parametrize("reads_only", [True, False])
def test_only_a_reads_only_bot_gets_the_shared_view(reads_only: bool) -> None:
    game = games.get("homeostasis")
    rng = random.Random(5)
    record = play_random(game, game.random_config(list(game.default_players), rng), rng).record()
    states = _states(game, record)
    bot = _Recorder(reads_only)
    # two states in one auction with bids before them: their logs are one tuple
    picks = [
        s
        for s in states
        if s.phase == "auction" and s.auction_log and s.auction is not None and s.auction.bids
    ]
    first, second = next((a, b) for a, b in pairwise(picks) if a.auction_log is b.auction_log)
    with Asker(game) as asker:
        for state in (first, second):
            bot._state = state
            player = next(iter(game.pending(state)))
            asker.move(state, player, game.pending(state)[player], bot, rng)
    one, two = bot.views
    assert one == game.view(first, one["you"]["player"])
    assert two == game.view(second, two["you"]["player"])
    # the log both states show: one object for a reader, copies for anyone else
    assert (one["auction_log"] is two["auction_log"]) is reads_only
