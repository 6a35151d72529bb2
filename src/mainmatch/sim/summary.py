"""The compact summary of one simulated match: all the statistics need.

Workers send back one :class:`MatchSummary` per match (a few hundred bytes),
never the record, so a simulation's traffic stays small. Everything here
reads the game-independent result (engine spec "result") and never a game's
own details beyond three generic, optional keys:

- the **end label**: ``Game.end_label(config, result)`` when the game is
  given (it follows the variant: Second to Won's ``over_150`` under
  ``limit=150``), else ``details.end_condition``, else ``end_reason``, else
  ``outcome`` (the first that is a string), e.g. ``"streak"``, ``"over_200"``;
- **teams**: ``{player: team}``, the one shape ``engine.result.teams_of``
  reads off the game's declared result or config (no teams without the game);
- the **rank**: from ``ranking`` (tie groups best first): a player's rank is
  1 + the number of players in better groups; ``None`` when ranking is null.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mainmatch.engine.game import END_KEYS, Config, Game, JSONObject, State, details_end_label
from mainmatch.engine.result import teams_of as declared_teams

__all__ = ["END_KEYS", "MatchSummary", "end_label", "ranks_of", "seat_teams", "summarize"]


@dataclass(frozen=True, slots=True)
class MatchSummary:
    index: int
    #: bot name per seat (seat k = ``players[k]``)
    bots: tuple[str, ...]
    tokens: tuple[int, ...]
    garnets: tuple[int, ...]
    garnets_spent: tuple[int, ...]
    #: rank per seat, ``None`` when the game has no ranking
    ranks: tuple[int, ...] | None
    #: seat of the Elimination Candidate, ``None`` when there is none
    ec: int | None
    #: team per seat, ``None`` when the game has no teams
    teams: tuple[str | None, ...] | None
    steps: int
    end: str | None
    void: bool
    #: actions asked of each seat's bot
    decisions: tuple[int, ...]
    #: ``(seat, kind, message)`` per fault, kind in ``driver.FAULTS``
    faults: tuple[tuple[int, str, str], ...] = ()


def summarize(
    index: int,
    bots: list[str],
    config: Config,
    result: JSONObject,
    steps: int,
    decisions: list[int],
    faults: list[tuple[int, str, str]],
    game: Game[State] | None = None,
) -> MatchSummary:
    players = list(config["players"])
    details = result.get("details") or {}
    tol, gar, spent = result["tokens_of_life"], result["garnets"], result["garnets_spent"]
    ec = result.get("elimination_candidate")
    ranks = ranks_of(result.get("ranking"), players)
    return MatchSummary(
        index=index,
        bots=tuple(bots),
        tokens=tuple(int(tol.get(p, 0)) for p in players),
        garnets=tuple(int(gar.get(p, 0)) for p in players),
        garnets_spent=tuple(int(spent.get(p, 0)) for p in players),
        ranks=None if ranks is None else tuple(ranks[p] for p in players),
        ec=players.index(ec) if ec in players else None,
        teams=None if game is None else seat_teams(declared_teams(game, config, result), players),
        steps=steps,
        end=end_label(details) if game is None else game.end_label(config, result),
        void=bool(result.get("void_tokens_of_life")),
        decisions=tuple(decisions),
        faults=tuple(faults),
    )


def ranks_of(ranking: list[list[str]] | None, players: list[str]) -> dict[str, int] | None:
    """Rank per player: 1 + players in better tie groups.

    >>> ranks_of([["a"], ["b", "c"], ["d"]], ["a", "b", "c", "d"])
    {'a': 1, 'b': 2, 'c': 2, 'd': 4}
    """
    if ranking is None:
        return None
    out: dict[str, int] = {}
    better = 0
    for group in ranking:
        for p in group:
            out[p] = better + 1
        better += len(group)
    if set(out) != set(players):
        return None  # a ranking that does not list everyone cannot rank them
    return out


def seat_teams(team: Mapping[str, str] | None, players: list[str]) -> tuple[str | None, ...] | None:
    """Team per seat from ``{player: team}`` (``engine.result.teams_of``); ``None``
    when no player of the match has one.

    >>> seat_teams({"a": "red", "b": "green"}, ["a", "b", "c"])
    ('red', 'green', None)
    >>> seat_teams(None, ["a"]) is None
    True
    """
    if not team or not any(p in team for p in players):
        return None
    return tuple(team.get(p) for p in players)


def end_label(details: JSONObject) -> str | None:
    """How the match ended, in the game's own words (see module doc)."""
    return details_end_label(details)
