"""A game's code is untrusted for the host's health (issue 33, N1 and N3).

Every call the host makes into a game's rules while changing a match
(``validate``, ``complete_action``, ``default_action``, ``apply``,
``requests``, ``render_event``, ``result``, and the replay that rebuilds a
state) runs through :class:`RulesRunner`: in a worker thread, outside any
database transaction, under a time limit. What the game raises other than
:class:`~mainmatch.engine.errors.MainmatchError`, and a call that takes longer
than the limit, become a :class:`GameFault` whose message says what failed in
words (never a traceback). The service records it on that match only
(``matches.broken``, shown to its host) and every other match goes on.

The limit is :data:`RULES_TIME_LIMIT` seconds per call unless the
environment variable ``MAINMATCH_RULES_TIME_LIMIT`` sets another, from
:data:`LEAST_LIMIT` to :data:`MOST_LIMIT` seconds (docs/hosting.md,
"Durability"). A thread cannot be stopped: a call past its limit goes on in
its worker until it returns, its answer thrown away, and holds one of
:data:`RULES_WORKERS` workers meanwhile. A call that cannot even start
because every worker is held is refused as :class:`RulesBusy` (try again
later), which marks nothing broken.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TypeVar

from mainmatch.engine.errors import MainmatchError

from .errors import Conflict, HostError

T = TypeVar("T")

#: seconds one rules call may take (a step's resolution, one validation, a replay)
RULES_TIME_LIMIT = 5.0
LEAST_LIMIT, MOST_LIMIT = 0.05, 300.0
#: worker threads for rules calls, shared by every service of the process
RULES_WORKERS = 16
#: longest reason kept on a match (``matches.broken``)
MAX_REASON = 300


class GameFault(Conflict):
    """A game's code failed on a match: it raised something other than a
    :class:`MainmatchError`, or took longer than the time limit. The message
    says what, in words."""


class RulesBusy(HostError):
    """Every rules worker is held by calls past their limit: try again later."""

    status = 503


def time_limit_from_env(default: float = RULES_TIME_LIMIT) -> float:
    """``MAINMATCH_RULES_TIME_LIMIT`` (seconds) or ``default``; a value that is
    not a number within bounds is refused in words.

    >>> time_limit_from_env()
    5.0
    """
    text = os.environ.get("MAINMATCH_RULES_TIME_LIMIT", "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not LEAST_LIMIT <= value <= MOST_LIMIT:
        raise MainmatchError(
            f"MAINMATCH_RULES_TIME_LIMIT must be seconds from {LEAST_LIMIT:g} to {MOST_LIMIT:g}, not {text!r}"
        )
    return value


def fault_words(exc: BaseException, what: str) -> str:
    """What a game's failure was, in one line for the match's host.

    >>> fault_words(ZeroDivisionError("division by zero"), "resolving step 3")
    "the game's rules failed resolving step 3 (ZeroDivisionError: division by zero)"
    """
    detail = " ".join(str(exc).split())[:160]
    name = type(exc).__name__
    text = (
        f"the game's rules failed {what} ({name}: {detail})"
        if detail
        else (f"the game's rules failed {what} ({name})")
    )
    return text[:MAX_REASON]


_EXECUTOR: ThreadPoolExecutor | None = None
_EXECUTOR_LOCK = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _EXECUTOR
    with _EXECUTOR_LOCK:
        if _EXECUTOR is None:
            _EXECUTOR = ThreadPoolExecutor(RULES_WORKERS, thread_name_prefix="mainmatch-rules")
        return _EXECUTOR


class RulesRunner:
    """Runs a game's rules under a time limit (see the module doc)."""

    def __init__(self, time_limit: float | None = None) -> None:
        #: seconds one call may take
        self.time_limit = time_limit_from_env() if time_limit is None else time_limit

    def call(self, what: str, fn: Callable[..., T], *args: object, extra: float = 0.0) -> T:
        """``fn(*args)`` within the time limit (plus ``extra`` seconds: a bot's
        own limit, say). A :class:`MainmatchError` it raises (the rules' own
        refusal) passes through; anything else it raises, or taking too long,
        is a :class:`GameFault` naming ``what`` ("resolving step 3")."""
        limit = self.time_limit + extra
        started = threading.Event()

        def run() -> T:
            started.set()
            return fn(*args)

        future: Future[T] = _executor().submit(run)
        try:
            return future.result(timeout=limit)
        except FutureTimeout:
            if not started.is_set() and future.cancel():
                raise RulesBusy(
                    "the server's rules workers are all busy; try again in a moment"
                ) from None
            raise GameFault(f"the game's rules took more than {limit:g} s {what}") from None
        except MainmatchError:
            raise
        # a game's bug, whatever it is (a plugin calling sys.exit too), is its match's fault
        except (Exception, SystemExit) as exc:  # noqa: BLE001
            raise GameFault(fault_words(exc, what)) from None
