"""Who may read a season on the web: the season's own choice (issue 33, N4).

A season is ``public`` (listed on ``/seasons`` and ``GET /api/seasons``, read
by anyone: standings, history, exports, its spectator links) or ``private``
(read only with its host token or the server's admin key; to anyone else it
answers exactly as a season that does not exist, and it is not listed). The
choice is stored on the season (``seasons.visibility``, migration 0006); a
season that never chose has its owner's default: one made on a Discord server
is private (its cast are that server's members, with their Discord ids and
nicknames), one made on the web, the API or the command line public. The host
changes it with ``PUT /api/seasons/{name}/visibility`` or ``/mm season
visibility`` (docs/seasons.md).
"""

from __future__ import annotations

import hmac

from fastapi import Request
from sqlalchemy import select, update

from .admin import is_admin
from .db import Database
from .errors import NotFound, Unprocessable
from .season_models import SeasonRow
from .tokens import token_hash

PUBLIC, PRIVATE = "public", "private"
CHOICES = (PUBLIC, PRIVATE)


def visibility(owner: str | None, stored: str | None) -> str:
    """A season's visibility: its stored choice, else its owner's default.

    >>> visibility("discord:5", None), visibility("web", None), visibility("discord:5", "public")
    ('private', 'public', 'public')
    """
    if stored in CHOICES:
        return stored
    return PRIVATE if (owner or "").startswith("discord:") else PUBLIC


def public_names(db: Database, names: list[str]) -> list[str]:
    """``names`` (in their order) without the private seasons."""
    with db.read() as s:
        rows = s.execute(select(SeasonRow.name, SeasonRow.owner, SeasonRow.visibility))
        public = {n for n, owner, stored in rows if visibility(owner, stored) == PUBLIC}
    return [n for n in names if n in public]


def visibility_of(db: Database, name: str) -> str:
    """The visibility of season ``name``; :class:`NotFound` if there is none."""
    with db.read() as s:
        row = s.execute(
            select(SeasonRow.owner, SeasonRow.visibility).where(SeasonRow.name == name)
        ).first()
    if row is None:
        raise NotFound(f"no season named {name}")
    return visibility(row[0], row[1])


def set_visibility(db: Database, name: str, choice: str) -> str:
    """Store the host's choice for season ``name``; the pages refresh on it."""
    if choice not in CHOICES:
        raise Unprocessable(f"visibility: {PUBLIC} or {PRIVATE}, got {choice!r}")
    with db.write() as s:
        done = s.execute(
            update(SeasonRow)
            .where(SeasonRow.name == name)
            .values(visibility=choice, revision=SeasonRow.revision + 1)
        )
        if not done.rowcount:  # type: ignore[attr-defined]
            raise NotFound(f"no season named {name}")
    return choice


def may_read(request: Request, db: Database, name: str, token: str | None) -> bool:
    """Whether this request may read season ``name``: it is public, or the
    request shows its host token or the admin key (header, ``?token=``, the
    host page's path, or an admin session)."""
    if visibility_of(db, name) == PUBLIC:
        return True
    key: str | None = getattr(request.app.state, "admin_key", None)
    if token:
        if key is not None and hmac.compare_digest(token.encode(), key.encode()):
            return True
        with db.read() as s:
            stored = s.scalar(select(SeasonRow.host_token_hash).where(SeasonRow.name == name))
        if stored is not None and hmac.compare_digest(stored, token_hash(token)):
            return True
    return is_admin(request)


def require_reader(request: Request, db: Database, name: str, token: str | None) -> None:
    """:class:`NotFound`, the same as for a season that does not exist, unless
    this request may read season ``name`` (:func:`may_read`)."""
    if not may_read(request, db, name, token):
        raise NotFound(f"no season named {name}")
