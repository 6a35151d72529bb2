"""``Game.shared_view``: the values of ``view``, parts shared (docs/decisions/performance.md PE14).

Every game's shared views equal its fresh views at every state of random and
strategy play, for the public and every private view; views shared across a
whole replay still equal fresh ones once the match is over (no later step
changed a part an earlier view shows); only a bot that declares
``reads_only`` is handed one; a game whose views are fresh (``fresh_views``)
shares no container between two views, and Homeostasis, whose are not, does.
"""

from __future__ import annotations

import dataclasses
import json
import random
from itertools import pairwise

import pytest

from mainmatch import games
from mainmatch.bots.driver import Asker
from mainmatch.engine import contract, replay
from mainmatch.engine.match import play_random
from mainmatch.sim import make_plan
from mainmatch.sim.play import play_match

GAME_IDS = games.ids()
#: every registered game at every player count it takes
TABLES = contract.tables(games.all_games())


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


@pytest.mark.parametrize(("game_id", "count"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
@pytest.mark.parametrize("seed", range(4))
def test_shared_views_are_the_views_in_random_play(game_id: str, count: int, seed: int) -> None:
    game = games.get(game_id)
    rng = random.Random(seed)
    config = game.random_config(contract.players_for(game, count), rng)
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


def _containers(value, into: dict[int, object]) -> dict[int, object]:
    if isinstance(value, (list, dict)):
        into.setdefault(id(value), value)
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, into)
    return into


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fresh_views_share_nothing_between_calls(game_id: str) -> None:
    """Where a game says its views are fresh, two views of one state have no
    container in common; where it says not (Homeostasis), they share."""
    game = games.get(game_id)
    rng = random.Random(3)
    record = play_random(game, game.random_config(list(game.default_players), rng), rng).record()
    states = _states(game, record)
    shared_any = False
    for state in states[:: max(1, len(states) // 25)] + states[-1:]:
        for p in (None, record["config"]["players"][0]):
            one, two = game.view(state, p), game.view(state, p)
            assert one == two and one is not two
            common = _containers(one, {}).keys() & _containers(two, {}).keys()
            shared_any = shared_any or bool(common)
            if game.fresh_views:
                assert not common
    assert shared_any is not game.fresh_views


def _state_containers(value, into: dict[int, object]) -> dict[int, object]:
    """Every list, dict, tuple and dataclass reachable from a state, by id;
    caches of view copies kept on a state's parts (``listed``) are not the state's."""
    if isinstance(value, (list, dict, tuple)) or dataclasses.is_dataclass(value):
        if id(value) in into:
            return into
        into[id(value)] = value
        if isinstance(value, dict):
            items = list(value.values())
        elif isinstance(value, (list, tuple)):
            items = list(value)
        else:
            items = [
                getattr(value, f.name) for f in dataclasses.fields(value) if f.name != "listed"
            ]
        for item in items:
            _state_containers(item, into)
    return into


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if not games.get(g).fresh_views])
def test_views_that_share_never_show_the_state_itself(game_id: str) -> None:
    """A view's parts may be shown by other views, never be the state's own
    containers: a caller that changes a view cannot change the match."""
    game = games.get(game_id)
    rng = random.Random(8)
    record = play_random(game, game.random_config(list(game.default_players), rng), rng).record()
    for state in _states(game, record):
        mine = _state_containers(state, {})
        for p in (None, *record["config"]["players"]):
            shown = _containers(game.view(state, p), {})
            assert not [v for k, v in shown.items() if k in mine], (game_id, p)
