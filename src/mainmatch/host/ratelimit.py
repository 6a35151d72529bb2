"""Rate limits (issue #26, L2): guesses at secrets and submissions per seat.

An in-process token bucket per key, the usual shape of an API rate limit (as
``slowapi`` and ``limits`` do for Starlette apps, without their storage
back-ends, which one process does not need): a bucket holds at most ``burst``
tokens and gains ``per_second`` of them every second; a request that finds it
empty is answered 429 with ``Retry-After`` and the project's
``{"error": "..."}``. Each server process counts on its own (several
processes behind one address multiply the figures; the limits are there to
make guessing and flooding hopeless, not to meter fairly).

- *Guesses*: each wrong admin key (header, login form or a forged session
  cookie) and each wrong season host token costs the client address one
  token (:data:`GUESS_BURST` at once, then :data:`GUESSES_PER_SECOND`); with
  none left every secret it shows is refused unchecked, the right one too,
  so a guesser learns nothing more. Link tokens (192 random bits) are not
  counted: no rate makes them guessable, and pages open with them often.
- *Submissions*: each submission or withdrawal of a seat costs that seat one
  token (:data:`SUBMIT_BURST`, then :data:`SUBMITS_PER_SECOND`): far above a
  person's pace, far below a flood that slows everyone's matches. A seat's
  first accepted submission for a step later than its last one is free: that is
  play (a bot over the API may move through many turns a second), and a step
  cannot open again and again without the other players or the host.
- *Checks*: each check of a draft (the form asks the rules as the player
  types, a moment after each change) costs its seat one token of a bucket of
  its own (:data:`CHECK_BURST`, then :data:`CHECKS_PER_SECOND`), so typing
  never eats into the seat's submissions; a check replays nothing and writes
  nothing, but it still reads the match, so a flood is refused like one of
  submissions.

The figures can be changed with the environment variables of the same names
prefixed ``MAINMATCH_`` (e.g. ``MAINMATCH_SUBMITS_PER_SECOND``).
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Hashable
from typing import Self

from fastapi import Request

from .errors import TooMany


def _env(name: str, default: float) -> float:
    return float(os.environ.get(f"MAINMATCH_{name}", default))


GUESS_BURST = _env("GUESS_BURST", 20)
GUESSES_PER_SECOND = _env("GUESSES_PER_SECOND", 0.5)
SUBMIT_BURST = _env("SUBMIT_BURST", 20)
SUBMITS_PER_SECOND = _env("SUBMITS_PER_SECOND", 5)
CHECK_BURST = _env("CHECK_BURST", 30)
CHECKS_PER_SECOND = _env("CHECKS_PER_SECOND", 5)
#: keys kept at most; full buckets are dropped first (a full bucket is no bucket)
MAX_KEYS = 100_000


class TokenBuckets:
    """One token bucket per key (thread-safe)."""

    def __init__(self, burst: float, per_second: float) -> None:
        self.burst, self.rate = burst, per_second
        self._buckets: dict[Hashable, tuple[float, float]] = {}  # key -> (tokens, when)
        self._lock = threading.Lock()
        self.clock = time.monotonic

    def _level(self, key: Hashable, now: float) -> float:
        tokens, when = self._buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - when) * self.rate)

    def wait(self, key: Hashable) -> float:
        """Seconds until ``key`` has a token (0: it has one now); takes none."""
        with self._lock:
            level = self._level(key, self.clock())
        return 0.0 if level >= 1 else (1 - level) / self.rate

    def take(self, key: Hashable) -> float:
        """Take a token of ``key``: 0 if there was one, else the seconds to wait."""
        now = self.clock()
        with self._lock:
            level = self._level(key, now)
            if level < 1:
                return (1 - level) / self.rate
            if len(self._buckets) >= MAX_KEYS:
                self._prune(now)
            self._buckets[key] = (level - 1, now)
            return 0.0

    def refund(self, key: Hashable) -> None:
        """Give back a token taken for a request that turned out free."""
        now = self.clock()
        with self._lock:
            if key in self._buckets:
                self._buckets[key] = (min(self.burst, self._level(key, now) + 1), now)

    def _prune(self, now: float) -> None:
        full = [k for k in self._buckets if self._level(k, now) >= self.burst]
        for k in full or list(self._buckets):
            del self._buckets[k]


class RateLimits:
    """The server's limits (``app.state.limits``)."""

    def __init__(
        self,
        *,
        guess_burst: float = GUESS_BURST,
        guesses_per_second: float = GUESSES_PER_SECOND,
        submit_burst: float = SUBMIT_BURST,
        submits_per_second: float = SUBMITS_PER_SECOND,
        check_burst: float = CHECK_BURST,
        checks_per_second: float = CHECKS_PER_SECOND,
    ) -> None:
        self.guesses = TokenBuckets(guess_burst, guesses_per_second)
        self.seats = SeatPace(submit_burst, submits_per_second)
        self.checks = TokenBuckets(check_burst, checks_per_second)


