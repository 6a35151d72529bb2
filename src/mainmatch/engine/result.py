"""The game-independent result of a match (docs/engine.md "Conventions": results),
and the readers of what a game's declarations mark: each player's score
(:func:`scores_of`, at ``Game.score_key``, which a declared result sets from its
``Scores`` field) and the teams (:func:`teams_of`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from .declared import TeamsMark, details_model, mark_of, marked

if TYPE_CHECKING:
    from .game import Game, State

#: a game's declared ``details`` (a :class:`~mainmatch.engine.declared.Declared` model)
DetailsT = TypeVar("DetailsT")


class Result(BaseModel, Generic[DetailsT]):
    """The end of a match in one shape for every game.

    ``tokens_of_life``, ``garnets`` and ``garnets_spent`` list only players
    with a non-zero amount (docs/engine.md "Conventions": results). A host's garnet ledger
    moves by ``garnets - garnets_spent``. A game declares its ``details`` as
    ``Result[ItsDetails]`` (``Game.result_type``); plain ``Result`` takes any.
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    ranking: list[list[str]] | None = Field(
        description="Tie groups, best first; players in `players` order inside a group."
    )
    tokens_of_life: dict[str, int]
    garnets: dict[str, int]
    garnets_spent: dict[str, int]
    elimination_candidate: str | None
    void_tokens_of_life: bool
    details: DetailsT


def nonzero(amounts: dict[str, int], order: list[str]) -> dict[str, int]:
    """``amounts`` without zero entries, keyed in ``order`` (docs/engine.md "Conventions": results).

    >>> nonzero({"b": 2, "a": 0, "c": 1}, ["a", "b", "c"])
    {'b': 2, 'c': 1}
    """
    return {p: amounts[p] for p in order if amounts.get(p, 0) != 0}


def scores_of(score_key: str | None, result: Mapping[str, object] | None) -> dict[str, int] | None:
    """Each player's final score in ``result``, read where the game declares
    it (``Game.score_key``, a key of the result's ``details``), or ``None``
    when the game keeps no score per player. The one place the host, Discord
    and seasons read a score, so a typed result can replace the lookup here.

    >>> scores_of("money", {"details": {"money": {"a": 3}}})
    {'a': 3}
    >>> scores_of(None, {"details": {"money": {"a": 3}}}) is None
    True
    """
    if not score_key or not result:
        return None
    details = result.get("details")
    scores = details.get(score_key) if isinstance(details, dict) else None
    return scores if isinstance(scores, dict) else None


def teams_of(
    game: Game[State], config: Mapping[str, object], result: Mapping[str, object] | None = None
) -> dict[str, str] | None:
    """``{player: team}`` as the game declares its teams: the result's field
    marked :class:`~mainmatch.engine.declared.TeamsMark`, else the config's; ``None``
    for a game without teams. A game from outside that declares neither is read
    at ``details.teams`` / ``config.teams`` (either shape), as before declarations.

    >>> from mainmatch.engine.registry import get_game
    >>> teams_of(get_game("mvp"), {"teams": {"red": ["a"], "green": ["b"]}})
    {'a': 'red', 'b': 'green'}
    """
    details = (result or {}).get("details")
    sources: list[tuple[object, TeamsMark | None]] = []
    in_details, in_config = _team_fields(game.result_type, game.config_model)
    for field, where in ((in_details, details), (in_config, config)):
        if field is not None and isinstance(where, Mapping):
            sources.append((where.get(field[0]), field[1]))
    if game.result_type is None and not sources:
        found = details.get("teams") if isinstance(details, Mapping) else None
        sources = [(found, None), (config.get("teams"), None)]
    for raw, mark in sources:
        team = _player_team(raw, mark)
        if team:
            return team
    return None


@cache
def _team_fields(
    result_type: type[BaseModel] | None, config_model: type[BaseModel] | None
) -> tuple[tuple[str, TeamsMark] | None, tuple[str, TeamsMark] | None]:
    """The teams field (key and mark) of the declared details and of the config
    model, once per game (the simulator asks at every match)."""
    out: list[tuple[str, TeamsMark] | None] = []
    for model in (details_model(result_type), config_model):
        mark, key = mark_of(model, TeamsMark), marked(model, TeamsMark)
        out.append((key, mark) if mark is not None and key is not None else None)
    return out[0], out[1]


def _player_team(raw: object, mark: TeamsMark | None) -> dict[str, str]:
    """Teams written either way as ``{player: team}`` (``mark`` says which way;
    ``None``: read each entry as it comes)."""
    out: dict[str, str] = {}
    if not isinstance(raw, Mapping):
        return out
    for key, value in raw.items():
        if isinstance(value, str) and (mark is None or mark.by == "player"):
            out[str(key)] = value
        elif isinstance(value, list) and (mark is None or mark.by == "team"):
            out.update({p: str(key) for p in value if isinstance(p, str)})
    return out
