"""The season pages: ``/seasons`` (the list), ``/seasons/NAME`` (standings and
history, for everyone) and ``/seasons/NAME/host/TOKEN`` (the same, plus the
host's forms, which call the JSON API with the token).

Everything shown comes from the same :class:`SeasonService` reads as the API.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from mainmatch.season import render as season_render

from .errors import Forbidden
from .pages import render
from .ratelimit import check_guesses, wrong_guess
from .season_service import SeasonService
from .service import available_games

router = APIRouter(include_in_schema=False)


def seasons(request: Request) -> SeasonService:
    """The app's season service (``season_api.install`` puts it there)."""
    return request.app.state.seasons


@router.get("/seasons", response_class=HTMLResponse)
def season_list(request: Request) -> str:
    return render("season/list.html", title="Seasons", names=seasons(request).names())


@router.get("/seasons/{name}", response_class=HTMLResponse)
def season_page(name: str, request: Request) -> str:
    return _page(request, name, None)


@router.get("/seasons/{name}/host/{token}", response_class=HTMLResponse)
def season_host_page(name: str, token: str, request: Request) -> str:
    check_guesses(request)
    guarded_authorize(request, name, token)
    return _page(request, name, token)


def guarded_authorize(request: Request, name: str, token: str | None) -> None:
    """The season's host token check; a wrong token counts as a guess (``ratelimit.py``)."""
    try:
        seasons(request).authorize(name, token)
    except Forbidden:
        wrong_guess(request)
        raise


def _page(request: Request, name: str, token: str | None) -> str:
    season = seasons(request).get(name)
    st = season.standings
    entries: list[dict[str, Any]] = [
        {
            "number": e.number,
            "text": season_render.entry_text(e.body),
            "undone_by": st.undone.get(e.number),
            "at": e.at,
            "author": e.author,
            "reason": e.reason,
        }
        for e in reversed(season.entries)
    ]
    return render(
        "season/season.html",
        title=f"Season {season.name}",
        season=season,
        st=st,
        rows=season_render.order(st),
        entries=entries,
        post=season_render.markdown(st),
        token=token,
        games=[
            {"id": g.id, "title": g.title, "players": g.players_text()} for g in available_games()
        ],
        last=st.in_force[-1] if st.in_force else None,
        inputs=json.dumps(st.next_inputs(), indent=1) if len(st.alive) else None,
    )
