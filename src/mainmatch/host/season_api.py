"""The season JSON API under ``/api/seasons``, and ``install`` (one line in ``app.py``).

Reading a public season (standings, history, exports) needs no token:
standings are what the whole cast sees; a private one (``season_visibility.py``)
is read only with its host token or the admin key, and answers as a missing
season otherwise. Creating or importing a season needs the server's
admin key (``admin.py``), like creating a match; every change to a season
needs its host token, which creating answers once, or the admin key
(``Authorization: Bearer TOKEN``).
Every error is ``{"error": "<one line>"}`` with a 4xx status.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from mainmatch.engine.game import JSONObject
from mainmatch.season import render

from . import season_pages
from .admin import require_admin
from .api import bearer, links
from .errors import Unprocessable
from .ratelimit import check_guesses
from .season_book import Season
from .season_pages import seasons
from .season_service import SeasonService
from .season_visibility import require_reader, set_visibility
from .service import HostService

router = APIRouter(prefix="/api/seasons", tags=["seasons"])


def install(app: FastAPI, host: HostService) -> SeasonService:
    """Seasons on ``app``: the service (fed by the host's match listener), API and pages."""
    seasons = SeasonService(host.db, host)
    app.state.seasons = seasons
    host.listeners.append(seasons.match_changed)
    app.include_router(router)
    app.include_router(season_pages.router)
    return seasons


def season_host(name: str, request: Request, token: str | None = Depends(bearer)) -> str:
    """The season's host token (the season page holds it) or the server's admin key."""
    key: str | None = getattr(request.app.state, "admin_key", None)
    if token:
        check_guesses(request)  # too many wrong tokens from this address: 429
    if key is not None and token and hmac.compare_digest(token.encode(), key.encode()):
        seasons(request).check_exists(name)
        return name
    season_pages.guarded_authorize(request, name, token)
    return name


# ------------------------------------------------------------------ bodies


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CastIn(_Body):
    id: str = Field(max_length=32)
    name: str = Field("", max_length=60)
    discord_id: int | None = None


class CreateSeason(_Body):
    name: str = Field(max_length=80, description="letters, digits, - _ .")
    cast: list[str | CastIn] = Field(
        max_length=100, description="player ids or {id, name, discord_id}"
    )
    gamewide_tiebreak: list[str] | None = Field(None, description="best first; default: cast")
    starting_garnets: int = 0
    token_of_life_saves: bool = True


class ImportSeason(_Body):
    season: Any = Field(description="a mainmatch-season/1 export")
    name: str | None = Field(None, max_length=80, description="store it under another name")


class NewEntry(_Body):
    entry: JSONObject = Field(
        description="{kind: main_match | death_match | token_used | transfer | adjust | tiebreak, ...}"
    )
    reason: str = Field("", max_length=500)
    author: str = Field("host", max_length=100)


class AddRecord(_Body):
    record: Any = Field(description="a finished match record (mainmatch-record/1)")
    reason: str = Field("", max_length=500)
    author: str = Field("host", max_length=100)


class UndoEntry(_Body):
    entry: int = Field(description="the number of the last entry in force: the confirmation")
    reason: str = Field("", max_length=500)
    author: str = Field("host", max_length=100)


class SeasonMatch(_Body):
    game: str
    players: list[str] | None = Field(None, description="default: the alive cast")
    bots: dict[str, str | None] | None = None
    seed: int | None = None
    options: JSONObject | None = Field(None, description="other host inputs (teams, ...)")
    deadlines: dict[str, str] | None = None
    early_resolution: bool = True
    title: str | None = Field(None, max_length=200)


class AddHosted(_Body):
    match: str = Field(max_length=40, description="the id of a finished match of this server")
    reason: str = Field("", max_length=500)
    author: str = Field("host", max_length=100)


# ------------------------------------------------------------------ endpoints


def season_json(season: Season) -> JSONObject:
    st = season.standings
    return {
        "season": season.name,
        "revision": season.revision,
        "settings": season.settings.model_dump(mode="json"),
        "standings": st.to_json(),
        "entries": [
            {**e.model_dump(mode="json"), "undone_by": st.undone.get(e.number)}
            for e in season.entries
        ],
        "matches": season.matches,
    }


@router.get("", summary="The seasons on this server (the public ones; every one for the admin)")
def list_seasons(request: Request) -> list[str]:
    return season_pages.readable_names(request)


def reader(name: str, request: Request, token: str | None = Depends(bearer)) -> str:
    """The season ``name`` if this request may read it (``season_visibility``)."""
    require_reader(request, seasons(request).db, name, token)
    return name


@router.post(
    "",
    status_code=201,
    summary="Create a season (admin key); answers its host token once",
    dependencies=[Depends(require_admin)],
)
def create_season(body: CreateSeason, request: Request) -> JSONObject:
    cast = [c if isinstance(c, str) else c.id for c in body.cast]
    names = {c.id: c.name for c in body.cast if isinstance(c, CastIn) and c.name}
    ids = {c.id: c.discord_id for c in body.cast if isinstance(c, CastIn) and c.discord_id}
    settings, token = seasons(request).create(
        body.name,
        cast,
        names=names,
        discord_ids=ids,
        gamewide_tiebreak=body.gamewide_tiebreak,
        starting_garnets=body.starting_garnets,
        token_of_life_saves=body.token_of_life_saves,
    )
    return {"season": settings.name, "host_token": token, "page": f"/seasons/{settings.name}"}


@router.post(
    "/import",
    status_code=201,
    summary="A season from a JSON export (admin key)",
    dependencies=[Depends(require_admin)],
)
def import_season(body: ImportSeason, request: Request) -> JSONObject:
    settings, token = seasons(request).import_(body.season, name=body.name)
    return {"season": settings.name, "host_token": token, "page": f"/seasons/{settings.name}"}


@router.get("/{name}", summary="Settings, standings, every entry and the hosted matches")
def get_season(request: Request, name: str = Depends(reader)) -> JSONObject:
    return season_json(seasons(request).get(name))


@router.get("/{name}/inputs", summary="The next match's host inputs (players, garnets, tiebreak)")
def next_inputs(
    request: Request,
    name: str = Depends(reader),
    players: str | None = Query(None, description="comma-separated; default: the alive cast"),
) -> JSONObject:
    chosen = [p.strip() for p in players.split(",")] if players else None
    return seasons(request).get(name).standings.next_inputs(chosen)


@router.get("/{name}/standings.csv", summary="The standings as CSV")
def standings_csv(request: Request, name: str = Depends(reader)) -> Response:
    st = seasons(request).get(name).standings
    return Response(
        render.csv_text(st),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}-standings.csv"'},
    )


