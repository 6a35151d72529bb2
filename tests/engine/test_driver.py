"""The engine's match driver: one check of a step for every caller, and the
pending memo that replaced the games' mutable per-state caches."""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest

from mainmatch import games
from mainmatch.engine import Match, RecordError, StepError, replay
from mainmatch.engine.driver import Driver, advance, check_step

SEAT = games.get("seat_exchange")


def _start() -> Driver:
    return Driver(SEAT, SEAT.new_config(list(SEAT.default_players), 3))


def test_pending_is_computed_once_per_state_and_again_for_an_equal_copy(monkeypatch) -> None:
    driver = _start()
    calls: list[object] = []
    real = type(SEAT).requests

    def counting(self, state):
        calls.append(state)
        return real(self, state)

    monkeypatch.setattr(type(SEAT), "requests", counting)
    state = driver.state
    first = SEAT.pending(state)
    assert SEAT.pending(state) is first and driver.pending is first
    assert len(calls) == 1
    # an equal state that is another object is not trusted to the memo
    other = replace(state)
    assert SEAT.pending(other) == first
    assert len(calls) == 2


def test_step_rejects_a_bad_step_naming_step_and_player_and_changes_nothing() -> None:
    driver = _start()
    actions = {p: {"trades": []} for p in driver.pending}
    bad = dict(actions, jk={"trades": [{"players": ["jk", "dh"], "amount": 500}]})
    before = driver.state
    with pytest.raises(StepError) as err:
        driver.step(bad)
    assert str(err.value).startswith("step 1, player 'jk': ")
    assert err.value.step == 1 and err.value.player == "jk"
    with pytest.raises(StepError, match="player 'zz': is not pending at this step"):
        driver.step(dict(actions, zz={}))
    with pytest.raises(StepError, match="is listed in defaulted but has no action"):
        driver.step(actions, ["zz"])
    missing = dict(actions)
    del missing["dh"]
    with pytest.raises(StepError, match=r"player 'dh': is pending \(trades\) but the step has no"):
        driver.step(missing)
    assert driver.state is before and driver.steps == [] and driver.events == []


def test_a_step_error_is_a_record_error_so_replay_and_the_host_report_it_alike() -> None:
    driver = _start()
    with pytest.raises(RecordError, match="step 4: the match is already over"):
        check_step(SEAT, driver.state, 4, {}, pending={})


def test_the_record_lists_a_step_in_pending_order_whatever_order_it_came_in() -> None:
    driver = _start()
    order = list(driver.pending)
    actions = {p: {"trades": []} for p in reversed(order)}
    driver.step(actions, list(reversed(order[:2])))
    step = driver.record()["steps"][0]
    assert list(step["actions"]) == order
    assert step["defaulted"] == order[:2]


def test_driver_match_replay_and_advance_agree_on_random_play() -> None:
    for game in games.all_games():
        rng = random.Random(11)
        config = game.random_config(list(game.default_players), rng)
        fast, checked = Driver(game, config), Match(game, config)
        state = game.initial_state(config)
        while fast.pending:
            actions = {p: game.random_action(fast.state, p, rng) for p in fast.pending}
            fast.step(copy.deepcopy(actions), validate=False)
            checked.step(copy.deepcopy(actions))
            state, _ = advance(game, state, len(fast.steps), actions)
        assert fast.record() == checked.record()
        rep = replay(fast.record())
        assert rep.result() == fast.result() == game.result(state)
        assert [s.events for s in rep.steps] == fast.events == checked.events
