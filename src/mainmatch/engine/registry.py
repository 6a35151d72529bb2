"""The game registry, fed by entry points.

A game is registered by the package that holds it, in its ``pyproject.toml``::

    [project.entry-points."mainmatch.games"]
    seat_exchange = "mainmatch.games.seat_exchange:GAME"

The entry point's name is the game id and its object an instance of
:class:`~mainmatch.engine.Game` whose ``id`` is that name; a third-party
package adds a game the same way, and bots through the ``mainmatch.bots``
group (read by :mod:`mainmatch.bots.base`). Games load on first use; the ids
are listed sorted, so a listing does not depend on the order of installs.

An installation whose metadata predates these entry points (an editable
install made before they were declared) has an empty group: the registry
then falls back to the games of the ``mainmatch.games`` package, found by
scanning its subpackages, which is what the entry points declare.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import partial
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any

from .errors import UnknownGame

if TYPE_CHECKING:  # imported with the first game loaded: listing ids needs no rules
    from .game import Game

GAMES_GROUP = "mainmatch.games"
BOTS_GROUP = "mainmatch.bots"
#: the package whose subpackages hold the built-in games (the fallback, see above)
BUILTIN_GAMES = "mainmatch.games"

#: game id -> how to load it, filled on first use
_sources: dict[str, Callable[[], Any]] | None = None
_loaded: dict[str, Game] = {}


def group(name: str) -> list[EntryPoint]:
    """The installed entry points of group ``name``, sorted by name."""
    return sorted(entry_points(group=name), key=lambda ep: ep.name)


def _builtin_sources() -> dict[str, Callable[[], Any]]:
    package = importlib.import_module(BUILTIN_GAMES)
    out: dict[str, Callable[[], Any]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            out[info.name] = partial(_game_of_module, f"{BUILTIN_GAMES}.{info.name}")
    return out


def _game_of_module(module: str) -> Any:
    return importlib.import_module(module).GAME


def _all_sources() -> dict[str, Callable[[], Any]]:
    global _sources
    if _sources is None:
        found = {ep.name: ep.load for ep in group(GAMES_GROUP)}
        _sources = found or _builtin_sources()
    return _sources


def game_ids() -> list[str]:
    """The ids of the registered games, sorted."""
    return sorted(_all_sources())


def get_game(game_id: str) -> Game:
    """The registered game ``game_id``; :class:`UnknownGame` names the known ids."""
    game = _loaded.get(game_id)
    if game is not None:
        return game
    source = _all_sources().get(game_id) if isinstance(game_id, str) else None
    if source is None:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(game_ids())}")
    game = source()
    from .game import Game

    if not isinstance(game, Game) or game.id != game_id:
        raise UnknownGame(
            f"the entry point {game_id!r} of {GAMES_GROUP!r} is not a Game with that id"
        )
    _loaded[game_id] = game
    return game


def all_games() -> list[Game]:
    """Every registered game, sorted by id."""
    return [get_game(g) for g in game_ids()]


def register_game(game: Game) -> None:
    """Add ``game`` at run time (tests, notebooks); entry points are the way for packages."""
    _all_sources()[game.id] = lambda: game
    _loaded.pop(game.id, None)


def reset() -> None:
    """Forget what was read and loaded (after installing a package, or in tests)."""
    global _sources
    _sources = None
    _loaded.clear()
