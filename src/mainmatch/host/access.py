"""Token access: which match and role a link's secret token opens, and new
links for a host or a seat (the old one stops working).

A process remembers what a token opens for at most :data:`ACCESS_TTL`
seconds: a link reissued by another process on the same database stops
working here within that time (issue #26, M4); the issuing process forgets
the old token at once.

Unknown tokens cost no database work when they can be told cheaply (issue 33,
a flood of unknown tokens slowed other matches): a token that is not the shape
of one the server makes (:data:`TOKEN_SHAPE`) is unknown without a lookup, and
one looked up in vain is remembered as unknown for :data:`UNKNOWN_TTL` seconds
(new tokens are fresh random strings, so none of them was ever seen before).
The web adapters also hold each address to a budget of lookups in vain
(``ratelimit.token_access``).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, select, update

from mainmatch.engine.game import JSONObject

from .core import ServiceCore
from .errors import Forbidden, NotFound, Unauthorized
from .models import MatchRow, SeatRow
from .tokens import new_token, token_hash

#: seconds a token's access is remembered (the target: a reissued link stops
#: working on every process within 1 s)
ACCESS_TTL = 0.5
#: seconds a token looked up in vain is known to be unknown
UNKNOWN_TTL = 30.0
#: tokens remembered (known or unknown) at most; the oldest half goes first
MAX_REMEMBERED = 100_000
#: the shape of every token the server makes (``tokens.new_token``: URL-safe
#: Base64 of 24 bytes); anything else cannot be one
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")


@dataclass(frozen=True)
class Access:
    """Who a token is: the host, one player, or a spectator, of one match."""

    match_id: str
    role: str  # "host" | "player" | "spectator"
    player: str | None = None


class AccessMixin(ServiceCore):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: token -> (when it was looked up, the access it gives)
        self._access: dict[str, tuple[float, Access]] = {}
        #: token -> when it was looked up in vain
        self._unknown: dict[str, float] = {}

    def authorize(self, match_id: str, token: str | None) -> Access:
        """The access ``token`` gives to match ``match_id``."""
        if not token:
            raise Unauthorized(
                "this needs the token of a host, player or spectator link (Authorization: Bearer TOKEN, or ?token=)"
            )
        access = self.access_of(token)
        if access is None:  # no lookup for whether the match exists: a flood stays cheap
            raise Forbidden("this token does not give access to this match")
        if access.match_id != match_id:
            with self.db.read() as s:
                if s.get(MatchRow, match_id) is None:
                    raise NotFound(f"no match {match_id!r}")
            raise Forbidden("this token does not give access to this match")
        return access

    def access_of(self, token: str) -> Access | None:
        """The access a link's token gives, or ``None`` for an unknown token.
        Known tokens are remembered for :data:`ACCESS_TTL` seconds, unknown ones
        for :data:`UNKNOWN_TTL`; a token of the wrong shape is never looked up
        (module doc)."""
        known = self.cached_access(token)
        if known is not None:
            return known
        if self.surely_unknown(token):
            return None
        now = time.monotonic()
        access = self._lookup(token)
        if access is None:
            self._access.pop(token, None)
            _remember(self._unknown, token, now)
        else:
            _remember(self._access, token, (now, access))
        return access

    def cached_access(self, token: str) -> Access | None:
        """The access ``token`` gave at a lookup less than :data:`ACCESS_TTL`
        seconds ago, or ``None`` (no database work)."""
        known = self._access.get(token) if token else None
        if known is not None and time.monotonic() - known[0] < ACCESS_TTL:
            return known[1]
        return None

    def surely_unknown(self, token: str) -> bool:
        """Whether ``token`` opens nothing, known without the database: not the
        shape of a token, or looked up in vain less than :data:`UNKNOWN_TTL`
        seconds ago."""
        if not token or not TOKEN_SHAPE.fullmatch(token):
            return True
        when = self._unknown.get(token)
        return when is not None and time.monotonic() - when < UNKNOWN_TTL

    def access_now(self, token: str) -> Access | None:
        """What ``token`` opens now, read from the database (a live stream asks
        at each wake-up: a reissued link's stream must end)."""
        self._access.pop(token, None)
        return self.access_of(token)

    def new_host_token(self, match_id: str) -> str:
        """A new host token for ``match_id``; the old host link stops working
        (here at once, on other processes within :data:`ACCESS_TTL`)."""
        token = new_token()
        with self.db.write() as s:
            # ``activity``: the host's revision moves, so every process wakes the
            # old link's live streams, which then end (``api.stream``)
            done = s.execute(
                update(MatchRow)
                .where(MatchRow.id == match_id)
                .values(host_token_hash=token_hash(token), activity=MatchRow.activity + 1)
            )
            if not done.rowcount:  # type: ignore[attr-defined]
                raise NotFound(f"no match {match_id!r}")
        self._forget(match_id, "host")
        for listener in self.listeners:
            listener(match_id)
        return token

    def new_player_token(self, match_id: str, player: str) -> str:
        """A new token for ``player``'s seat (a lost or passed-on link, or the
        seat given to another member); the old link stops working. The seat's
        submission and history stay: the seat is the same, its key changes.
        The host's page shows the new link (``activity`` bumps only the host's
        revision: nothing a player or spectator sees has changed)."""
        token = new_token()
        with self.db.write() as s:
            m = self._lock(s, match_id)
            seat = s.get(SeatRow, (match_id, player))
            if seat is None:
                raise NotFound(f"match {match_id} has no player {player!r}")
            seat.token = token
            m.activity += 1
        self._forget(match_id, "player", player)
        for listener in self.listeners:
            listener(match_id)
        return token

    def _forget(self, match_id: str, role: str, player: str | None = None) -> None:
        for old, (_, acc) in list(self._access.items()):
            if acc.match_id == match_id and acc.role == role and acc.player == player:
                self._access.pop(old, None)

    def _lookup(self, token: str) -> Access | None:
        # a connection, not an ORM session: Core selects only (SVB3)
        with self.db.engine.connect() as conn:
            seat = conn.execute(_BY_SEAT_TOKEN, {"token": token}).first()
            if seat is not None:
                return Access(seat.match_id, "player", seat.player)
            m = conn.execute(_BY_SPECTATOR_TOKEN, {"token": token}).first()
            if m is not None:
                return Access(m.id, "spectator")
            m = conn.execute(_BY_HOST_TOKEN, {"hash": token_hash(token)}).first()
            if m is not None:
                return Access(m.id, "host")
        return None


# the lookups of a token, made once: columns of the tables, not ORM rows (a
# lookup runs every ACCESS_TTL for every link in use, issue 35)
_SEATS, _MATCHES = SeatRow.__table__.c, MatchRow.__table__.c
_BY_SEAT_TOKEN = select(_SEATS.match_id, _SEATS.player).where(_SEATS.token == bindparam("token"))
_BY_SPECTATOR_TOKEN = select(_MATCHES.id).where(_MATCHES.spectator_token == bindparam("token"))
_BY_HOST_TOKEN = select(_MATCHES.id).where(_MATCHES.host_token_hash == bindparam("hash"))


def _remember(memory: JSONObject, key: str, value: object) -> None:
    """Keep ``key`` in a bounded memory: when full, the older half is dropped."""
    if len(memory) >= MAX_REMEMBERED:
        for old in list(memory)[: MAX_REMEMBERED // 2]:
            del memory[old]
    memory[key] = value


def _player_of(access: Access) -> str:
    if access.role != "player" or access.player is None:
        raise Forbidden("only a player's own link can submit for them")
    return access.player
