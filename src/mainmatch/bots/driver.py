"""Asking a bot for its action: the one place where a bot meets a match.

The bot gets only ``Game.view(state, player)`` and its request, never the
state. A bot that raises, runs past its time limit or returns an illegal
action does not stop the match: the player gets the rules' default action,
recorded as defaulted, and the fault is reported.

A time limit is enforced by interrupting the bot (``SIGALRM``) where that is
possible (the main thread of a POSIX process with no interval timer already
running: the CLI, the simulator's worker processes); elsewhere the bot runs
to its end and a late answer is replaced by the default all the same.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # the C module under signal (see _deadline)
import copy
import random
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Game, State

from .base import Bot

#: the kinds of fault, in the order reports list them
FAULTS = ("raised", "timeout", "illegal")


@dataclass
class BotMove:
    action: dict
    #: True when the action is the rules' default (the bot failed)
    defaulted: bool = False
    #: what went wrong: ``"raised"``, ``"timeout"`` or ``"illegal"`` (``None``: fine)
    fault: str | None = None
    message: str = ""


class BotTimeout(BaseException):
    """Raised inside a bot that ran past its time limit. A ``BaseException``
    so that a bot's own ``except Exception`` cannot swallow it."""


def bot_move(
    game: Game,
    state: State,
    player: str,
    bot: Bot,
    rng: random.Random,
    *,
    time_limit: float | None = None,
) -> BotMove:
    """The action ``bot`` plays for ``player`` now (see module doc)."""
    if getattr(bot, "delegate_random", False):
        return BotMove(game.random_action(state, player, rng))
    request = game.pending(state)[player]
    view = game.view(state, player)
    started = time.perf_counter()
    try:
        with _deadline(time_limit):
            # the bot may keep or change what it is given: hand it its own copies
            action = bot.act(view, json_copy(request), rng)
    except BotTimeout:
        return BotMove(
            game.default_action(state, player, rng),
            True,
            "timeout",
            f"took more than {time_limit:g}s",
        )
    except Exception as exc:  # noqa: BLE001 -- a bot's bug, whatever it is, must not stop the match
        return BotMove(
            game.default_action(state, player, rng), True, "raised", f"{type(exc).__name__}: {exc}"
        )
    if time_limit is not None and time.perf_counter() - started > time_limit:
        return BotMove(
            game.default_action(state, player, rng),
            True,
            "timeout",
            f"took more than {time_limit:g}s",
        )
    try:
        game.validate(state, player, action)
    except IllegalAction as exc:
        return BotMove(game.default_action(state, player, rng), True, "illegal", str(exc))
    return BotMove(action)


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars), several times
    faster than ``copy.deepcopy``, which stays the fallback for anything else."""
    kind = type(value)
    if kind is dict:
        # scalars are shared as they are, without a call each
        return {k: v if type(v) in _SCALARS else json_copy(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _SCALARS else json_copy(v) for v in value]
    if kind in _SCALARS:
        return value
    return copy.deepcopy(value)


#: immutable JSON values, shared by :func:`json_copy` rather than copied
_SCALARS = frozenset((str, int, float, bool, type(None)))


_SIGALRM = int(getattr(signal, "SIGALRM", 14))


def _can_interrupt() -> bool:
    return (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    )


@contextmanager
def _deadline(seconds: float | None) -> Iterator[None]:
    """Raise :class:`BotTimeout` in the block after ``seconds`` where possible."""
    if seconds is None or seconds <= 0 or not _can_interrupt():
        yield
        return

    # _signal.signal is signal.signal without the enum conversions of the
    # handlers, which cost more than the bots' quick decisions (a failed
    # Handlers(callable) lookup per call)
    previous = _signal.signal(_SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _signal.signal(_SIGALRM, previous)


def _expired(signum: int, frame: object) -> None:
    raise BotTimeout()
