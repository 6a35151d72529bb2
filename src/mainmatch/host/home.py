"""The host's home: every match of the server, behind the admin key.

``GET /api/matches`` lists the matches (newest first) with their state and
links; ``POST /api/matches/{id}/host-link`` issues a new host link (only a
hash of a host token is stored, so an old one cannot be shown again; the
previous link stops working). A record export carries the title and the bot
seats under one extra key, ``mainmatch_host`` (records accept extra keys,
the engine spec; other implementations ignore it); an import restores them.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from sqlalchemy import select

from mainmatch.engine.game import JSONObject

from .admin import require_admin
from .errors import NotFound
from .models import MatchRow, SeatRow
from .service import HostService

router = APIRouter(prefix="/api")

#: the record's extra key holding what only the host server knows
RECORD_KEY = "mainmatch_host"


def list_matches(svc: HostService) -> list[JSONObject]:
    """Every match, newest first: game, title, state, seats and the links that can be shown."""
    with svc.db.read() as s:
        matches = list(s.scalars(select(MatchRow).order_by(MatchRow.created_at.desc())))
        seats: dict[str, list[SeatRow]] = {}
        for seat in s.scalars(select(SeatRow).order_by(SeatRow.match_id, SeatRow.position)):
            seats.setdefault(seat.match_id, []).append(seat)
        out = []
        for m in matches:
            ms = seats.get(m.id, [])
            out.append(
                {
                    "match": m.id,
                    "game": m.game,
                    "title": m.title,
                    "status": m.status,
                    "created_at": m.created_at,
                    "steps_applied": m.step_count,
                    "open_step": None if m.status == "over" else m.step_count + 1,
                    "deadline": m.deadline_at if m.status == "running" else None,
                    "seats": [{"player": x.player, "bot": x.bot} for x in ms],
                    "links": {
                        "spectator": f"/watch/{m.spectator_token}",
                        "players": {x.player: f"/play/{x.token}" for x in ms},
                    },
                }
            )
    return out


def new_host_link(svc: HostService, match_id: str) -> str:
    """A new host token for ``match_id`` (the old one stops working); its path."""
    return f"/host/{svc.new_host_token(match_id)}"


def host_extras(svc: HostService, match_id: str) -> JSONObject:
    """What a record export keeps besides the engine's fields: the title and the bot seats."""
    with svc.db.read() as s:
        m = s.get(MatchRow, match_id)
        if m is None:
            raise NotFound(f"no match {match_id!r}")
        bots = {
            x.player: x.bot
            for x in s.scalars(select(SeatRow).where(SeatRow.match_id == match_id))
            if x.bot
        }
        return {"title": m.title, "bots": bots}


def restored(record: Any, title: str, bots: dict[str, str]) -> tuple[str, dict[str, str]]:
    """The title and bots of an import: those given, else those the record kept."""
    extra = record.get(RECORD_KEY) if isinstance(record, dict) else None
    if not isinstance(extra, dict):
        return title, bots
    kept_title = extra.get("title")
    kept_bots = extra.get("bots")
    if not isinstance(kept_title, str):
        kept_title = ""
    if not isinstance(kept_bots, dict):
        kept_bots = {}
    return title or kept_title, bots or {str(k): str(v) for k, v in kept_bots.items() if v}


def _svc(request: Request) -> HostService:
    service: HostService = request.app.state.service
    return service


@router.get(
    "/matches",
    summary="Admin: every match with its state and links (admin key)",
    dependencies=[Depends(require_admin)],
)
def matches(request: Request) -> JSONObject:
    return {"matches": list_matches(_svc(request))}


@router.post(
    "/matches/{match_id}/host-link",
    summary="Admin: a new host link for a match (the previous one stops working)",
    dependencies=[Depends(require_admin)],
)
def host_link(match_id: str, request: Request) -> JSONObject:
    path = new_host_link(_svc(request), match_id)
    return {"host": str(request.base_url).rstrip("/") + path}