@router.get("/{name}/standings.md", summary="The standings as a Discord post")
def standings_md(request: Request, name: str = Depends(reader)) -> PlainTextResponse:
    return PlainTextResponse(render.markdown(seasons(request).get(name).standings))


@router.get("/{name}/export", summary="The whole ledger (mainmatch-season/1)")
def export_season(request: Request, name: str = Depends(reader)) -> Response:
    doc = seasons(request).export(name)
    return Response(
        json.dumps(doc, indent=1, ensure_ascii=False),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}.season.json"'},
    )


@router.post("/{name}/entries", status_code=201, summary="Host: append an entry")
def add_entry(body: NewEntry, request: Request, name: str = Depends(season_host)) -> JSONObject:
    if body.entry.get("kind") == "undo":
        raise Unprocessable("undo has its own endpoint: POST /api/seasons/{name}/undo")
    entry = seasons(request).append(name, body.entry, author=body.author, reason=body.reason)
    return entry.model_dump(mode="json")


@router.post("/{name}/records", status_code=201, summary="Host: enter a finished match record")
def add_record(body: AddRecord, request: Request, name: str = Depends(season_host)) -> JSONObject:
    entry = seasons(request).add_record(name, body.record, author=body.author, reason=body.reason)
    return entry.model_dump(mode="json")


@router.post("/{name}/undo", status_code=201, summary="Host: undo the last entry in force")
def undo_entry(body: UndoEntry, request: Request, name: str = Depends(season_host)) -> JSONObject:
    entry = seasons(request).undo(name, target=body.entry, author=body.author, reason=body.reason)
    return entry.model_dump(mode="json")


@router.post("/{name}/matches", status_code=201, summary="Host: a hosted match of the season")
def new_match(body: SeasonMatch, request: Request, name: str = Depends(season_host)) -> JSONObject:
    kwargs = body.model_dump(exclude={"game", "players"}, exclude_none=True)
    created = seasons(request).new_match(name, body.game, body.players, **kwargs)
    return links(request, created)


class Visibility(_Body):
    visibility: str = Field(
        description="public (anyone may read it) or private (host token or admin key)"
    )


@router.put("/{name}/visibility", summary="Host: who may read the season on the web")
def put_visibility(
    body: Visibility, request: Request, name: str = Depends(season_host)
) -> JSONObject:
    return {"visibility": set_visibility(seasons(request).db, name, body.visibility)}


@router.get(
    "/{name}/server-matches",
    summary="Host: the finished matches of the season's owner it could enter (newest first)",
)
def server_matches(request: Request, name: str = Depends(season_host)) -> list[JSONObject]:
    return seasons(request).owner_matches(name)


@router.post(
    "/{name}/server-matches",
    status_code=201,
    summary="Host: enter a finished match of this server by its id",
)
def add_server_match(
    body: AddHosted, request: Request, name: str = Depends(season_host)
) -> JSONObject:
    entry = seasons(request).add_match(name, body.match, author=body.author, reason=body.reason)
    return entry.model_dump(mode="json")


@router.post(
    "/{name}/matches/{match_id}/host-link",
    summary="Host: a new host link for a match the season started (the previous one stops working)",
)
def season_match_host_link(
    match_id: str, request: Request, name: str = Depends(season_host)
) -> JSONObject:
    token = seasons(request).season_match_host_link(name, match_id)
    return {"host": str(request.base_url).rstrip("/") + f"/host/{token}"}
