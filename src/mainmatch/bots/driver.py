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
from dataclasses import dataclass
from typing import Any, Self

from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Action, Game, Request, State
from mainmatch.engine.repair import shrink

from .base import Bot

#: the kinds of fault, in the order reports list them
FAULTS = ("raised", "timeout", "illegal")


@dataclass
class BotMove:
    action: Action
    #: True when the action is the rules' default (the bot failed)
    defaulted: bool = False
    #: what went wrong: ``"raised"``, ``"timeout"`` or ``"illegal"`` (``None``: fine)
    fault: str | None = None
    message: str = ""


class BotTimeout(BaseException):
    """Raised inside a bot that ran past its time limit. A ``BaseException``
    so that a bot's own ``except Exception`` cannot swallow it."""


def bot_move(
    game: Game[State],
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
    with Asker(game, time_limit) as asker:
        return asker.move(state, player, game.pending(state)[player], bot, rng)


class Asker:
    """Asks bots of one game for their actions under one time limit: what
    :func:`bot_move` does once, for a whole match (the simulator's loop).

    Used as a context manager. Where a bot can be interrupted, the ``SIGALRM``
    handler is installed on entry and restored on exit, and a decision only
    arms the timer (one ``setitimer``): swapping handlers, reading and
    clearing the timer around every decision cost more than a quick bot's
    decision itself (docs/decisions/performance.md PD1). A timer left running after a
    decision is harmless: the handler interrupts only while a bot is thinking,
    and the next decision re-arms it.
    """

    def __init__(self, game: Game[State], time_limit: float | None = None) -> None:
        self.game = game
        self.time_limit = time_limit if time_limit is not None and time_limit > 0 else None
        self._armed = False
        self._thinking = False
        self._previous: Any = None

    def __enter__(self) -> Self:
        if self.time_limit is not None and _can_interrupt():
            # _signal.signal is signal.signal without the enum conversions of
            # the handlers (a failed Handlers(callable) lookup per call)
            self._previous = _signal.signal(_SIGALRM, self._expired)
            self._armed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self._armed:
            self._armed = self._thinking = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            _signal.signal(_SIGALRM, self._previous)

    def _expired(self, signum: int, frame: object) -> None:
        if self._thinking:
            raise BotTimeout()

    def move(
        self, state: State, player: str, request: Request, bot: Bot, rng: random.Random
    ) -> BotMove:
        """The action ``bot`` plays for ``player``, whose request at ``state``
        is ``request`` (see module doc; random bots are not special here)."""
        game = self.game
        reads_only = getattr(bot, "reads_only", False)
        if reads_only:  # a bot that only reads gets the view whose unchanged parts are shared
            view = game.shared_view(state, player)
        else:  # any other bot gets its own copy, which it may keep or change
            view = game.view(state, player)
            if not game.fresh_views:
                view = json_copy(view)
        limit = self.time_limit
        started = time.perf_counter()
        try:
            try:
                if self._armed:
                    assert limit is not None  # armed only with a limit
                    signal.setitimer(signal.ITIMER_REAL, limit)
                    self._thinking = True
                # the bot may keep or change what it is given: hand it its own
                # copies, unless it declares it only reads them (a fresh view
                # is a copy already)
                if not reads_only:
                    request = json_copy(request)
                action = bot.act(view, request, rng)
            finally:
                self._thinking = False
        except BotTimeout:
            return BotMove(
                game.default_action(state, player, rng),
                True,
                "timeout",
                f"took more than {limit:g}s",
            )
        except Exception as exc:  # noqa: BLE001 -- a bot's bug, whatever it is, must not stop the match
            return BotMove(
                game.default_action(state, player, rng),
                True,
                "raised",
                f"{type(exc).__name__}: {exc}",
            )
        if limit is not None and time.perf_counter() - started > limit:
            return BotMove(
                game.default_action(state, player, rng),
                True,
                "timeout",
                f"took more than {limit:g}s",
            )
        try:
            game.validate(state, player, action)
        except IllegalAction as exc:
            # a bot that builds actions field by field from the step's description
            # (the learned bot) may break a rule across fields: its action shrunk
            # until the game takes it (engine/repair.py; legality comes from the
            # player's own request, so the repair tells it nothing else)
            fixed = shrink(game, state, player, action) if getattr(bot, "repairs", False) else None
            if fixed is not None:
                return BotMove(fixed)
            return BotMove(game.default_action(state, player, rng), True, "illegal", str(exc))
        return BotMove(action)


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars), several times
    faster than ``copy.deepcopy``, which stays the fallback for anything else.
    Containers of scalars only (most requests' lists) are copied whole."""
    kind = type(value)
    if kind is dict:
        out = value.copy()
        for k, v in value.items():
            if type(v) not in _SCALARS:
                out[k] = json_copy(v)
        return out
    if kind is list:
        for v in value:
            if type(v) not in _SCALARS:
                return [x if type(x) in _SCALARS else json_copy(x) for x in value]
        return value.copy()
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
