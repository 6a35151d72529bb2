"""The JSON API under ``/api``: everything the pages do, for any client.

Authentication is by the secret token of a link: ``Authorization: Bearer
TOKEN`` (or ``?token=TOKEN`` where a header cannot be set, e.g. EventSource).
The host token allows the host actions; a player token that player's view
and submissions; the spectator token the public view. Creating or importing
a match needs the server's admin key (``admin.py``) and answers with the
new tokens. Submit, withdraw and resolve name the open step (``step``).

Every error is ``{"error": "<one line>"}`` with a 4xx status.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any, cast

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool

from mainmatch import games
from mainmatch.engine.game import JSONObject

from .admin import COOKIE, end_session, require_admin, session_problem, start_session
from .errors import Conflict, Forbidden
from .gameinfo import game_info
from .home import RECORD_KEY, host_extras, restored
from .logredact import plain_param
from .ratelimit import SeatRequest, check_draft, client_of, seat_request, token_access
from .service import Access, Created, HostService, available_games, broken_games

router = APIRouter(prefix="/api")

#: seconds between a stream's keep-alives, counted from its start whatever else
#: it sends (changes wake it at once, from any process)
STREAM_POLL = 15.0


def service(request: Request) -> HostService:
    svc: HostService = request.app.state.service
    return svc


async def bearer(
    request: Request,
    token: str | None = Query(None, description="the link's token, where no header can be sent"),
) -> str | None:
    """The token shown: the ``Authorization`` header, else ``?token=`` under
    that plain name only (``logredact.plain_param``: ``?tok%65n=`` opens nothing,
    issue 33, N8); ``token`` is declared for the API's documentation.

    ``async``: it only reads the request, and FastAPI runs a plain ``def``
    dependency in a worker thread, a hop that cost more than the work (issue 35)."""
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return plain_param(request.url.query, "token") if token is not None else None


async def access(match_id: str, request: Request, token: str | None = Depends(bearer)) -> Access:
    """The token's access to ``match_id``; a token that opens nothing is
    answered under the address's budget of lookups in vain (``token_access``).

    A token looked up a moment ago (``AccessMixin.cached_access``) is answered
    on the event loop; only a lookup in the database goes to a worker thread
    (the hop cost more than the answer, issue 35)."""
    known = service(request).cached_access(token) if token else None
    if known is not None and known.match_id == match_id:
        return known
    return await run_in_threadpool(_looked_up, match_id, request, token)


def _looked_up(match_id: str, request: Request, token: str | None) -> Access:
    if token:
        token_access(request, token)  # past the budget: 429 before any lookup
    return service(request).authorize(match_id, token)


async def host_access(acc: Access = Depends(access)) -> Access:
    if acc.role != "host":
        raise Forbidden("only the host link can do this")
    return acc


# ------------------------------------------------------------------ bodies


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateMatch(_Body):
    game: str = Field(description="game id (GET /api/games)")
    players: list[str] | None = Field(
        None, description="player ids in listing order; default: the game's default players"
    )
    bots: dict[str, str | None] | None = Field(
        None, description="player -> bot name for the seats bots play"
    )
    seed: int | None = Field(
        None, description="seed of the chance in the config (drawn when absent)"
    )
    options: dict[str, Any] | None = Field(
        None, description="the game's host inputs, e.g. gamewide_tiebreak, garnets, teams, auctions"
    )
    deadlines: dict[str, str] | None = Field(
        None, description="step kind -> manual | minutes:N | daily:HH:MM (UTC)"
    )
    early_resolution: bool = Field(
        True, description="resolve a step as soon as every pending player has submitted"
    )
    title: str = Field("", description="a name for the match")


class ImportMatch(_Body):
    record: Any = Field(description="a match record (mainmatch-record/1)")
    bots: dict[str, str | None] | None = None
    deadlines: dict[str, str] | None = None
    early_resolution: bool = True
    title: str = ""


#: the ``live`` query of a submission or withdrawal
LIVE_HELP = (
    "also answer `live`: the player page's regions after the change "
    "(what GET /live/TOKEN answers), so the page need not ask again"
)


class Submit(_Body):
    action: Any = Field(
        description="the action for the open step (its JSON Schema is in GET /api/matches/{id})"
    )
    step: int = Field(
        description="the open step's number; another step gives 409 naming the open step"
    )


class Check(_Body):
    action: Any = Field(description="a draft of the player's action for the open step")
    step: int = Field(
        description="the open step's number; another step gives 409 naming the open step"
    )


class Resolve(_Body):
    step: int = Field(
        description="the open step's number (a guard against resolving twice): 409 if another"
    )


class Undo(_Body):
    step: int = Field(description="the number of the last applied step: the confirmation")


class Deadlines(_Body):
    deadlines: dict[str, str] | None = Field(
        None, description="step kind -> manual | minutes:N | daily:HH:MM (UTC)"
    )
    early_resolution: bool | None = None


class Seat(_Body):
    bot: str | None = Field(None, description="a bot name, or null for a person")


# ------------------------------------------------------------------ games


@router.get("/games", summary="The games this server runs")
def list_games() -> list[JSONObject]:
    """Every installed game, sorted by id; one that cannot be loaded (its
    package failed at import) is ``{"id", "broken"}``, ``broken`` saying why
    in words (issue 33, N2; docs/decisions/iso.md ISO4)."""
    out = [game_info(g) for g in available_games()]
    out += [{"id": gid, "broken": why} for gid, why in broken_games().items()]
    return sorted(out, key=lambda g: g["id"])


@router.get(
    "/games/{game_id}", summary="One game: host inputs, step kinds, default deadlines, bots, rules"
)
def get_game(game_id: str) -> JSONObject:
    return game_info(games.get(game_id))


# ------------------------------------------------------------------ matches


def links(request: Request, created: Created) -> JSONObject:
    base = str(request.base_url).rstrip("/")
    return {
        "match": created.match_id,
        "host_token": created.host_token,
        "spectator_token": created.spectator_token,
        "player_tokens": created.player_tokens,
        "links": {
            "host": f"{base}/host/{created.host_token}",
            "spectator": f"{base}/watch/{created.spectator_token}",
            "players": {p: f"{base}/play/{t}" for p, t in created.player_tokens.items()},
        },
    }


@router.post(
    "/matches",
    status_code=201,
    summary="Create a match (admin key); answers with the host, player and spectator links",
    dependencies=[Depends(require_admin)],
)
def create_match(body: CreateMatch, request: Request) -> JSONObject:
    created = service(request).create_match(
        body.game,
        body.players,
        bots={k: v for k, v in (body.bots or {}).items() if v},
        seed=body.seed,
        options=body.options,
        deadlines=body.deadlines,
        early_resolution=body.early_resolution,
        title=body.title,
    )
    return links(request, created)


@router.post(
    "/matches/import",
    status_code=201,
    summary="Import a match record to view or continue it (admin key)",
    dependencies=[Depends(require_admin)],
)
def import_match(body: ImportMatch, request: Request) -> JSONObject:
    title, bots = restored(
        body.record, body.title, {k: v for k, v in (body.bots or {}).items() if v}
    )
    created = service(request).import_record(
        body.record,
        bots=bots,
        deadlines=body.deadlines,
        early_resolution=body.early_resolution,
        title=title,
    )
    return links(request, created)


@router.post(
    "/admin/session",
    status_code=204,
    summary="Log this browser in: a 7-day session (not the key) in an HttpOnly, SameSite=Strict cookie",
    dependencies=[Depends(require_admin)],
)
def admin_session(request: Request) -> Response:
    response = Response(status_code=204)
    key = request.app.state.admin_key
    if key is not None:
        start_session(response, request, key)
    return response


@router.delete(
    "/admin/session",
    status_code=204,
    summary="Log this browser out: its session ends on the server too (a copy stops working)",
)
def admin_logout(request: Request) -> Response:
    key, cookie = request.app.state.admin_key, request.cookies.get(COOKIE)
    if key is not None and cookie and session_problem(key, cookie) is None:
        end_session(service(request).db, cookie)
    response = Response(status_code=204)
    response.delete_cookie(COOKIE)
    return response


@router.get("/me", summary="What a token is: its match, role and player")
def me(request: Request, token: str | None = Depends(bearer)) -> JSONObject:
    acc = token_access(request, token)
    if acc is None:
        raise Forbidden("unknown token")
    return {"match": acc.match_id, "role": acc.role, "player": acc.player}


@router.get(
    "/matches/{match_id}",
    summary="Everything the token may see: view, request, submission, announcements, result",
)
def overview(request: Request, acc: Access = Depends(access)) -> dict[str, Any]:
    # the typed read model (host/overview_types.py) is the JSON object itself
    return cast(dict[str, Any], service(request).overview(acc))


@router.put(
    "/matches/{match_id}/submission",
    summary="Submit or change the player's action for the open step",
)
def submit(
    body: Submit,
    request: Request,
    acc: Access = Depends(access),
    token: str | None = Depends(bearer),
    live: bool = Query(False, description=LIVE_HELP),
) -> JSONObject:
    with _seat_pace(request, acc) as seat:
        out = service(request).submit(acc, body.action, body.step)
        seat.submitted(body.step)
    return _with_live(out, request, acc, token, live)


def _with_live(
    out: JSONObject, request: Request, acc: Access, token: str | None, live: bool
) -> dict[str, Any]:
    """``out``, with the page's regions after the change (``live``): the page
    applies them at once instead of asking ``/live/TOKEN`` again. Built from
    the overview of the version just committed (``ovcache.py``), the one the
    next reader of that version gets."""
    if not live or token is None:
        return out
    # pages.regions, handed over by app.py (the API does not import the pages)
    return {**out, "live": request.app.state.regions(request, acc, token)}


@router.post(
    "/matches/{match_id}/check",
    summary="Player: what the rules say of a draft (changes nothing)",
)
def check(body: Check, request: Request, acc: Access = Depends(access)) -> JSONObject:
    """``{"ok", "error", "echo"}``: whether the rules would accept the draft now,
    their refusal in the player's words, and the draft read back as a sentence.
    Only a player's own token, only about their own draft; nothing is stored."""
    check_draft(request, acc.match_id, acc.player if acc.role == "player" else None)
    return service(request).check(acc, body.action, body.step)


