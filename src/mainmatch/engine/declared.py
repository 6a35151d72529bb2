"""Declared view and result types: what a game's views and results hold, as types.

A game declares the shape of its views (``Game.view_type``) and of its result's
``details`` (``Game.result_type``, the engine's :class:`~mainmatch.engine.result.Result`
with its ``details`` typed) as pydantic models in its own package
(``games/<id>/types.py``). Views and results stay plain JSON dicts at run
time (building models would cost every step, and records, replay output and
golden files stay byte-identical); the declarations describe them:

- the contract checks (``engine/contract.py``) validate every view and result
  of random matches against them, so a field that is not declared, or holds
  another type, fails there;
- a result field marked :data:`SCORES` holds each player's final score, one
  marked :class:`TeamsMark` the teams (the result post, the web result card, the
  simulator and seasons read them through ``engine.result.scores_of`` /
  ``teams_of``, never by a key they guess);
- the RL environments read a view's fields, their kinds and bounds off it.

A declaration is strict and closed (:class:`Declared`): an undeclared key or a
value of another type (a string where a number is declared) fails validation.
A key a view shows only at times is declared with a default (``= None``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import MainmatchError


class Declared(BaseModel):
    """The base of every declared view, result and their parts: closed (no key
    beyond the declared ones) and strict (no value coerced to another type)."""

    model_config = ConfigDict(extra="forbid", strict=True)


@dataclass(frozen=True)
class Role:
    """A mark in a declared field's ``Annotated`` metadata saying what adapters
    read it as: ``scores`` (``{player: number}``, each player's final score)."""

    name: str


@dataclass(frozen=True)
class TeamsMark:
    """The mark of the field that holds the teams, and how it writes them:
    ``by="team"``: ``{team: [players]}``; ``by="player"``: ``{player: team}``.
    Readers get one shape either way (``engine.result.teams_of``: ``{player: team}``)."""

    by: Literal["team", "player"]


#: the mark of the result field holding each player's final score
SCORES = Role("scores")
#: the mark of a string that is a player id (a value, a list entry or a map key)
PLAYER = Role("player")
#: a player id: the RL observation writes it seat-relative
Player = Annotated[str, PLAYER]
#: the mark of a text holding an exact number (``"7/2"``, ``"-3"``)
FRACTION = Role("fraction")
#: a number written as text: the RL observation reads it as the number
Fraction = Annotated[str, FRACTION]
#: ``{player: number}``: each player's final score, marked for adapters
Scores = Annotated[dict[Player, int], SCORES]
#: ``{team: [players]}`` and ``{player: team}``, marked as the teams
#: (``TEAM_LISTS`` / ``TEAM_OF`` mark a config's field of either shape)
TEAM_LISTS, TEAM_OF = TeamsMark("team"), TeamsMark("player")
TeamLists = Annotated[dict[str, list[Player]], TEAM_LISTS]
TeamOf = Annotated[dict[Player, str], TEAM_OF]


class ViewBase(Declared):
    """What every view holds (docs/engine.md "Conventions": views): the game id,
    the players in config order, the phase (``"over"`` at the end), and the
    variant's rule values where the match plays one."""

    game: str
    players: list[Player]
    phase: str
    variant: dict[str, int] | None = None


class RequestBase(Declared):
    """What every request holds (docs/engine.md "Conventions": requests): its step kind."""

    kind: str


class ChooseEcRequest(RequestBase):
    """The engine's shared ``choose_ec`` step (``engine/ec.py``): the candidates a winner chooses among."""

    kind: Literal["choose_ec"]
    candidates: list[Player]


class DeclarationBroken(MainmatchError):
    """A view or result that its game's declaration does not describe."""


def marked(model: type[BaseModel] | None, mark: type | object) -> str | None:
    """The name (JSON key) of ``model``'s first field carrying ``mark`` (a
    :class:`Role` instance, or a class such as :class:`TeamsMark`), else ``None``.

    >>> class D(Declared):
    ...     points: Scores
    ...     side: TeamOf
    >>> marked(D, SCORES), marked(D, TeamsMark), marked(None, SCORES)
    ('points', 'side', None)
    """
    if model is None:
        return None
    for name, info in model.model_fields.items():
        for m in info.metadata:
            if m == mark or (isinstance(mark, type) and isinstance(m, mark)):
                return info.alias or name
    return None


def mark_of(model: type[BaseModel] | None, mark_type: type[TeamsMark]) -> TeamsMark | None:
    """The :class:`TeamsMark` mark of ``model``'s teams field, else ``None``."""
    if model is None:
        return None
    for info in model.model_fields.values():
        for m in info.metadata:
            if isinstance(m, mark_type):
                return m
    return None


def details_model(result_type: type[BaseModel] | None) -> type[BaseModel] | None:
    """The model of a declared result's ``details`` (``Result[Details]``), else ``None``."""
    if result_type is None:
        return None
    annotation = result_type.model_fields["details"].annotation
    return (
        annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None
    )


def check(model: type[BaseModel], value: Mapping[str, object], what: str) -> None:
    """Raise :class:`DeclarationBroken` naming the first field of ``value``
    (a view or result dict) that ``model`` does not describe.

    >>> class V(ViewBase):
    ...     round: int
    >>> check(V, {"game": "g", "players": ["a"], "phase": "bid", "round": 1}, "view")
    >>> check(V, {"game": "g", "players": ["a"], "phase": "bid", "round": "1", "x": 0}, "view")
    Traceback (most recent call last):
    ...
    mainmatch.engine.declared.DeclarationBroken: view.round: Input should be a valid integer; view.x: undeclared field
    """
    try:
        model.model_validate(value)
    except ValidationError as exc:
        faults = []
        for err in exc.errors()[:3]:
            where = ".".join(str(part) for part in (what, *err["loc"]))
            said = "undeclared field" if err["type"] == "extra_forbidden" else err["msg"]
            faults.append(f"{where}: {said}")
        raise DeclarationBroken("; ".join(faults)) from None
