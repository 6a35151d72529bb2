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

An installed game that fails to load (its package raises at import, or its
entry point is not a Game with its id) costs only itself (issue 33, N2):
:func:`get_game` raises :class:`GameUnavailable` saying why in words, the
failure is remembered until :func:`reset` (an import is not retried at every
listing), :func:`all_games` lists the games that load and
:func:`broken_games` the others with why.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from collections.abc import Callable
from functools import partial
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING

from .errors import UnknownGame

if TYPE_CHECKING:  # imported with the first game loaded: listing ids needs no rules
    from .game import Game, State

log = logging.getLogger("mainmatch.registry")

GAMES_GROUP = "mainmatch.games"
BOTS_GROUP = "mainmatch.bots"
#: the package whose subpackages hold the built-in games (the fallback, see above)
BUILTIN_GAMES = "mainmatch.games"

#: game id -> how to load it, filled on first use
#: (an entry point's load: anything, checked to be a Game when loaded)
_sources: dict[str, Callable[[], object]] | None = None
_loaded: dict[str, Game[State]] = {}
#: game id -> why it cannot be loaded (in words), for the installed games that fail
_broken: dict[str, str] = {}
#: game id -> the entry point it was installed under (``package:GAME``), filled with ``_sources``
_entries: dict[str, str] = {}


class GameUnavailable(UnknownGame):
    """An installed game that cannot be loaded: its package failed at import,
    or its entry point is not a Game with that id. The message says why."""


def group(name: str) -> list[EntryPoint]:
    """The installed entry points of group ``name``, sorted by name."""
    return sorted(entry_points(group=name), key=lambda ep: ep.name)


def _builtin_sources() -> dict[str, Callable[[], object]]:
    package = importlib.import_module(BUILTIN_GAMES)
    out: dict[str, Callable[[], object]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            out[info.name] = partial(_game_of_module, f"{BUILTIN_GAMES}.{info.name}")
            _entries[info.name] = f"{BUILTIN_GAMES}.{info.name}:GAME"
    return out


def _game_of_module(module: str) -> object:
    game: object = importlib.import_module(module).GAME
    return game


def _all_sources() -> dict[str, Callable[[], object]]:
    global _sources
    if _sources is None:
        installed = group(GAMES_GROUP)
        _entries.update({ep.name: ep.value for ep in installed})
        found = {ep.name: ep.load for ep in installed}
        _sources = found or _builtin_sources()
    return _sources


def entry_of(game_id: str) -> str | None:
    """The entry point (``package:GAME``) game ``game_id`` is installed under,
    without loading it; ``None`` for a game registered at run time."""
    _all_sources()
    return _entries.get(game_id)


def failures() -> dict[str, str]:
    """The games found broken so far (id -> why, sorted by id), loading none:
    :func:`broken_games` loads every game first."""
    return {g: _broken[g] for g in sorted(_broken)}


def game_ids() -> list[str]:
    """The ids of the registered games, sorted."""
    return sorted(_all_sources())


def get_game(game_id: str) -> Game[State]:
    """The registered game ``game_id``; :class:`UnknownGame` names the known ids,
    :class:`GameUnavailable` says why an installed one cannot be loaded."""
    game = _loaded.get(game_id)
    if game is not None:
        return game
    source = _all_sources().get(game_id) if isinstance(game_id, str) else None
    if source is None:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(game_ids())}")
    if game_id not in _broken:
        try:
            loaded = source()
        # a plugin's import may raise anything; it costs that game only
        except Exception as exc:  # noqa: BLE001
            detail = " ".join(str(exc).split())[:200]
            _broken[game_id] = f"its package failed at import ({type(exc).__name__}: {detail})"
            log.warning("the game %r cannot be loaded: %s", game_id, _broken[game_id])
        else:
            from .game import Game

            if isinstance(loaded, Game) and loaded.id == game_id:
                _loaded[game_id] = loaded
                return loaded
            _broken[game_id] = (
                f"the entry point {game_id!r} of {GAMES_GROUP!r} is not a Game with that id"
            )
    raise GameUnavailable(f"the game {game_id!r} cannot be loaded: {_broken[game_id]}")


def all_games() -> list[Game[State]]:
    """Every registered game that loads, sorted by id (see :func:`broken_games`)."""
    out = []
    for g in game_ids():
        try:
            out.append(get_game(g))
        except GameUnavailable:
            continue
    return out


def broken_games() -> dict[str, str]:
    """The registered games that cannot be loaded: id -> why, in words, sorted by id."""
    all_games()
    return {g: _broken[g] for g in game_ids() if g in _broken}


def register_game(game: Game[State]) -> None:
    """Add ``game`` at run time (tests, notebooks); entry points are the way for packages."""
    _all_sources()[game.id] = lambda: game
    _entries.pop(game.id, None)
    _loaded.pop(game.id, None)
    _broken.pop(game.id, None)


def reset() -> None:
    """Forget what was read and loaded (after installing a package, or in tests)."""
    global _sources
    _sources = None
    _entries.clear()
    _loaded.clear()
    _broken.clear()
