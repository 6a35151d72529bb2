"""The HTML pages: home, create/import, and the host, player and spectator pages.

A link is ``/host/TOKEN``, ``/play/TOKEN`` or ``/watch/TOKEN``. Each page is
cut into regions (status, view, announcements, result, ...) rendered from
the same ``HostService.overview`` the API returns, so a page never shows more
than the API gives that token. ``/live/TOKEN`` answers the regions again as
JSON for live updates (the page's script listens to the match's event stream).

Views are rendered for people by the game's own templates (its package's
``web/`` folder, found by ``gameweb.py``; a game without one falls back to a
generic table of its view). The action form is built in the browser from
the step's description (``engine/steps.py``) and the player's request; as
the player types, it asks the rules about the draft (``POST
/api/matches/ID/check``) and shows their answer before Submit.
"""

from __future__ import annotations

import hmac
import json
import math
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup

from mainmatch import games
from mainmatch.bots import bot_names
from mainmatch.engine.checks import money
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Game, JSONObject, State, View
from mainmatch.engine.result import scores_of

from . import deadlines as dl
from .admin import is_admin, start_session
from .errors import NotFound
from .gameweb import (
    ASSET,
    MEDIA,
    GameWebLoader,
    assets,
    request_template,
    view_html,
    view_template,
    web_file,
)
from .home import list_matches
from .inputwords import describe_step, kind_task, kind_words
from .logredact import plain_param
from .overview_types import Overview
from .ratelimit import check_guesses, token_access, wrong_guess
from .service import Access, HostService, available_games, broken_games

TEMPLATES = Path(__file__).with_name("templates")
router = APIRouter(include_in_schema=False)
_md = MarkdownIt("commonmark", {"html": False, "linkify": False, "breaks": True}).enable("table")
FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#6b3fa0"/>'
    '<text x="8" y="11.5" font-size="9" text-anchor="middle" fill="#fff" font-family="sans-serif">m</text></svg>'
)
PAGE_PATHS = {"host": "host", "player": "play", "spectator": "watch"}


def markdown(text: str) -> Markup:
    """Discord Markdown as safe HTML (raw HTML in the text is escaped)."""
    return _markdown(text or "")


@lru_cache(maxsize=4096)
def _markdown(text: str) -> Markup:
    # an announcement's text is drawn again on every page of every reader (a
    # fifth of a page's CPU, issue 35); the rendering depends on the text alone
    return Markup(_md.render(text))


def when(ts: float | None, style: str = "datetime") -> Markup:
    """A time the page shows in the reader's own time zone (UTC without script)."""
    if ts is None:
        return Markup("<span class=muted>no deadline</span>")
    utc = datetime.fromtimestamp(ts, UTC)
    return Markup(
        '<time datetime="{iso}" data-ts="{ts}" data-style="{style}">{text}</time>'
    ).format(iso=utc.isoformat(), ts=int(ts), style=style, text=utc.strftime("%Y-%m-%d %H:%M UTC"))


