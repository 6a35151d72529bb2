"""What a game's bots build on: the bot protocol, the registry a bot module
registers into, and the parameterised families (docs/engine.md "Bots").

A game's bots live in its own package (``mainmatch/games/<id>/bots/``, like an
outside game's ``bots.py``) and import only the engine and their own game, so
the parts they need are here, one layer below the games. Loading a game's bot
modules, the random bots, learned and tuned bot files stay in ``mainmatch.bots``,
which re-exports these names (``mainmatch.bots.base.register``,
``mainmatch.bots.families.Family`` keep working).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import Action, Request, View


@runtime_checkable
class Bot(Protocol):
    """An automated player. ``act`` returns the action for ``request``
    knowing only ``view`` (the player's own view).

    The driver hands a bot its own copy of the request, which it may keep or
    change. A bot whose class sets ``reads_only = True`` promises to change
    neither argument and to return no part of them: it gets the request as
    the engine holds it, without the copy (docs/decisions/performance.md PD2)."""

    name: str

    def act(self, view: View, request: Request, rng: random.Random) -> Action: ...


#: game id -> bot name -> factory (a zero-argument callable making a Bot).
_REGISTRY: dict[str, dict[str, Callable[[], Bot]]] = {}


def register(game_id: str, name: str, factory: Callable[[], Bot]) -> None:
    """Make ``factory`` the bot ``name`` of ``game_id`` (a bot module calls this
    when imported; ``--bot-module`` files too)."""
    _REGISTRY.setdefault(game_id, {})[name] = factory


def registered(game_id: str) -> dict[str, Callable[[], Bot]]:
    """The bots registered for ``game_id`` so far (the registry's own table:
    ``mainmatch.bots`` adds the random bot to it)."""
    return _REGISTRY.setdefault(game_id, {})


@dataclass(frozen=True)
class Param:
    """One number of a family: its range and its default."""

    name: str
    low: float
    high: float
    default: float
    meaning: str
    #: whole numbers (dollars, chips) or a real number (a share, a chance)
    integer: bool = True

    def check(self, value: Any) -> str | None:
        ok_type = isinstance(value, int) if self.integer else isinstance(value, (int, float))
        if isinstance(value, bool) or not ok_type:
            kind = "a whole number" if self.integer else "a number"
            return f"{self.name}: must be {kind}, not {value!r}"
        if not self.low <= value <= self.high:
            return f"{self.name}: {value} is outside {self.low:g}..{self.high:g}"
        return None


@dataclass(frozen=True)
class Family:
    """A bot family of one game: a strategy idea whose habits are numbers
    (``mainmatch.bots.families`` says how they are tuned and saved)."""

    game: str
    name: str
    summary: str
    params: tuple[Param, ...]
    #: parameters (complete, checked) -> a new bot
    make: Callable[[dict[str, Any]], Bot]

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    def checked(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """``params`` completed with the defaults; one line on any fault."""
        known = {p.name: p for p in self.params}
        for name in params:
            if name not in known:
                raise MainmatchError(
                    f"family {self.name}: unknown parameter {name!r}; parameters: {', '.join(known)}"
                )
        out = {**self.defaults(), **params}
        for p in self.params:
            fault = p.check(out[p.name])
            if fault:
                raise MainmatchError(f"family {self.name}: {fault}")
        return out

    def bot(self, params: Mapping[str, Any] | None = None) -> Bot:
        return self.make(self.checked(params or {}))


_FAMILIES: dict[str, dict[str, Family]] = {}


def add_family(family: Family) -> Family:
    """Register ``family`` (and, as a plain bot, its default parameters)."""
    _FAMILIES.setdefault(family.game, {})[family.name] = family
    register(family.game, family.name, lambda: family.bot())
    return family


def registered_families(game_id: str) -> dict[str, Family]:
    """The families of ``game_id`` registered so far, by name (a copy)."""
    return dict(_FAMILIES.get(game_id, {}))