def _seat_pace(request: Request, acc: Access) -> SeatRequest:
    """A player's submission or withdrawal, under the seat's rate limit."""
    return seat_request(request, acc.match_id, acc.player if acc.role == "player" else None)


@router.delete(
    "/matches/{match_id}/submission", summary="Withdraw the player's submission for the open step"
)
def withdraw(
    request: Request,
    step: int = Query(description="the open step's number"),
    acc: Access = Depends(access),
    token: str | None = Depends(bearer),
    live: bool = Query(False, description=LIVE_HELP),
) -> JSONObject:
    with _seat_pace(request, acc):
        out = service(request).withdraw(acc, step)
    return _with_live(out, request, acc, token, live)


@router.post(
    "/matches/{match_id}/resolve", summary="Host: resolve the open step now (defaults for the rest)"
)
def resolve(body: Resolve, request: Request, acc: Access = Depends(host_access)) -> JSONObject:
    return service(request).resolve(acc.match_id, body.step)


@router.post("/matches/{match_id}/undo", summary="Host: undo the last step (name it to confirm)")
def undo(body: Undo, request: Request, acc: Access = Depends(host_access)) -> JSONObject:
    return service(request).undo(acc.match_id, body.step)


@router.put(
    "/matches/{match_id}/deadlines",
    summary="Host: change the deadline policies and early resolution",
)
def set_deadlines(
    body: Deadlines, request: Request, acc: Access = Depends(host_access)
) -> JSONObject:
    return service(request).set_deadlines(acc.match_id, body.deadlines, body.early_resolution)


