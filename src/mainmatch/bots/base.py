"""The bot protocol and the registry of bots."""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module
from typing import Protocol, runtime_checkable

from mainmatch.engine.errors import MainmatchError


@runtime_checkable
class Bot(Protocol):
    """An automated player. ``act`` returns the action for ``request``
    knowing only ``view`` (the player's own view)."""

    name: str

    def act(self, view: dict, request: dict, rng: random.Random) -> dict: ...


class RandomBot:
    """Plays ``Game.random_action``: drawn by the driver from the engine,
    since a legal random action needs the rules, not the secrets."""

    name = "random"
    delegate_random = True

    def act(
        self, view: dict, request: dict, rng: random.Random
    ) -> dict:  # pragma: no cover - never called
        raise MainmatchError(
            "the random bot's actions are drawn by the driver with Game.random_action"
        )


#: game id -> bot name -> factory (a zero-argument callable making a Bot).
_REGISTRY: dict[str, dict[str, Callable[[], Bot]]] = {}
#: bot modules imported on first use of a game's bots.
_MODULES = {
    "amalgamation": "mainmatch.bots.amalgamation",
    "seat_exchange": "mainmatch.bots.seat_exchange",
    "homeostasis": "mainmatch.bots.homeostasis",
    "mvp": "mainmatch.bots.mvp",
    "second_to_won": "mainmatch.bots.second_to_won",
}


def register(game_id: str, name: str, factory: Callable[[], Bot]) -> None:
    _REGISTRY.setdefault(game_id, {})[name] = factory


#: games whose bot module has been imported (or found missing)
_IMPORTED: set[str] = set()


def _load(game_id: str) -> dict[str, Callable[[], Bot]]:
    # tracked apart from _REGISTRY: a user's module may register bots for a
    # game before its own bot module is imported, and that must not hide it
    if game_id not in _IMPORTED and game_id in _MODULES:
        try:
            import_module(_MODULES[game_id])
        except ModuleNotFoundError as exc:
            if exc.name != _MODULES[game_id]:
                raise
        _IMPORTED.add(game_id)
        from .families import families  # registers each family as a bot too

        families(game_id)
    bots = _REGISTRY.setdefault(game_id, {})
    bots.setdefault("random", RandomBot)
    return bots


def bot_names(game_id: str) -> list[str]:
    """Names of the bots that can play ``game_id`` (``random`` first)."""
    bots = _load(game_id)
    return ["random"] + sorted(n for n in bots if n != "random")


def get_bot(game_id: str, name: str) -> Bot:
    """A new bot ``name`` for ``game_id``; the error lists the known names."""
    bots = _load(game_id)
    if name not in bots:
        raise MainmatchError(
            f"no bot {name!r} for {game_id}; bots: {', '.join(bot_names(game_id))}"
        )
    return bots[name]()
