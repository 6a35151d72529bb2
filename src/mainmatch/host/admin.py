"""The server's admin key: it opens the host's home (every match) and match creation.

Minimal version of the interface the hardening work defines (same names):
``load_admin_key(db_url)`` reads ``MAINMATCH_ADMIN_KEY``; ``open`` (or no key)
is the open mode (``None``). The key is kept on ``app.state.admin_key``;
``require_admin`` accepts ``Authorization: Bearer KEY`` or an ``mm_admin``
cookie holding it.
"""

from __future__ import annotations

import hmac
import os

from fastapi import Request

from .errors import Unauthorized

ENV = "MAINMATCH_ADMIN_KEY"
COOKIE = "mm_admin"


def load_admin_key(db_url: str) -> str | None:
    """The admin key of the server on ``db_url``, or ``None`` for the open mode."""
    value = os.environ.get(ENV, "").strip()
    return None if value.lower() in ("", "open") else value


def presented_key(request: Request) -> str | None:
    """The key a request carries: a bearer header, else the ``mm_admin`` cookie."""
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return request.cookies.get(COOKIE)


def is_admin(request: Request) -> bool:
    key: str | None = getattr(request.app.state, "admin_key", None)
    if key is None:
        return True
    given = presented_key(request)
    return given is not None and hmac.compare_digest(given.encode(), key.encode())


def require_admin(request: Request) -> None:
    """FastAPI dependency: the request carries the admin key (or the server is open)."""
    if not is_admin(request):
        raise Unauthorized(
            "this needs the server's admin key (open the home link `mainmatch serve` printed, "
            "or send Authorization: Bearer KEY)"
        )