def _env() -> Environment:
    env = Environment(
        # the host's own templates, then each game's web/ folder (gameweb.py)
        loader=ChoiceLoader([FileSystemLoader(TEMPLATES), GameWebLoader()]),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        # the templates ship with the package: not looked at on disk again at every page
        auto_reload=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["md"] = markdown
    env.filters["money"] = lambda n: money(n) if isinstance(n, int) else n
    env.filters["when"] = when
    env.filters["pretty"] = lambda v: json.dumps(v, ensure_ascii=False, indent=1)
    env.filters["compact"] = lambda v: json.dumps(v, ensure_ascii=False)
    env.globals["discord"] = dl.discord_timestamp
    env.globals["circle_point"] = circle_point
    env.globals["kind_words"] = kind_words
    env.globals["kind_task"] = kind_task
    env.globals["request_words"] = request_words
    env.globals["scores_of"] = scores_of  # the declared scores (engine.result), for the result card
    return env


def request_words(game: Game[State], request: JSONObject) -> str:
    """A request as a sentence from the game's step description (games without
    a request template of their own)."""
    try:
        return game.step(request["kind"]).request_words(request)
    except IllegalAction:  # not a step kind of the game: no sentence
        return ""


def circle_point(i: int, n: int, radius: float, cx: float, cy: float) -> tuple[float, float]:
    """Where the ``i``-th of ``n`` places around a circle goes (the first at the top, clockwise)."""
    angle = 2 * math.pi * i / n - math.pi / 2
    return round(cx + radius * math.cos(angle), 1), round(cy + radius * math.sin(angle), 1)


ENV = _env()


def render(name: str, **ctx: Any) -> str:
    return ENV.get_template(name).render(**ctx)


def render_view(game: Game[State], view: View, ov: Overview | None = None) -> str:
    """One view (public or a player's) as the pages draw it: the game's own view
    template (its ``web/view.html``) or the generic one, with the host's filters.
    The stable entry point for other adapters (Discord reads it back as
    Markdown); ``ov`` is the page's overview where there is one."""
    return view_html(ENV, game, view, ov)


def render_request(game: Game[State], request: JSONObject) -> str:
    """A request in sentences as the player page shows it: the game's own
    request template, else its step's own ``summary``, else its values listed."""
    return render(
        "regions/request.html",
        ov={"request": request},
        game=game,
        request_template=request_template(game.id),
    )


def error_page(request: Request, status: int, message: str) -> str:
    return render("error.html", status=status, message=message, title="Error")


def _svc(request: Request) -> HostService:
    service: HostService = request.app.state.service
    return service


def _access(request: Request, token: str, role: str) -> Access | RedirectResponse:
    acc = token_access(request, token)
    if acc is None:
        raise NotFound(
            "this link is not valid: no match has this token (check that it was copied whole)"
        )
    if acc.role != role:
        return RedirectResponse(f"/{PAGE_PATHS[acc.role]}/{token}", status_code=303)
    return acc


# ------------------------------------------------------------------ regions


def regions(request: Request, acc: Access, token: str) -> dict[str, Any]:
    """The page's parts as HTML, and the data of the action form."""
    ov = _svc(request).overview(acc)
    game = games.get(ov["game"]["id"])
    ctx = {
        "ov": ov,
        "token": token,
        "role": acc.role,
        "game": game,
        "view_template": view_template(game.id),
    }
    out: dict[str, Any] = {
        "game": game.id,
        "revision": ov["revision"],
        "html": {
            "status": render("regions/status.html", **ctx),
            "view": render("regions/view.html", **ctx),
            "announcements": render("regions/announcements.html", **ctx),
            "result": render("regions/result.html", **ctx),
        },
    }
    if acc.role == "host":
        out["html"]["seats"] = render(
            "regions/seats.html",
            **ctx,
            base=str(request.base_url).rstrip("/"),
            bots=bot_names(game.id),
        )
    if acc.role == "player":
        out["action"] = {
            "step": ov["open_step"],
            "kind": ov["request"]["kind"] if ov["request"] else None,
            "request": ov["request"],
            # the step's description: the form is built from its tree of inputs
            "description": (
                describe_step(game, ov["request"]["kind"], ov["request"]) if ov["request"] else None
            ),
            "submission": ov["submission"],
            "deadline": ov["deadline"],
            # the player's own view: the game's inputs draw on it (the circle of seats, the slots)
            "view": ov["view"],
            "summary": (render_request(game, ov["request"]) if ov["request"] else ""),
        }
    return out


def _match_page(request: Request, token: str, role: str) -> HTMLResponse | RedirectResponse:
    acc = _access(request, token, role)
    if isinstance(acc, RedirectResponse):
        return acc
    reg = regions(request, acc, token)
    game = games.get(reg["game"])
    html = render(
        "match.html",
        role=role,
        token=token,
        match_id=acc.match_id,
        player=acc.player,
        regions=reg,
        game=game,
        title=game.title,
        # the game's own scripts and style sheets (its web/ folder), if any
        assets=assets(game.id),
    )
    return HTMLResponse(html)


# ------------------------------------------------------------------ routes


@router.get("/favicon.ico")
def favicon() -> Response:
    return Response(FAVICON, media_type="image/svg+xml")


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> Response:
    """The start page; with the admin key (or in open mode) the host's list of every match.
    ``/?key=KEY``, the home link ``mainmatch serve`` prints, keeps the key in a cookie
    (read under that plain name only: ``logredact.plain_param``, issue 33, N8)."""
    key = plain_param(request.url.query, "key")
    if key is not None:
        return _login(request, key, "/")
    gs = available_games()
    admin = is_admin(request)
    return HTMLResponse(
        render(
            "home.html",
            games=gs,
            broken=broken_games(),
            title="mainmatch",
            matches=list_matches(_svc(request)) if admin else None,
            seasons=request.app.state.seasons.names() if admin else None,  # every one
            open_mode=request.app.state.admin_key is None,
            titles={g.id: g.title for g in gs},
            bad_key=request.query_params.get("bad") == "1",
        )
    )


@router.post("/login")
async def login(request: Request) -> Response:
    """The admin key typed on the home or /new page: kept in a cookie if it is right."""
    form = await request.form()
    nxt = str(form.get("next") or "/")
    return _login(request, str(form.get("key") or ""), nxt if nxt in ("/", "/new") else "/")


def _login(request: Request, key: str, nxt: str) -> Response:
    stored = request.app.state.admin_key
    if stored is None:
        return RedirectResponse(nxt, status_code=303)
    check_guesses(request)
    if not hmac.compare_digest(key.strip().encode(), stored.encode()):
        wrong_guess(request)
        return RedirectResponse(f"{nxt}?bad=1", status_code=303)
    resp = RedirectResponse(nxt, status_code=303)
    start_session(resp, request, stored)
    return resp


@router.get("/new", response_class=HTMLResponse)
def new(request: Request, game: str | None = None) -> HTMLResponse:
    gs = available_games()
    chosen = game if game in {g.id for g in gs} else (gs[0].id if gs else None)
    from .gameinfo import game_info

    return HTMLResponse(
        render(
            "new.html",
            games=gs,
            broken=broken_games(),
            chosen=chosen,
            title="New match",
            # the step kinds in the order of play, as a list: tojson sorts the keys of
            # an object, and the page lists deadlines in the order the steps come;
            # and what each asks, in words for the host (no "your")
            infos=[
                {
                    **game_info(g),
                    "step_order": list(g.action_models),
                    "step_tasks": {k: kind_task(g, k) for k in g.action_models},
                }
                for g in gs
            ],
            admin=is_admin(request),
            bad_key=request.query_params.get("bad") == "1",
        )
    )


@router.get("/rules/{game_id}", response_class=HTMLResponse)
def rules(game_id: str) -> HTMLResponse:
    game = games.get(game_id)
    return HTMLResponse(render("rules.html", game=game, title=f"Rules: {game.title}"))


@router.get("/host/{token}", response_class=HTMLResponse)
def host_page(request: Request, token: str) -> Response:
    return _match_page(request, token, "host")


@router.get("/play/{token}", response_class=HTMLResponse)
def player_page(request: Request, token: str) -> Response:
    return _match_page(request, token, "player")


@router.get("/watch/{token}", response_class=HTMLResponse)
def spectator_page(request: Request, token: str) -> Response:
    return _match_page(request, token, "spectator")


@router.get("/live/{token}")
def live(request: Request, token: str) -> JSONResponse:
    """The regions of the token's page as JSON (the page's live updates)."""
    acc = token_access(request, token)
    if acc is None:
        raise NotFound("this link is not valid: no match has this token")
    return JSONResponse(regions(request, acc, token))


@router.get("/web/{game_id}/{name}")
def game_asset(game_id: str, name: str) -> Response:
    """A script or style sheet of a game's own ``web/`` folder (gameweb.py)."""
    match = ASSET.match(name)
    path = web_file(game_id, name) if match else None
    if path is None:
        raise NotFound(f"no file {name!r} in the web folder of game {game_id!r}")
    return Response(
        path.read_bytes(),
        media_type=MEDIA[match.group(1)] if match else None,
        headers={"Cache-Control": "public, max-age=300"},
    )
