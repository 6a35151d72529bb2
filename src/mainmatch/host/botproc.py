"""Host bots in separate processes, under a hard time limit.

A bot of a hosted seat gets only what ``bots.Bot.act`` takes: the player's
own view, its request and a seeded generator, sent to a worker process over
a pipe. The state never leaves the server process, so a bot cannot see a
secret even by reaching around its arguments. A worker that does not answer
within the time limit is killed (a looping bot cannot hold a server thread)
and a fresh one takes its place; the seat then plays the rules' default,
recorded as defaulted (``botmoves.py``).

The workers are started with ``spawn`` (safe beside the server's threads)
on first use and shared by every service of the process. They know the
built-in bots and those registered by the modules named in
``MAINMATCH_BOT_MODULES`` (comma-separated module names or ``.py`` files).
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import queue
import random
import threading
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from mainmatch.engine.game import Request, View

log = logging.getLogger("mainmatch.host")

#: a bot that thinks longer than this plays the rules' default instead
BOT_TIME_LIMIT = 5.0
#: seconds a new worker may take to start (import the bots)
STARTUP_LIMIT = 120.0
#: worker processes (the machine's cores are shared with the server)
WORKERS = 2


@dataclass
class Answer:
    """A bot's answer: ``action`` when it answered, else ``fault``
    (``"raised"`` or ``"timeout"``) and a message for the log."""

    action: Any = None
    fault: str | None = None
    message: str = ""


def _serve(conn: Connection, modules: tuple[str, ...]) -> None:  # pragma: no cover - a worker
    """The worker: load the bot modules, then answer ``(game, bot, view,
    request, seed)`` until the pipe closes."""
    from mainmatch import games
    from mainmatch.bots import bot_names, get_bot

    for module in modules:
        _load_module(module)
    for game_id in games.ids():  # import every game and bot now, not in a bot's time
        try:
            bot_names(game_id)
        except Exception as exc:  # noqa: BLE001 -- a plugin that fails to load costs its own bots only
            log.warning("bot worker: the bots of %s cannot be loaded: %s", game_id, exc)
    conn.send(("ready", None))  # the time limit counts from here, not from the start-up

    while True:
        try:
            game_id, name, view, request, seed = conn.recv()  # seed: a Random state
        except (EOFError, OSError):
            return
        try:
            rng = random.Random()
            rng.setstate(seed)
            action = get_bot(game_id, name).act(view, request, rng)
            conn.send(("ok", action))
        except Exception as exc:  # noqa: BLE001 -- a bot's bug, whatever it is, is a fault
            conn.send(("raised", f"{type(exc).__name__}: {exc}"[:300]))


def _load_module(module: str) -> None:
    """Import a module that registers bots: a dotted name or a ``.py`` file."""
    if module.endswith(".py"):
        import runpy

        runpy.run_path(module, run_name=f"mainmatch_bots_{abs(hash(module))}")
    else:
        import importlib

        importlib.import_module(module)


class _Worker:
    def __init__(self, modules: tuple[str, ...]) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc: BaseProcess = ctx.Process(
            target=_serve, args=(child, modules), daemon=True, name="mainmatch-bot"
        )
        self.proc.start()
        child.close()
        if not self.conn.poll(STARTUP_LIMIT) or self.conn.recv()[0] != "ready":
            self.kill()
            raise RuntimeError("a bot worker process did not start")

    def kill(self) -> None:
        self.proc.kill()
        self.proc.join(5)
        self.conn.close()


class BotRunner:
    """A small pool of bot worker processes."""

    def __init__(
        self,
        workers: int = WORKERS,
        time_limit: float = BOT_TIME_LIMIT,
        modules: tuple[str, ...] = (),
    ) -> None:
        self.time_limit = time_limit
        #: modules (names or ``.py`` files) each worker imports to register bots
        self.modules = modules
        self._idle: queue.Queue[_Worker | None] = queue.Queue()
        for _ in range(workers):
            self._idle.put(None)  # started on first use

    def ask(
        self, game_id: str, bot: str, view: View, request: Request, rng_state: object
    ) -> Answer:
        """The bot's action for ``request`` seen from ``view`` (its generator
        in ``rng_state``, ``random.Random.getstate()``), or its fault."""
        idle = self._idle.get()
        keep: _Worker | None = None
        try:
            worker = idle if idle is not None and idle.proc.is_alive() else _Worker(self.modules)
            try:
                worker.conn.send((game_id, bot, view, request, rng_state))
                if not worker.conn.poll(self.time_limit):
                    worker.kill()
                    return Answer(fault="timeout", message=f"took more than {self.time_limit:g}s")
                kind, value = worker.conn.recv()
            except (EOFError, OSError, ValueError) as exc:
                # the worker died (a bot that exits or crashes the interpreter)
                worker.kill()
                return Answer(fault="raised", message=f"the bot's process ended ({exc})")
            keep = worker
            if kind == "ok":
                return Answer(action=value)
            return Answer(fault="raised", message=str(value))
        finally:
            self._idle.put(keep)

    def close(self) -> None:
        while True:
            try:
                worker = self._idle.get_nowait()
            except queue.Empty:
                return
            if worker is not None:
                worker.kill()


_RUNNER: BotRunner | None = None
_RUNNER_LOCK = threading.Lock()


def runner() -> BotRunner:
    """The process's bot runner (made on first use, closed at exit)."""
    global _RUNNER
    with _RUNNER_LOCK:
        if _RUNNER is None:
            modules = os.environ.get("MAINMATCH_BOT_MODULES", "")
            _RUNNER = BotRunner(modules=tuple(m for m in modules.split(",") if m.strip()))
            atexit.register(_RUNNER.close)
        return _RUNNER