def too_many(message: str, seconds: float) -> TooMany:
    wait = max(1, math.ceil(seconds))
    return TooMany(f"{message}; try again in {wait} s", retry_after=wait)


def _limits(request: Request) -> RateLimits | None:
    return getattr(request.app.state, "limits", None)


def client_of(request: Request) -> str:
    return request.client.host if request.client else "?"


def check_guesses(request: Request) -> None:
    """Before checking a secret the request shows: 429 if its address has
    guessed wrong too often."""
    limits = _limits(request)
    if limits is not None:
        wait = limits.guesses.wait(client_of(request))
        if wait > 0:
            raise too_many("too many wrong keys or tokens from your address", wait)


def wrong_guess(request: Request) -> None:
    """The secret the request showed was wrong: it costs its address a token."""
    limits = _limits(request)
    if limits is not None:
        limits.guesses.take(client_of(request))


class SeatPace:
    """The submissions of each seat (module doc): a bucket per seat and the
    last step it submitted for. A request takes its token before the work (so
    requests at once cannot all pass on one token); an accepted submission
    for a later step gives it back."""

    def __init__(self, burst: float, per_second: float) -> None:
        self.buckets = TokenBuckets(burst, per_second)
        self._last: dict[Hashable, int] = {}
        self._lock = threading.Lock()

    def take(self, seat: Hashable) -> None:
        """Take ``seat``'s token for a request; 429 if it has none left."""
        wait = self.buckets.take(seat)
        if wait > 0:
            raise too_many("this seat submits too often", wait)

    def submitted(self, seat: Hashable, step: int) -> None:
        """An accepted submission for ``step``: free (the token goes back) if it
        is for a later step than the seat's last one."""
        with self._lock:
            last = self._last.get(seat)
            if last is not None and step <= last:
                return
            if len(self._last) >= MAX_KEYS:
                self._last.clear()
            self._last[seat] = step
        self.buckets.refund(seat)


class SeatRequest:
    """One request of a seat under its limit (``with seat_request(...) as seat``):
    its token is taken before the work (429 if none is left); an accepted
    submission calls :meth:`submitted`."""

    def __init__(self, pace: SeatPace | None, seat: tuple[str, str] | None) -> None:
        self.pace, self.seat = pace, seat

    def __enter__(self) -> Self:
        if self.pace is not None and self.seat is not None:
            self.pace.take(self.seat)
        return self

    def submitted(self, step: int) -> None:
        """The submission for ``step`` was accepted (:meth:`SeatPace.submitted`)."""
        if self.pace is not None and self.seat is not None:
            self.pace.submitted(self.seat, step)

    def __exit__(self, *_: object) -> None:
        return None


def seat_request(request: Request, match_id: str, player: str | None) -> SeatRequest:
    """``player``'s request on ``match_id`` (no limit for a host or spectator,
    whom the service refuses anyway)."""
    limits = _limits(request)
    seat = (match_id, player) if player else None
    return SeatRequest(limits.seats if limits is not None else None, seat)


def check_draft(request: Request, match_id: str, player: str | None) -> None:
    """A player's check of a draft: 429 if their seat checks too often (no
    limit for a host or spectator, whom the service refuses anyway)."""
    limits = _limits(request)
    if limits is not None and player:
        wait = limits.checks.take((match_id, player))
        if wait > 0:
            raise too_many("this seat checks drafts too often", wait)
