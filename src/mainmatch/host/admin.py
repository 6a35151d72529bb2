"""The admin key: who may create and import matches on this server.

Creating a match gives its creator the host link, so it is the server
operator's to hand out (issue #18, finding 8). The key comes from:

1. ``MAINMATCH_ADMIN_KEY`` in the environment (``open`` means no key: the
   documented open mode for a private server, where anyone who reaches it
   may create matches; ``mainmatch serve --open`` sets the same);
2. else a key generated on the first start and kept beside the database: for
   SQLite in the file ``<database>.admin-key`` (mode 0600) next to it, for
   PostgreSQL in the ``settings`` table. ``mainmatch serve`` prints it.

A request shows the key as ``Authorization: Bearer KEY``; pages may hold it
in the ``mm_admin`` cookie instead. Match links (host, player, spectator)
need no admin key: their own tokens are their access.
"""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from fastapi import Request
from sqlalchemy import select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from .db import Database, normalize_url
from .errors import Unauthorized
from .models import SettingRow

ENV = "MAINMATCH_ADMIN_KEY"
OPEN = "open"
COOKIE = "mm_admin"
SETTING = "admin_key"


def load_admin_key(db_url: str) -> str | None:
    """The server's admin key (see module doc); ``None`` is the open mode."""
    env = os.environ.get(ENV, "").strip()
    if env:
        return None if env == OPEN else env
    url = make_url(normalize_url(db_url))
    if url.get_backend_name() == "sqlite":
        return _file_key(url.database)
    return _table_key(db_url)


def key_file(database: str | None) -> Path | None:
    """Where a SQLite database's generated key lives (``None``: in memory)."""
    if not database or database == ":memory:":
        return None
    return Path(database).with_name(Path(database).name + ".admin-key")


def _file_key(database: str | None) -> str:
    path = key_file(database)
    if path is None:
        return secrets.token_urlsafe(24)  # a database in memory: a key for this run
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        pass
    key = secrets.token_urlsafe(24)
    try:  # O_EXCL: two servers starting at once keep one key
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="utf-8").strip()
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(key + "\n")
    return key


def _table_key(db_url: str) -> str:
    db = Database(db_url)
    try:
        db.migrate()
        with db.read() as s:
            row = s.scalar(select(SettingRow.value).where(SettingRow.name == SETTING))
        if row:
            return row
        key = secrets.token_urlsafe(24)
        try:
            with db.write() as s:
                s.add(SettingRow(name=SETTING, value=key))
        except IntegrityError:  # another server stored one first: use that
            with db.read() as s:
                return s.scalar(select(SettingRow.value).where(SettingRow.name == SETTING)) or key
        return key
    finally:
        db.dispose()


def presented_key(request: Request) -> str | None:
    """The admin key a request shows: ``Authorization: Bearer`` or the cookie."""
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip()
    return request.cookies.get(COOKIE)


def require_admin(request: Request) -> None:
    """FastAPI dependency: the request must show the admin key (unless the
    server runs in the open mode). Raises a one-line 401."""
    key: str | None = getattr(request.app.state, "admin_key", None)
    if key is None:
        return
    shown = presented_key(request)
    if not shown:
        raise Unauthorized(
            "creating or importing a match or a season needs the server's admin key "
            "(Authorization: Bearer KEY; mainmatch serve prints it)"
        )
    if not hmac.compare_digest(shown.encode("utf-8", "replace"), key.encode("utf-8")):
        raise Unauthorized("this is not the server's admin key")
