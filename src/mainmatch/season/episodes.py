"""The season episode by episode: for each Main Match in force, who played, and
each player's placement, points and what the ledger moved (pure; no I/O).

A Main Match from a record or a hosted match carries the game's result
(ENGINE.md "result"); :func:`placings` reads a placement from its ``ranking``
(tie groups best first) and a score from the game's ``details``. A result
typed in by hand has none: only its winners, EC and amounts are known.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .ledger import Standings
from .models import Entry, MainMatch

#: where each game's result ``details`` keep the final score per player
#: (amalgamation: points; mvp: individual_scores; second_to_won: scores;
#: seat_exchange: money); homeostasis keeps none per player
SCORE_KEYS = ("points", "individual_scores", "scores", "money")


@dataclass(frozen=True)
class Placing:
    place: int | None  # 1 = best; tied players share a place; None: no ranking
    points: Any  # the game's own score (a number, or None)


def placings(result: dict[str, Any] | None, players: list[str]) -> dict[str, Placing]:
    """Each player's place and score in a game's result.

    One small function on purpose: once ``Game.placings(result)`` exists in the
    engine it replaces the reading below. A place is 1 + the number of players
    in the tie groups before the player's (ENGINE.md: ``ranking`` lists tie
    groups best first and may be ``null``, e.g. Second to Won)."""
    place: dict[str, int] = {}
    points: dict[str, Any] = {}
    if result:
        before = 0
        for group in result.get("ranking") or []:
            for p in group:
                place[p] = before + 1
            before += len(group)
        details = result.get("details") or {}
        for key in SCORE_KEYS:
            if isinstance(details.get(key), dict):
                points = details[key]
                break
    return {p: Placing(place.get(p), points.get(p)) for p in players}


@dataclass
class EpisodeRow:
    player: str
    place: int | None
    points: Any
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
        where = placings(body.result, body.players)
        for p in body.players:
            ep.rows.append(
                EpisodeRow(
                    player=p,
                    place=where[p].place,
                    points=where[p].points,
                    garnets=body.garnets.get(p, 0) - body.garnets_spent.get(p, 0),
                    tokens_of_life=body.tokens_of_life.get(p, 0),
                    won=p in body.winners,
                    ec=p == body.elimination_candidate,
                )
            )
        unplaced = len(body.players) + 1
        ep.rows.sort(key=lambda r: r.place if r.place is not None else unplaced)
        out.append(ep)
    return out
