"""Parameterised bot families: one strategy idea, its numbers left open.

A family is a bot whose habits are numbers (what it spends per round, when it
trades, its target): ``mainmatch search`` tunes them with optuna to find plans
that win far more than their share. Every family is also registered as a
plain bot (its name, default parameters), so ``--bots saver`` plays it.

A *tuned bot* is a family with chosen parameters, saved as a JSON file
(``{"format": "mainmatch-bot/1", "game", "family", "params", "name"}``) that
``simulate --bot-params FILE`` loads; the file's ``name`` is then a bot name
for ``--bots``. Like every bot, a family sees only its player's view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mainmatch.bots.base import Bot, bot_names, register
from mainmatch.engine.errors import MainmatchError

BOT_FORMAT = "mainmatch-bot/1"


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
    """A bot family of one game."""

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


def families(game_id: str) -> dict[str, Family]:
    """The families of ``game_id`` by name (possibly none): ``families/<game_id>.py``,
    imported with the game's bots."""
    bot_names(game_id)
    return dict(_FAMILIES.get(game_id, {}))


def get_family(game_id: str, name: str) -> Family:
    found = families(game_id)
    if name not in found:
        listed = ", ".join(found) or "none yet"
        raise MainmatchError(f"no bot family {name!r} for {game_id}; families: {listed}")
    return found[name]


def tuned_bot_file(game_id: str, family: str, params: Mapping[str, Any], name: str) -> dict:
    """The JSON of a tuned bot, for ``simulate --bot-params``."""
    return {
        "format": BOT_FORMAT,
        "game": game_id,
        "family": family,
        "name": name,
        "params": dict(params),
    }


def read_tuned_bot(data: Any, where: str) -> tuple[str, str, str, dict[str, Any]]:
    """``(game, family, name, params)`` of a tuned bot file's JSON, checked."""
    if not isinstance(data, dict) or data.get("format") != BOT_FORMAT:
        raise MainmatchError(f'{where}: not a tuned bot file (needs "format": "{BOT_FORMAT}")')
    for key, kind in (("game", str), ("family", str), ("name", str), ("params", dict)):
        if not isinstance(data.get(key), kind):
            raise MainmatchError(f"{where}: {key!r} must be a {kind.__name__}")
    name = data["name"]
    if not name or "," in name or name.strip() != name:
        raise MainmatchError(f"{where}: name must be a bot name without commas or spaces")
    family = get_family(data["game"], data["family"])
    return data["game"], data["family"], name, family.checked(data["params"])
