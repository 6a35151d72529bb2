"""Properties every game must have, checked through the engine contract only.

Random legal play never crashes and always ends; each pending player's
random and default actions are legal; ``apply`` never mutates its input,
and ``next_state`` reaches the state ``apply`` does; ``pending_players``
lists ``pending``'s players;
views are JSON, hold every public field and ``you`` only for their player;
the result has the ENGINE.md shape; replaying the record reproduces the
result and every public view.
"""

from __future__ import annotations

import copy
import json
import random

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch import games
from mainmatch.engine import Match, Result, replay
from mainmatch.engine.record import parse_record

GAME_IDS = games.ids()


def _play(game, seed: int, default_rate: float = 0.1):
    rng = random.Random(seed)
    config = game.random_config(list(game.default_players), rng)
    match = Match(game, config)
    public_views = []
    for _ in range(10_000):
        pending = match.pending
        # the driver's checks read who acts from pending_players: the same players, in order
        assert list(game.pending_players(match.state)) == list(pending)
        if not pending:
            break
        before = json.dumps(match.view(None), sort_keys=True)
        actions, defaulted = {}, []
        for p, req in pending.items():
            assert req["kind"] in game.action_models, (
                f"request kind {req['kind']!r} has no action model"
            )
            dflt = game.default_action(match.state, p, rng)
            game.validate(match.state, p, dflt)
            act = game.random_action(match.state, p, rng)
            game.validate(match.state, p, act)
            if rng.random() < default_rate:
                actions[p], defaulted = dflt, defaulted + [p]
            else:
                actions[p] = act
        state_before = match.state
        match.step(actions, defaulted)
        # apply never mutates its input state
        assert json.dumps(game.view(state_before, None), sort_keys=True) == before
        # a step without its events (replay, the simulator) reaches the very same state
        quiet = game.next_state(state_before, copy.deepcopy(actions))
        for who in (None, *config["players"]):
            assert game.view(quiet, who) == game.view(match.state, who)
        assert game.pending(quiet) == game.pending(match.state)
        assert game.result(quiet) == game.result(match.state)
        for e in match.events[-1]:
            assert e["audience"] == "public" or (
                isinstance(e["audience"], list) and set(e["audience"]) <= set(config["players"])
            )
            json.dumps(e)
        public_views.append(match.view(None))
    else:
        pytest.fail("no end after 10,000 steps")
    return match, public_views


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_ends_and_replays(game_id: str, seed: int) -> None:
    game = games.get(game_id)
    match, public_views = _play(game, seed)
    result = match.result()
    assert result is not None
    Result.model_validate(result)
    json.dumps(result)
    players = match.config["players"]
    for key in ("tokens_of_life", "garnets", "garnets_spent"):
        assert all(v != 0 for v in result[key].values()), (
            f"{key} lists a zero (ENGINE.md convention 3)"
        )
        assert set(result[key]) <= set(players)
    if result["ranking"] is not None:
        flat = [p for group in result["ranking"] for p in group]
        assert sorted(flat) == sorted(players), "the ranking lists every player once"
        if result["elimination_candidate"] is not None:
            assert result["ranking"][-1] == [result["elimination_candidate"]]
    # the record replays through JSON to the same result and public views
    record = json.loads(json.dumps(match.record()))
    parse_record(record)
    rep = replay(record)
    out = rep.to_json()
    assert out["result"] == result
    assert out["public_views"] == public_views
    assert out["steps_applied"] == len(match.steps)


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_views_are_json_and_private_views_extend_the_public_one(game_id: str, seed: int) -> None:
    game = games.get(game_id)
    match, _ = _play(game, seed)
    rec = match.record()
    players = match.config["players"]
    # walk the match again, looking at every view after every step
    partial = Match(game, rec["config"])
    for step in rec["steps"] + [None]:
        pub = partial.view(None)
        assert {"game", "players", "phase"} <= set(pub)
        assert pub["game"] == game.id and pub["players"] == players
        assert "you" not in pub
        for p in players:
            v = partial.view(p)
            json.dumps(v)
            assert v["you"] is not None
            assert {k: x for k, x in v.items() if k != "you"} == pub, (
                "a private view is the public view plus `you`"
            )
        if step is None:
            assert pub["phase"] == "over"
            break
        partial.step(step["actions"], step["defaulted"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_action_and_config_schemas(game_id: str) -> None:
    game = games.get(game_id)
    config = game.new_config(list(game.default_players), 1)
    assert game.check_config(copy.deepcopy(config)) == config
    json.dumps(game.config_schema())
    for kind in game.action_models:
        schema = game.action_schema(kind)
        assert schema.get("type") == "object"
    assert game.rules_summary().strip()
    assert game.takes_players(len(game.default_players)) is None  # the usual table fits the range


def _leaves(value, out: set) -> set:
    """The scalar values of a JSON value."""
    if isinstance(value, dict):
        for v in value.values():
            _leaves(v, out)
    elif isinstance(value, list):
        for v in value:
            _leaves(v, out)
    else:
        out.add(value)
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_no_players_secret_text_reaches_another_player(game_id: str, seed: int) -> None:
    """Secrecy (ENGINE.md: a view never holds another player's secret). What a
    player knows comes from public views and events, their own actions and the
    events addressed to them; text in a player's ``you`` that none of these told
    them but another player's actions or private events did is a leak. (Text
    only: small numbers repeat by chance between players.)"""
    _check_secrecy(games.get(game_id), seed)


def test_the_secrecy_check_finds_a_leak() -> None:
    mvp = games.get("mvp")

    class Leaky(type(mvp)):
        def view(self, state, player):
            out = super().view(state, player)
            if player is not None:  # show each player the next one's private knowledge
                players = state.players
                nxt = players[(players.index(player) + 1) % len(players)]
                out["you"]["peek"] = super().view(state, nxt)["you"]
            return out

    with pytest.raises(AssertionError, match="secret"):
        for seed in range(20):
            _check_secrecy(Leaky(), seed)


def _check_secrecy(game, seed: int) -> None:
    match, _ = _play(game, seed)
    players = match.config["players"]
    walk = Match(game, match.config)
    public_seen: set = set(players)
    told: dict[str, set] = {p: set() for p in players}
    for step in match.record()["steps"] + [None]:
        public_seen |= _leaves(walk.view(None), set())
        for q in players:
            for v in _leaves(walk.view(q)["you"], set()):
                if not isinstance(v, str) or v in public_seen or v in told[q]:
                    continue
                owners = [p for p in players if p != q and v in told[p]]
                assert not owners, (
                    f"{owners[0]}'s secret {v!r} is in {q}'s view ({game.id}, seed {seed})"
                )
        if step is None:
            break
        walk.step(step["actions"], step["defaulted"])
        for p, action in step["actions"].items():
            _leaves(action, told[p])
        for event in walk.events[-1]:
            if event["audience"] == "public":
                _leaves(event, public_seen)
            else:
                for p in event["audience"]:
                    _leaves(event, told[p])


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_and_default_actions_fit_the_published_schema(game_id: str, seed: int) -> None:
    """Every action random play and the defaults send validates against the JSON
    Schema ``mainmatch schema`` publishes for its step kind."""
    game = games.get(game_id)
    validators = {
        kind: jsonschema.Draft202012Validator(game.action_schema(kind))
        for kind in game.action_models
    }
    rng = random.Random(seed)
    match = Match(game, game.random_config(list(game.default_players), rng))
    while match.pending:
        actions = {}
        for p, req in match.pending.items():
            for action in (
                game.random_action(match.state, p, rng),
                game.default_action(match.state, p, rng),
            ):
                errors = [e.message for e in validators[req["kind"]].iter_errors(action)]
                assert not errors, f"{req['kind']} action {action} breaks its schema: {errors}"
            actions[p] = action
        match.step(actions)
