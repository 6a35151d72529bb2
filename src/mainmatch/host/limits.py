"""What the server lets one request or client take, and the headers every
answer carries (issue #18, findings 2, 13 and 14).

- :class:`BodyLimit`: a request body is at most :data:`MAX_BODY` bytes (1 MB),
  an imported record at most ``MAINMATCH_MAX_RECORD_BYTES`` (default 8 MB);
  a larger one is refused with 413 before it is read whole.
- :class:`SecurityHeaders`: Content-Security-Policy (scripts and styles from
  this server only), ``X-Frame-Options: DENY``, ``X-Content-Type-Options:
  nosniff`` and ``Referrer-Policy: no-referrer`` (links carry secret tokens).
- :class:`StreamSlots`: live event streams per match and per client address
  are capped; one over the cap is refused with 429.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import TooMany

MAX_BODY = 1_000_000
MAX_RECORD_BODY = int(os.environ.get("MAINMATCH_MAX_RECORD_BYTES", "8000000"))
#: the one path whose body may be as large as a record
RECORD_PATHS = {"/api/matches/import"}
#: live streams at once on one match, and from one client address
STREAMS_PER_MATCH = int(os.environ.get("MAINMATCH_STREAMS_PER_MATCH", "100"))
STREAMS_PER_CLIENT = int(os.environ.get("MAINMATCH_STREAMS_PER_CLIENT", "20"))

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: /docs and /redoc (apidocs.py): their viewers are served from here, but FastAPI's
#: pages start them with an inline script, and ReDoc runs a worker from a blob
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
    "worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")


async def _send_error(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """ASGI middleware: refuse request bodies over the limit with 413."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = MAX_RECORD_BODY if scope["path"] in RECORD_PATHS else MAX_BODY
        what = "a record" if limit == MAX_RECORD_BODY else "a request body"
        message = f"{what} may have at most {limit:,} bytes"
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    if int(value) > limit:
                        await _send_error(send, 413, message)
                        return
                except ValueError:
                    await _send_error(send, 400, "the Content-Length header is not a number")
                    return
        # read the body here, counting, and hand the app what was read
        chunks: list[bytes] = []
        size = 0
        more = True
        first: Message | None = None
        while more:
            msg = await receive()
            if msg["type"] != "http.request":
                first = msg  # a disconnect: pass it on
                break
            chunk = msg.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _send_error(send, 413, message)
                return
            chunks.append(chunk)
            more = msg.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return first or {"type": "http.request", "body": body, "more_body": False}
            message: Message = await receive()
            return message

        await self.app(scope, replay, send)


class SecurityHeaders:
    """ASGI middleware: the usual security headers on every answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = DOCS_CSP if scope["path"].startswith(DOCS_PATHS) else CSP

        async def with_headers(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                headers = list(msg.get("headers", []))
                names = {n.lower() for n, _ in headers}
                for name, value in (
                    (b"content-security-policy", csp.encode()),
                    (b"x-frame-options", b"DENY"),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                ):
                    if name not in names:
                        headers.append((name, value))
                msg = {**msg, "headers": headers}
            await send(msg)

        await self.app(scope, receive, with_headers)


class StreamSlots:
    """Counts the open live streams per match and per client address."""

    def __init__(
        self, per_match: int = STREAMS_PER_MATCH, per_client: int = STREAMS_PER_CLIENT
    ) -> None:
        self.per_match, self.per_client = per_match, per_client
        self._match: dict[str, int] = {}
        self._client: dict[str, int] = {}
        self._lock = threading.Lock()

    def take(self, match_id: str, client: str) -> Callable[[], None]:
        """Take one slot for a stream; answers the function that gives it back
        (safe to call more than once). Raises a one-line 429 when none is free."""
        with self._lock:
            if self._match.get(match_id, 0) >= self.per_match:
                raise TooMany(
                    f"this match already has {self.per_match} live streams open; "
                    "reload the page later"
                )
            if self._client.get(client, 0) >= self.per_client:
                raise TooMany(
                    f"you already have {self.per_client} live streams open; close some pages"
                )
            self._match[match_id] = self._match.get(match_id, 0) + 1
            self._client[client] = self._client.get(client, 0) + 1
        released = False

        def release() -> None:
            nonlocal released
            with self._lock:
                if released:
                    return
                released = True
                for table, key in ((self._match, match_id), (self._client, client)):
                    table[key] -= 1
                    if not table[key]:
                        del table[key]

        return release

    def open_streams(self, match_id: str) -> int:
        with self._lock:
            return self._match.get(match_id, 0)
