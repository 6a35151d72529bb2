"""bot_move: a bot sees only its view; a failing bot gets the rules' default, flagged."""

from __future__ import annotations

import random
import time

from mainmatch import games
from mainmatch.bots import get_bot
from mainmatch.bots.driver import bot_move

GAME = games.get("seat_exchange")


def _state():
    return GAME.initial_state(GAME.new_config(list(GAME.default_players), 1))


class Raising:
    name = "raising"

    def act(self, view, request, rng):
        raise ValueError("boom")


class Illegal:
    name = "illegal"

    def act(self, view, request, rng):
        return {"trades": [{"players": ["jk", "dh"], "amount": 10**6}]}


class Sleepy:
    name = "sleepy"

    def __init__(self, seconds: float, swallow: bool = False):
        self.seconds, self.swallow = seconds, swallow

    def act(self, view, request, rng):
        try:
            time.sleep(self.seconds)
        except Exception:  # a bot that swallows errors must still be stopped
            if not self.swallow:
                raise
        return {}


class Spy:
    name = "spy"

    def act(self, view, request, rng):
        self.seen = (view, dict(request))
        request["money"] = 10**9  # mutating its copy changes nothing in the match
        view["you"]["money"] = 10**9
        return {"trades": [{"players": ["dh", "sm"], "amount": 20}]}


def test_a_good_action_is_played_as_is() -> None:
    state = _state()
    move = bot_move(GAME, state, "jk", Spy(), random.Random(0))
    assert move.action == {"trades": [{"players": ["dh", "sm"], "amount": 20}]}
    assert not move.defaulted and move.fault is None


def test_a_bot_sees_only_its_own_view_and_request() -> None:
    state = _state()
    spy = Spy()
    bot_move(GAME, state, "jk", spy, random.Random(0))
    view, request = spy.seen
    assert set(view) == set(GAME.view(state, None)) | {"you"}
    assert view["you"]["player"] == "jk" and "numbers" not in view
    assert request["kind"] == "trades"
    assert (
        GAME.pending(state)["jk"]["money"] == 100 and GAME.view(state, "jk")["you"]["money"] == 100
    )


def test_a_raising_bot_gets_the_default_action() -> None:
    move = bot_move(GAME, _state(), "jk", Raising(), random.Random(0))
    assert move.defaulted and move.fault == "raised"
    assert move.action == GAME.default_action(_state(), "jk", random.Random(0))
    assert move.message == "ValueError: boom"


def test_an_illegal_action_gets_the_default_action() -> None:
    move = bot_move(GAME, _state(), "jk", Illegal(), random.Random(0))
    assert move.defaulted and move.fault == "illegal"
    assert "trades total $1000000 but you have $100" in move.message


def test_a_slow_bot_is_interrupted_at_its_time_limit() -> None:
    started = time.perf_counter()
    move = bot_move(
        GAME, _state(), "jk", Sleepy(10, swallow=True), random.Random(0), time_limit=0.2
    )
    assert time.perf_counter() - started < 2
    assert move.defaulted and move.fault == "timeout" and "0.2s" in move.message


def test_a_late_answer_is_replaced_even_where_the_bot_cannot_be_interrupted() -> None:
    import threading

    out = {}
    thread = threading.Thread(
        target=lambda: out.update(
            move=bot_move(GAME, _state(), "jk", Sleepy(0.3), random.Random(0), time_limit=0.1)
        )
    )
    thread.start()
    thread.join()
    assert out["move"].fault == "timeout"


def test_the_random_bot_plays_from_its_view_only() -> None:
    """Seat Exchange's random bot decides from the view and request (issue #18,
    finding 10): the same view and request give the same action, whatever the
    hidden numbers; its actions are legal."""
    state = _state()
    bot = get_bot("seat_exchange", "random")
    move = bot_move(GAME, state, "jk", bot, random.Random(4))
    view, request = GAME.view(state, "jk"), GAME.pending(state)["jk"]
    assert move.action == bot.act(view, request, random.Random(4)) and not move.fault
    for seed in range(200):
        action = bot.act(view, request, random.Random(seed))
        GAME.validate(state, "jk", action)
