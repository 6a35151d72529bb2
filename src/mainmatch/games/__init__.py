"""The game registry: ``mainmatch.games.get("seat_exchange")``.

Each game lives in its own subpackage exposing ``GAME``, an instance of
:class:`mainmatch.engine.Game`. Games are imported on first use.
"""

from __future__ import annotations

from importlib import import_module

from mainmatch.engine.errors import UnknownGame
from mainmatch.engine.game import Game

#: game id -> module holding ``GAME``, in the order ``mainmatch games`` lists them.
MODULES: dict[str, str] = {
    "amalgamation": "mainmatch.games.amalgamation",
    "seat_exchange": "mainmatch.games.seat_exchange",
    "homeostasis": "mainmatch.games.homeostasis",
    "mvp": "mainmatch.games.mvp",
    "second_to_won": "mainmatch.games.second_to_won",
}

_loaded: dict[str, Game] = {}


def get(game_id: str) -> Game:
    """The registered game ``game_id``; :class:`UnknownGame` names the known ids."""
    game = _loaded.get(game_id)
    if game is not None:
        return game
    module = MODULES.get(game_id) if isinstance(game_id, str) else None
    if module is None:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(ids())}")
    game = import_module(module).GAME
    _loaded[game_id] = game
    return game


def ids() -> list[str]:
    return list(MODULES)


def all_games() -> list[Game]:
    return [get(g) for g in MODULES]
