"""Token access: which match and role a link's secret token opens."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from .core import ServiceCore
from .errors import Forbidden, NotFound, Unauthorized
from .models import MatchRow, SeatRow
from .tokens import token_hash


@dataclass(frozen=True)
class Access:
    """Who a token is: the host, one player, or a spectator, of one match."""

    match_id: str
    role: str  # "host" | "player" | "spectator"
    player: str | None = None


class AccessMixin(ServiceCore):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: token -> the access it gives (tokens are never reissued)
        self._access: dict[str, Access] = {}

    def authorize(self, match_id: str, token: str | None) -> Access:
        """The access ``token`` gives to match ``match_id``."""
        if not token:
            raise Unauthorized(
                "this needs the token of a host, player or spectator link (Authorization: Bearer TOKEN, or ?token=)"
            )
        access = self.access_of(token)
        if access is None or access.match_id != match_id:
            with self.db.read() as s:
                if s.get(MatchRow, match_id) is None:
                    raise NotFound(f"no match {match_id!r}")
            raise Forbidden("this token does not give access to this match")
        return access

    def access_of(self, token: str) -> Access | None:
        """The access a link's token gives, or ``None`` for an unknown token.
        A token never changes what it opens, so known ones are remembered."""
        if not token or len(token) > 200:
            return None
        access = self._access.get(token)
        if access is None:
            access = self._lookup(token)
            if access is not None:
                if len(self._access) >= 100_000:
                    self._access.clear()
                self._access[token] = access
        return access

    def _lookup(self, token: str) -> Access | None:
        with self.db.read() as s:
            seat = s.scalar(select(SeatRow).where(SeatRow.token == token))
            if seat is not None:
                return Access(seat.match_id, "player", seat.player)
            m = s.scalar(select(MatchRow).where(MatchRow.spectator_token == token))
            if m is not None:
                return Access(m.id, "spectator")
            m = s.scalar(select(MatchRow).where(MatchRow.host_token_hash == token_hash(token)))
            if m is not None:
                return Access(m.id, "host")
        return None


def _player_of(access: Access) -> str:
    if access.role != "player" or access.player is None:
        raise Forbidden("only a player's own link can submit for them")
    return access.player
