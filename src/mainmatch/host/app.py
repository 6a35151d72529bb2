"""The FastAPI application: API, pages, static files, and the deadline clock.

``create_app(url)`` migrates the database at start, resolves every deadline
that passed while the server was down, then checks deadlines every
``scan_interval`` seconds in a background task. Live streams wake on the
changes of this process (the service's listeners) and of every other process
on the database (``notify.Listener``: PostgreSQL ``LISTEN``, polling on SQLite).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator
from pathlib import Path

import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from mainmatch import __version__
from mainmatch.engine.errors import MainmatchError

from . import api, apidocs, home, logredact, pages, season_api
from .admin import check_key_strength, env_admin_key, load_admin_key
from .db import Database
from .dburl import DEFAULT_URL
from .errors import HostError, TooMany, cut
from .limits import BodyLimit, SecurityHeaders, StreamSlots
from .live import Hub
from .notify import Listener
from .ratelimit import RateLimits, trusted_networks
from .service import HostService

log = logging.getLogger("mainmatch.host")
STATIC = Path(__file__).with_name("static")


#: worker threads for the (synchronous) endpoints: the work is short and CPU-bound
#: under the GIL, so a few threads serve faster than anyio's default 40
WORKER_THREADS = int(os.environ.get("MAINMATCH_WORKER_THREADS", "4"))


#: ``create_app``'s default: read the admin key with ``admin.load_admin_key``
LOAD_KEY = "load"


def create_app(
    url: str = DEFAULT_URL,
    *,
    scan_interval: float = 1.0,
    service: HostService | None = None,
    admin_key: str | None = LOAD_KEY,
    bot_worker: bool = True,
    trusted_proxies: str = "",
) -> FastAPI:
    """The server. ``admin_key``: the key that creating and importing need
    (``None``: the open mode; by default ``load_admin_key``). ``bot_worker``:
    bot seats move in a background thread (``botmoves.py``).
    ``trusted_proxies``: the proxies whose ``X-Forwarded-For`` names the client
    (``ratelimit.client_of``; none by default: the header is ignored)."""
    logredact.install()  # no key or link token in the access log (issue #26, L3)
    if admin_key == LOAD_KEY:
        env_admin_key()  # a weak key stops here, before a database is opened (issue 33, N7)
    elif admin_key is not None:
        check_key_strength(admin_key, "given to the server")
    db = service.db if service is not None else Database(url)
    svc = service or HostService(db)
    hub = Hub()
    if admin_key == LOAD_KEY:
        admin_key = load_admin_key(db.url)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        anyio.to_thread.current_default_thread_limiter().total_tokens = WORKER_THREADS
        await asyncio.to_thread(db.migrate)
        hub.bind(asyncio.get_running_loop())
        svc.listeners.append(hub.notify)
        listener = Listener(db)
        listener.subscribe(hub.notify)
        listener.start()
        if bot_worker:
            svc.start_bot_worker()
        task = asyncio.create_task(_deadline_clock(svc, scan_interval))
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            svc.listeners.remove(hub.notify)
            await asyncio.to_thread(listener.stop)
            await asyncio.to_thread(svc.stop_bot_worker)

    app = FastAPI(
        title="mainmatch host server",
        version=__version__,
        description="Host Main Match games of online reality games: create a match, send each player their "
        "secret link, collect submissions, resolve steps at their deadlines, announce.",
        lifespan=lifespan,
        docs_url=None,  # apidocs: the same pages with their viewers served from here
        redoc_url=None,
    )
    apidocs.install(app)
    app.state.service = svc
    #: the page's regions (pages.py), answered by the API with ``?live=true``
    app.state.regions = pages.regions
    app.state.hub = hub
    app.state.admin_key = admin_key
    app.state.streams = StreamSlots()
    app.state.limits = RateLimits(db)
    app.state.trusted_proxies = trusted_networks(trusted_proxies)
    app.include_router(home.router)
    app.include_router(api.router)
    app.include_router(pages.router)
    season_api.install(app, svc)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _error_handlers(app)
    # outermost last: the headers go on every answer, the 413s included
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    return app


async def _deadline_clock(svc: HostService, interval: float) -> None:
    """Resolve steps whose deadline passed: once at start, then every ``interval``."""
    while True:
        try:
            done = await asyncio.to_thread(svc.resolve_due)
            if done:
                log.info("resolved at the deadline: %s", ", ".join(done))
        except asyncio.CancelledError:
            raise
        except Exception:  # the clock must keep running; the log has the details
            log.exception("deadline check failed")
        await asyncio.sleep(interval)


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api") or "text/html" not in request.headers.get(
        "accept", ""
    )


def _error(request: Request, status: int, message: str) -> Response:
    message = cut(message)  # one line, never a whole echoed input
    if _wants_json(request):
        return JSONResponse({"error": message}, status_code=status)
    return HTMLResponse(pages.error_page(request, status, message), status_code=status)


def _error_handlers(app: FastAPI) -> None:
    @app.exception_handler(HostError)
    async def host_error(request: Request, exc: HostError) -> Response:
        response = _error(request, exc.status, str(exc))
        if isinstance(exc, TooMany) and exc.retry_after is not None:
            response.headers["Retry-After"] = str(exc.retry_after)
        return response

    @app.exception_handler(MainmatchError)
    async def engine_error(request: Request, exc: MainmatchError) -> Response:
        return _error(request, 422, str(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        return _error(request, 422, describe_request_error(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        message = exc.detail if isinstance(exc.detail, str) else "request refused"
        if exc.status_code == 404 and message == "Not Found":
            message = f"no such page or endpoint: {request.url.path}"
        elif exc.status_code == 405:
            message = f"{request.method} is not allowed on {request.url.path}"
        return _error(request, exc.status_code, message)

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception) -> Response:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return _error(request, 500, "internal error; the server log has the details")


def describe_request_error(exc: RequestValidationError) -> str:
    """FastAPI's list of validation errors as one line naming the first field."""
    errors = exc.errors()
    if not errors:
        return "invalid request"
    err = errors[0]
    if err.get("type") == "json_invalid":
        return "the request body is not valid JSON"
    loc = [str(x) for x in err.get("loc", ()) if x != "body"]
    where = ".".join(loc) or "body"
    msg = err.get("msg", "invalid")
    if err.get("type") == "missing":
        msg = "required field is missing"
    elif err.get("type") == "extra_forbidden":
        msg = "unknown field"
    return f"{where}: {msg}"
