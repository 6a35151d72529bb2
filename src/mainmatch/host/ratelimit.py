"""Rate limits (issue #26, L2): guesses at secrets and submissions per seat.

An in-process token bucket per key, the usual shape of an API rate limit (as
``slowapi`` and ``limits`` do for Starlette apps, without their storage
back-ends, which one process does not need): a bucket holds at most ``burst``
tokens and gains ``per_second`` of them every second; a request that finds it
empty is answered 429 with ``Retry-After`` and the project's
``{"error": "..."}``. Each server process counts on its own (several
processes behind one address multiply the submission figures; the limits are
there to make flooding hopeless, not to meter fairly), except the guesses,
which every process counts together in the database.

- *Guesses*: each wrong admin key (header, login form or a forged session
  cookie) and each wrong season host token costs the client address one
  token (:data:`GUESS_BURST` at once, then :data:`GUESSES_PER_SECOND`); with
  none left every key it shows is refused unchecked, the right one too, so a
  guesser learns nothing more. These buckets live in the database
  (:class:`DbBuckets`, the ``guess_buckets`` table): every process of one
  deployment counts the same guesses (issue 33, N5). The client address is
  the connection's peer; ``X-Forwarded-For`` is read only from a trusted
  proxy (``mainmatch serve --proxy-headers --forwarded-allow-ips=...``,
  :func:`client_of`), so a guesser cannot pick a fresh address per request.
  A genuine admin session (a cookie the key signed) is no guess and passes
  even from a throttled address: a logged-in admin is never locked out by
  strangers behind the same address. Link tokens (192 random bits) are not
  counted: no rate makes them guessable, and pages open with them often.
- *Unknown links*: each token a request shows that opens nothing, found so
  only by looking in the database, costs the client address one token of a
  bucket of its own (:data:`MISS_BURST`, then :data:`MISSES_PER_SECOND`; each
  process its own); with none left, a token not known already answers 429
  without any database work, so a flood of made-up links cannot slow the
  other matches (issue 33). Tokens of the wrong shape, and ones just looked up
  in vain, cost nothing: they are refused without a lookup (``access.py``).
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

import ipaddress
import math
import os
import threading
import time
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Self

from fastapi import Request
from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError

from mainmatch.engine.errors import MainmatchError

from .db import Database
from .errors import TooMany
from .models import GuessBucketRow

if TYPE_CHECKING:
    from .access import Access


def _env(name: str, default: float) -> float:
    return float(os.environ.get(f"MAINMATCH_{name}", default))


GUESS_BURST = _env("GUESS_BURST", 20)
GUESSES_PER_SECOND = _env("GUESSES_PER_SECOND", 0.5)
SUBMIT_BURST = _env("SUBMIT_BURST", 20)
SUBMITS_PER_SECOND = _env("SUBMITS_PER_SECOND", 5)
MISS_BURST = _env("MISS_BURST", 30)
MISSES_PER_SECOND = _env("MISSES_PER_SECOND", 5)
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


class DbBuckets:
    """Token buckets kept in the database (the ``guess_buckets`` table), the
    same for every process on it: :class:`TokenBuckets`' ``wait`` and ``take``
    with wall-clock time (``clock``) and string keys. A bucket back to full is
    deleted (a full bucket is no bucket) when a new key is stored."""

    def __init__(self, db: Database, burst: float, per_second: float) -> None:
        self.db, self.burst, self.rate = db, burst, per_second
        self.clock = time.time

    def _level(self, row: GuessBucketRow | None, now: float) -> float:
        if row is None:
            return self.burst
        return min(self.burst, row.tokens + max(0.0, now - row.at) * self.rate)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` has a token (0: it has one now); takes none."""
        with self.db.read() as s:
            level = self._level(s.get(GuessBucketRow, key[:120]), self.clock())
        return 0.0 if level >= 1 else (1 - level) / self.rate

    def take(self, key: str) -> float:
        """Take a token of ``key``: 0 if there was one, else the seconds to wait.
        Two processes storing a new key at once: the loser reads the winner's."""
        for _ in range(3):
            try:
                return self._take(key[:120])
            except IntegrityError:
                continue
        return 0.0

    def _take(self, key: str) -> float:
        now = self.clock()
        with self.db.write() as s:
            row = s.get(GuessBucketRow, key, with_for_update=True)
            level = self._level(row, now)
            if level < 1:
                return (1 - level) / self.rate
            if row is None:
                full = now - self.burst / self.rate
                s.execute(delete(GuessBucketRow).where(GuessBucketRow.at < full))
                s.add(GuessBucketRow(key=key, tokens=level - 1, at=now))
            else:
                row.tokens, row.at = level - 1, now
        return 0.0


