"""The admin key: who may create and import matches on this server.

Creating a match gives its creator the host link, so it is the server
operator's to hand out (issue #18, finding 8). The key comes from:

1. ``MAINMATCH_ADMIN_KEY`` in the environment (``open`` means no key: the
   documented open mode for a private server, where anyone who reaches it
   may create matches; ``mainmatch serve --open`` sets the same);
2. else a key generated on the first start and kept beside the database: for
   SQLite in the file ``<database>.admin-key`` (mode 0600) next to it, for
   PostgreSQL in the ``settings`` table. ``mainmatch serve`` prints it.

A request shows the key as ``Authorization: Bearer KEY``. A browser that
logged in with it holds a *session* in the ``mm_admin`` cookie instead, never
the key (issue #26, L1): ``EXPIRES.NONCE.MAC`` where MAC is an HMAC-SHA256 of
the rest under the admin key, so the server checks it without storing
anything but the sessions logged out before they expired (the
``ended_sessions`` table, read by every process: a copied cookie stops working
at logout, issue 33, N11); it lasts :data:`SESSION_SECONDS` (7 days) and is
HttpOnly and SameSite=Strict. A new admin key ends every session. Match links (host,
player, spectator) need no admin key: their own tokens are their access.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import time
from pathlib import Path

from fastapi import Request, Response
from sqlalchemy import delete, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from mainmatch.engine.errors import MainmatchError

from .db import Database, normalize_url
from .errors import HostError, Unauthorized
from .models import EndedSessionRow, SettingRow
from .ratelimit import check_guesses, wrong_guess

ENV = "MAINMATCH_ADMIN_KEY"
OPEN = "open"
COOKIE = "mm_admin"
SETTING = "admin_key"


#: the least an admin key must have (issue #26, L2; issue 33, N7): length,
#: different characters, and characters outside the guessable parts
MIN_KEY_LENGTH = 16
MIN_KEY_KINDS = 8
MIN_KEY_UNGUESSABLE = 8
#: runs along these rows (either way) are guessable: counting, the alphabet and
#: the keyboard's rows
_ROWS = (
    "0123456789",
    "abcdefghijklmnopqrstuvwxyz",
    "1234567890",
    "qwertyuiop",
    "asdfghjkl",
    "zxcvbnm",
)
_PAIRS = frozenset(
    r[i : i + 2] for row in _ROWS for r in (row, row[::-1]) for i in range(len(r) - 1)
)
#: the passwords guessers try first (the top of every leaked-password list)
_COMMON = (
    "password", "passw0rd", "letmein", "welcome", "iloveyou", "monkey", "dragon",
    "master", "sunshine", "princess", "football", "baseball", "trustno1", "superman",
    "qwerty", "abc123", "secret", "changeme", "admin", "mainmatch",
)  # fmt: skip
#: a run this long of counting, a keyboard row or one repeated character is guessable
_RUN = 4


class WeakKey(MainmatchError):
    """The admin key is too easy to guess."""


def guessable(key: str) -> int:
    """How many characters of ``key`` lie in guessable parts: a common password
    (:data:`_COMMON`), or a run of :data:`_RUN` or more characters that counts,
    follows a keyboard row (either way) or repeats one character.

    >>> guessable("1234567890123456"), guessable("password12345678"), guessable("qwertyuiopasdfgh")
    (16, 16, 16)
    >>> guessable("test-admin-key-0123456789")
    15
    """
    low = key.lower()
    hit = [False] * len(low)
    for word in _COMMON:
        start = low.find(word)
        while start >= 0:
            hit[start : start + len(word)] = [True] * len(word)
            start = low.find(word, start + 1)
    start = 0
    for i in range(1, len(low) + 1):
        if i < len(low) and (low[i - 1 : i + 1] in _PAIRS or low[i] == low[i - 1]):
            continue
        if i - start >= _RUN:
            hit[start:i] = [True] * (i - start)
        start = i
    return sum(hit)


def check_key_strength(key: str, where: str) -> str:
    """``key`` if it is strong enough (docs/hosting.md, the server's promises):
    at least :data:`MIN_KEY_LENGTH` characters of which :data:`MIN_KEY_KINDS`
    differ, and :data:`MIN_KEY_UNGUESSABLE` of them outside common passwords,
    counting, keyboard rows and repeats (:func:`guessable`). Raises
    :class:`WeakKey` naming where the key came from."""
    if (
        len(key) < MIN_KEY_LENGTH
        or len(set(key)) < MIN_KEY_KINDS
        or len(key) - guessable(key) < MIN_KEY_UNGUESSABLE
    ):
        raise WeakKey(
            f"the admin key {where} is too weak: use at least {MIN_KEY_LENGTH} characters, "
            f"{MIN_KEY_KINDS} of them different and {MIN_KEY_UNGUESSABLE} outside common "
            "passwords, counting, keyboard rows and repeats (e.g. python -c 'import secrets; "
            "print(secrets.token_urlsafe(24))'), or unset it for a generated key"
        )
    return key


def env_admin_key() -> str | None:
    """The admin key set in ``$MAINMATCH_ADMIN_KEY`` (checked: :class:`WeakKey`),
    :data:`OPEN`, or ``None`` when unset. Read before any database is opened,
    so a weak key stops the server before it creates or migrates anything."""
    env = os.environ.get(ENV, "").strip()
    if not env:
        return None
    return OPEN if env == OPEN else check_key_strength(env, f"in ${ENV}")


def load_admin_key(db_url: str) -> str | None:
    """The server's admin key (see module doc); ``None`` is the open mode."""
    env = env_admin_key()
    if env is not None:
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


#: how long a browser's admin session lasts
SESSION_SECONDS = 7 * 86400


def _mac(key: str, message: str) -> str:
    data = b"mainmatch admin session|" + message.encode()
    return hmac.new(key.encode("utf-8", "replace"), data, hashlib.sha256).hexdigest()


def session_value(key: str) -> str:
    """A new session for the ``mm_admin`` cookie (module doc)."""
    message = f"{int(time.time()) + SESSION_SECONDS}.{secrets.token_urlsafe(9)}"
    return f"{message}.{_mac(key, message)}"


EXPIRED = "your admin session has expired; log in again with the admin key"
FORGED = "this is not a session of this server; log in again with the admin key"
ENDED = "this admin session was logged out; log in again with the admin key"


def session_problem(key: str, value: str) -> str | None:
    """Why the cookie ``value`` is not a live session of ``key`` (:data:`FORGED`
    or :data:`EXPIRED`), or ``None`` (its signature holds; whether it was
    logged out is :func:`session_ended`)."""
    expires, _, rest = value.partition(".")
    nonce, _, mac = rest.partition(".")
    if not (expires.isdigit() and nonce and mac):
        return FORGED
    if not hmac.compare_digest(mac.encode(), _mac(key, f"{expires}.{nonce}").encode()):
        return FORGED
    if int(expires) < time.time():
        return EXPIRED
    return None


def _nonce(value: str) -> tuple[str, float]:
    expires, _, rest = value.partition(".")
    return rest.partition(".")[0][:40], float(expires) if expires.isdigit() else 0.0


def session_ended(db: Database, value: str) -> bool:
    """Whether the genuine session ``value`` was logged out (any process)."""
    nonce, _ = _nonce(value)
    with db.read() as s:
        return s.get(EndedSessionRow, nonce) is not None


def end_session(db: Database, value: str) -> None:
    """Log the session ``value`` out on every process: its nonce is kept until
    the session would have expired (then it is dropped, expired anyway)."""
    nonce, expires = _nonce(value)
    try:
        with db.write() as s:
            s.execute(delete(EndedSessionRow).where(EndedSessionRow.expires < time.time()))
            if s.get(EndedSessionRow, nonce) is None:
                s.add(EndedSessionRow(nonce=nonce, expires=expires))
    except IntegrityError:  # logged out at once elsewhere: ended all the same
        pass


def start_session(response: Response, request: Request, key: str) -> None:
    """Keep a session (not the key) in this browser: HttpOnly, SameSite=Strict."""
    response.set_cookie(
        COOKIE,
        session_value(key),
        max_age=SESSION_SECONDS,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


def bearer_key(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip()
    return None


def require_admin(request: Request) -> None:
    """FastAPI dependency: the request must show the admin key (unless the
    server runs in the open mode): ``Authorization: Bearer KEY`` or a session
    cookie. Raises a one-line 401, or 429 after too many wrong keys from the
    address (``ratelimit.py``). A genuine session passes even from a throttled
    address (its signature is no oracle for the key), unless it was logged out;
    an expired or logged-out but genuine session is no guess."""
    key: str | None = getattr(request.app.state, "admin_key", None)
    if key is None:
        return
    shown, cookie = bearer_key(request), request.cookies.get(COOKIE)
    if not shown and not cookie:
        raise Unauthorized(
            "creating or importing a match or a season needs the server's admin key "
            "(Authorization: Bearer KEY; mainmatch serve prints it)"
        )
    if shown:
        check_guesses(request)
        if hmac.compare_digest(shown.encode("utf-8", "replace"), key.encode("utf-8")):
            return
        wrong_guess(request)
        raise Unauthorized("this is not the server's admin key")
    problem = session_problem(key, cookie or "")
    if problem is None:
        if not session_ended(request.app.state.service.db, cookie or ""):
            return
        problem = ENDED
    elif problem == FORGED:
        check_guesses(request)
        wrong_guess(request)
    raise Unauthorized(problem)


def is_admin(request: Request) -> bool:
    """Whether the request shows the server's admin key (always, in the open mode)."""
    try:
        require_admin(request)
    except HostError:
        return False
    return True
