"""The games: ``mainmatch.games.get("seat_exchange")``.

Each game lives in its own subpackage exposing ``GAME``, an instance of
:class:`mainmatch.engine.Game`, and is registered by an entry point of the
``mainmatch.games`` group in ``pyproject.toml`` (:mod:`mainmatch.engine.registry`).
These names are the registry's, kept here for the code and the README that use them.
"""

from __future__ import annotations

from mainmatch.engine.registry import all_games, broken_games, game_ids, get_game

get = get_game
ids = game_ids

__all__ = ["all_games", "broken_games", "game_ids", "get", "get_game", "ids"]