@router.put(
    "/matches/{match_id}/seats/{player}", summary="Host: give a seat to a bot or back to a person"
)
def set_seat(
    player: str, body: Seat, request: Request, acc: Access = Depends(host_access)
) -> JSONObject:
    return service(request).set_seat(acc.match_id, player, body.bot)


@router.post(
    "/matches/{match_id}/players/{player}/link",
    summary="Host: a new link for a seat (the old one stops working at once)",
)
def player_link(player: str, request: Request, acc: Access = Depends(host_access)) -> JSONObject:
    token = service(request).new_player_token(acc.match_id, player)
    base = str(request.base_url).rstrip("/")
    return {"player": player, "token": token, "link": f"{base}/play/{token}"}


@router.get("/matches/{match_id}/record", summary="Host: the match record (JSON download)")
def record(request: Request, acc: Access = Depends(host_access)) -> Response:
    rec = {**service(request).record(acc.match_id)}
    rec[RECORD_KEY] = host_extras(service(request), acc.match_id)
    return Response(
        json.dumps(rec, indent=1, ensure_ascii=False) + "\n",
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="{rec["game"]}-{acc.match_id}.json"'
        },
    )


@router.get("/matches/{match_id}/result", summary="The result, once the match is over")
def result(request: Request, acc: Access = Depends(access)) -> JSONObject:
    _, snap = service(request).snapshot(acc.match_id)
    res = snap.game.result(snap.state) if snap.over else None
    if res is None:
        raise Conflict("the match is not over yet")
    return res


@router.get(
    "/matches/{match_id}/stream",
    summary="Server-sent events: `change` with the revision whenever what the token sees changes",
)
async def stream(
    request: Request, acc: Access = Depends(access), token: str | None = Depends(bearer)
) -> StreamingResponse:
    svc = service(request)
    hub = request.app.state.hub
    client = client_of(request)
    release = request.app.state.streams.take(acc.match_id, client)

    async def events() -> AsyncIterator[str]:
        last = None
        clock = asyncio.get_running_loop().time
        # keep-alives on a fixed schedule from the stream's start (issue #26, M1):
        # a wake-up the viewer may not see (a submission) must not move them
        beat = clock() + STREAM_POLL
        try:
            while True:
                # listen before reading, so a change in between still wakes us
                waiter = hub.listen(acc.match_id)
                if last is not None and await asyncio.to_thread(svc.access_now, token or "") != acc:
                    return  # the link was reissued (issue #26, M4)
                rev = await asyncio.to_thread(svc.revision, acc.match_id, acc.role)
                if rev is None:
                    return
                if rev != last:
                    last = rev
                    yield f"event: change\ndata: {json.dumps({'revision': rev})}\n\n"
                if await request.is_disconnected():
                    return
                await hub.wait(acc.match_id, waiter, timeout=max(0.0, beat - clock()))
                if clock() >= beat:
                    yield ": keep-alive\n\n"
                    beat += STREAM_POLL * max(1, int((clock() - beat) // STREAM_POLL) + 1)
        finally:
            release()

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache"},
        background=BackgroundTask(release),
    )
