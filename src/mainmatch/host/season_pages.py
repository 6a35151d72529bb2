"""The season pages: ``/seasons`` (the list), ``/seasons/NAME`` (standings and
history, for everyone when the season is public; ``season_visibility.py``) and
``/seasons/NAME/host/TOKEN`` (the same, plus the host's forms, which call the
JSON API with the token); the season page's box for the host token leads there
through ``/seasons/NAME/host?token=``.

Everything shown comes from the same :class:`SeasonService` reads as the API.
"""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from mainmatch.bots import bot_names
from mainmatch.engine.game import JSONObject
from mainmatch.season import episodes as season_episodes
from mainmatch.season import render as season_render
from mainmatch.season.ledger import Standings
from mainmatch.season.models import MainMatch

from .admin import is_admin
from .api import bearer
from .errors import Forbidden
from .logredact import plain_param
from .pages import render
from .ratelimit import check_guesses, wrong_guess
from .season_service import SeasonService
from .season_visibility import public_names, require_reader, visibility_of
from .service import available_games

router = APIRouter(include_in_schema=False)


def seasons(request: Request) -> SeasonService:
    """The app's season service (``season_api.install`` puts it there)."""
    seasons: SeasonService = request.app.state.seasons
    return seasons


@router.get("/seasons", response_class=HTMLResponse)
def season_list(request: Request) -> str:
    return render("season/list.html", title="Seasons", names=readable_names(request))


def readable_names(request: Request) -> list[str]:
    """The seasons this request may list: every one for the admin, else the public ones."""
    names = seasons(request).names()
    return names if is_admin(request) else public_names(seasons(request).db, names)


@router.get("/seasons/{name}", response_class=HTMLResponse)
def season_page(name: str, request: Request, token: str | None = Depends(bearer)) -> str:
    require_reader(request, seasons(request).db, name, token)
    return _page(request, name, None)


@router.get("/seasons/{name}/host")
def season_host_door(name: str, request: Request) -> RedirectResponse:
    """The season page's host-token box (the token ``mainmatch season new``
    prints): on to the host page that token opens, which checks it."""
    token = (plain_param(request.url.query, "token") or "").strip()
    where = f"/seasons/{quote(name, safe='')}"
    if token:
        where += f"/host/{quote(token, safe='')}"
    return RedirectResponse(where, status_code=303)


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
    service = seasons(request)
    season = service.get(name)
    st = season.standings
    entries: list[JSONObject] = []
    for e in reversed(season.entries):
        match = e.body.match if isinstance(e.body, MainMatch) else None
        entries.append(
            {
                "number": e.number,
                "text": season_render.entry_line(e.number, e.body, st),
                "undone_by": st.undone.get(e.number),
                "at": e.at,
                "author": e.author,
                # the server's own reason names the match by its id: the link says it
                "reason": "" if match and e.reason == f"hosted match {match}" else e.reason,
                "watch": season.watch.get(match) if match else None,
            }
        )
    return render(
        "season/season.html",
        title=f"Season {season.name}",
        season=season,
        st=st,
        rows=season_render.order(st),
        entries=entries,
        episodes=season_episodes.episodes(season.entries, st),
        post=season_render.markdown(st),
        token=token,
        visibility=visibility_of(service.db, name),
        games=[
            {"id": g.id, "title": g.title, "players": g.players_text()} for g in available_games()
        ],
        titles={g.id: g.title for g in available_games()},
        # per game: its bots (each seat's choices) and its player range (the form's warning)
        seating={g.id: (bot_names(g.id), *g.players_range()) for g in available_games()},
        last=st.in_force[-1] if st.in_force else None,
        inputs=next_inputs(st),
        finished=service.owner_matches(name) if token else [],
    )


def next_inputs(st: Standings) -> list[JSONObject]:
    """The next Main Match's host inputs for the alive cast, one row each in
    gamewide-tiebreak order: who they are, the garnets they bring
    (``garnets``) and their place in ``gamewide_tiebreak`` (1 = best)."""
    if not st.alive:
        return []
    inputs = st.next_inputs()
    return [
        {
            "id": p,
            "name": st.players[p].name,
            "garnets": inputs["garnets"][p],
            "tiebreak": i,
        }
        for i, p in enumerate(inputs["gamewide_tiebreak"], 1)
    ]
