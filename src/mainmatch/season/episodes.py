"""The season episode by episode: for each Main Match in force, who played, and
each player's placement, points and what the ledger moved (pure; no I/O).

A Main Match from a record or a hosted match carries the game's result
(engine spec "result"); :func:`placings` asks the game for its places
(``Game.placings``) and reads the score its ``details`` keep (``Game.score_key``). A result
typed in by hand has none: only its winners, EC and amounts are known.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mainmatch.engine.errors import UnknownGame
from mainmatch.engine.registry import get_game
from mainmatch.engine.result import scores_of

from .ledger import Standings
from .models import Entry, MainMatch


@dataclass(frozen=True)
class Placing:
    place: str | None  # the game's label of the place ("1", "2=", "over the limit"); None: unknown
    order: int  # where the place stands, best first (for sorting)
    points: int | None  # the game's own score (None: the game keeps none)


def placings(
    game_id: str | None, result: dict[str, Any] | None, players: list[str]
) -> dict[str, Placing]:
    """Each player's place and score in a game's result, as the game ranks them
    (``Game.placings``, ``Game.score_key``); a result typed in by hand, or of a
    game not installed here, has none."""
    unknown = {p: Placing(None, len(players), None) for p in players}
    if not result or game_id is None:
        return unknown
    try:
        game = get_game(game_id)
    except UnknownGame:
        return unknown
    out = dict(unknown)
    for order, (label, group) in enumerate(game.placings(result, players)):
        for p in group:
            if p in out:
                out[p] = Placing(label, order, None)
    scores = scores_of(game.score_key, result)
    if scores is not None:
        out = {p: Placing(x.place, x.order, scores.get(p)) for p, x in out.items()}
    return out


@dataclass
class EpisodeRow:
    player: str
    place: str | None
    order: int
    points: int | None
    garnets: int  # won - spent
    tokens_of_life: int
    won: bool
    ec: bool


@dataclass
class Episode:
    episode: int
    entry: int
    game: str | None
    source: str
    match: str | None  # a hosted match's id
    rows: list[EpisodeRow] = field(default_factory=list)


def episodes(entries: list[Entry], st: Standings) -> list[Episode]:
    """The Main Matches in force, in episode order, each with one row per
    player: best placement first (players in the match's order when it has none)."""
    out: list[Episode] = []
    in_force = set(st.in_force)
    for e in entries:
        body = e.body
        if e.number not in in_force or not isinstance(body, MainMatch):
            continue
        ep = Episode(len(out) + 1, e.number, body.game, body.source, body.match)
        where = placings(body.game, body.result, body.players)
        for p in body.players:
            ep.rows.append(
                EpisodeRow(
                    player=p,
                    place=where[p].place,
                    order=where[p].order,
                    points=where[p].points,
                    garnets=body.garnets.get(p, 0) - body.garnets_spent.get(p, 0),
                    tokens_of_life=body.tokens_of_life.get(p, 0),
                    won=p in body.winners,
                    ec=p == body.elimination_candidate,
                )
            )
        ep.rows.sort(key=lambda r: r.order)
        out.append(ep)
    return out