class RateLimits:
    """The server's limits (``app.state.limits``); with a database, the guesses
    are counted in it for every process (:class:`DbBuckets`)."""

    def __init__(
        self,
        db: Database | None = None,
        *,
        guess_burst: float = GUESS_BURST,
        guesses_per_second: float = GUESSES_PER_SECOND,
        submit_burst: float = SUBMIT_BURST,
        submits_per_second: float = SUBMITS_PER_SECOND,
        check_burst: float = CHECK_BURST,
        checks_per_second: float = CHECKS_PER_SECOND,
    ) -> None:
        self.guesses: TokenBuckets | DbBuckets = (
            DbBuckets(db, guess_burst, guesses_per_second)
            if db is not None
            else TokenBuckets(guess_burst, guesses_per_second)
        )
        self.seats = SeatPace(submit_burst, submits_per_second)
        self.misses = TokenBuckets(MISS_BURST, MISSES_PER_SECOND)
        self.checks = TokenBuckets(check_burst, checks_per_second)


def too_many(message: str, seconds: float) -> TooMany:
    wait = max(1, math.ceil(seconds))
    return TooMany(f"{message}; try again in {wait} s", retry_after=wait)


def _limits(request: Request) -> RateLimits | None:
    return getattr(request.app.state, "limits", None)


Networks = tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]


def trusted_networks(spec: str | Iterable[str]) -> Networks:
    """The proxies whose ``X-Forwarded-For`` is believed: addresses or networks,
    comma-separated (``127.0.0.1,10.0.0.0/8``; ``*``: any peer).

    >>> [str(n) for n in trusted_networks("127.0.0.1, 10.0.0.0/8")]
    ['127.0.0.1/32', '10.0.0.0/8']
    """
    items = spec.split(",") if isinstance(spec, str) else list(spec)
    out = []
    for item in (x.strip() for x in items):
        if item == "*":
            out += [ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0")]
        elif item:
            try:
                out.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                raise MainmatchError(
                    f"--forwarded-allow-ips: {item!r} is not an address or network "
                    "(e.g. 127.0.0.1 or 10.0.0.0/8)"
                ) from None
    return tuple(out)


def _trusted(address: str, networks: Networks) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in networks)


def client_of(request: Request) -> str:
    """The client's address: the connection's peer, or, when the peer is a
    trusted proxy (``app.state.trusted_proxies``), the nearest address in
    ``X-Forwarded-For`` that is not one (each proxy appends the address it
    saw, so the ones a client wrote itself come before it and are never
    read). Without trusted proxies the header is ignored (issue 33, N5)."""
    peer = request.client.host if request.client else "?"
    trusted: Networks = getattr(request.app.state, "trusted_proxies", ())
    if not trusted or not _trusted(peer, trusted):
        return peer
    hops = [h.strip() for v in request.headers.getlist("x-forwarded-for") for h in v.split(",")]
    for hop in reversed([h for h in hops if h]):
        if not _trusted(hop, trusted):
            return hop
    return peer


def _guesser(request: Request) -> str:
    return f"addr:{client_of(request)}"


def check_guesses(request: Request) -> None:
    """Before checking a secret the request shows: 429 if its address has
    guessed wrong too often."""
    limits = _limits(request)
    if limits is not None:
        wait = limits.guesses.wait(_guesser(request))
        if wait > 0:
            raise too_many("too many wrong keys or tokens from your address", wait)


def wrong_guess(request: Request) -> None:
    """The secret the request showed was wrong: it costs its address a token."""
    limits = _limits(request)
    if limits is not None:
        limits.guesses.take(_guesser(request))


def token_access(request: Request, token: str | None) -> Access | None:
    """What a link's ``token`` opens (``None``: nothing), under the budget of
    lookups in vain of the client's address (module doc): a token known or
    surely unknown costs no lookup; past the budget, any other one is 429."""
    svc = request.app.state.service
    token = token or ""
    known: Access | None = svc.cached_access(token)
    if known is not None or svc.surely_unknown(token):
        return known
    limits = _limits(request)
    client = client_of(request)
    if limits is not None:
        wait = limits.misses.wait(client)
        if wait > 0:
            raise too_many("too many links that open nothing from your address", wait)
    access: Access | None = svc.access_of(token)
    if access is None and limits is not None:
        limits.misses.take(client)
    return access


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
