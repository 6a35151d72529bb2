"""The registry of bots: a game's bots loaded on first use, the random bots.

A package declares the modules holding its bots as entry points of the
``mainmatch.bots`` group, named after the game (``seat_exchange =
"mainmatch.games.seat_exchange.bots"``); importing such a module registers its bots
with :func:`register`. They are imported on first use of that game's bots, with
the ``bots`` module of the game's own package (``mainmatch.games.mvp.bots`` for the
game ``mainmatch.games.mvp:GAME``) where no entry point names it. The bot protocol,
:func:`register` and the families' base live in the engine (``mainmatch.engine.bots``),
so that a game's bots import only the engine; they are re-exported here.
"""

from __future__ import annotations

import logging
import random
import warnings
from collections.abc import Callable
from importlib import import_module

from mainmatch.engine.bots import Bot, register, registered
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject, Request, View
from mainmatch.engine.registry import BOTS_GROUP, entry_of, group


class RandomBot:
    """Plays ``Game.random_action``: drawn by the driver from the engine,
    since a legal random action needs the rules, not the secrets. A game
    whose ``random_action`` reads a secret (``random_reads_secrets``) has
    the view-only ``random`` bot instead (``random_view.py``)."""

    name = "random"
    delegate_random = True

    def act(
        self, view: View, request: Request, rng: random.Random
    ) -> JSONObject:  # pragma: no cover - never called
        raise MainmatchError(
            "the random bot's actions are drawn by the driver with Game.random_action"
        )


__all__ = ["Bot", "RandomBot", "bot_names", "get_bot", "register"]

#: games whose bot modules have been imported (or found missing)
log = logging.getLogger("mainmatch.bots")
_IMPORTED: set[str] = set()


def _own_bots(game_id: str) -> str | None:
    """The ``bots`` module of the package ``game_id`` is installed from
    (``mainmatch.games.mvp:GAME`` -> ``mainmatch.games.mvp.bots``); ``None`` for a
    game registered at run time. Found without an entry point, so that installed
    metadata older than the module's place still finds it (docs/decisions/pkg.md PK2)."""
    entry = entry_of(game_id)
    return None if entry is None else f"{entry.partition(':')[0]}.bots"


def _bot_modules(game_id: str) -> list[tuple[str, Callable[[], object]]]:
    """The modules holding bots for ``game_id``: the ``mainmatch.bots`` entry points
    named after the game (their value is a module that calls :func:`register`), then
    the game package's own ``bots`` module if no entry point names it."""
    out = [(ep.value, ep.load) for ep in group(BOTS_GROUP) if ep.name == game_id]
    own = _own_bots(game_id)
    if own is not None and own not in {module for module, _ in out}:
        out.append((own, lambda: import_module(own)))
    return out


def _load(game_id: str) -> dict[str, Callable[[], Bot]]:
    # tracked apart from the registry: a user's module may register bots for a
    # game before its own bot module is imported, and that must not hide it
    if game_id not in _IMPORTED:
        for module, load in _bot_modules(game_id):
            try:
                load()
            except ModuleNotFoundError as exc:
                if exc.name != module:  # a game without bots of its own is fine
                    raise
            # a plugin's bot module that fails at import costs its own bots only
            # (issue 33, N2): the game keeps the random bot
            except Exception as exc:  # noqa: BLE001
                log.warning(
                    "the bots of %s (%s) cannot be loaded: %s: %s",
                    game_id,
                    module,
                    type(exc).__name__,
                    exc,
                )
        _IMPORTED.add(game_id)
        _register_shipped(game_id)
    bots = registered(game_id)
    bots.setdefault("random", _view_random(game_id) or RandomBot)
    return bots


def _register_shipped(game_id: str) -> None:
    """The learned file the game's package ships (``learned.py``), as a bot by its
    name; a broken file is left out with a warning (the game's other bots play on)."""
    from mainmatch.engine.registry import get_game

    from .learned import make_learned, shipped

    try:
        data = shipped(get_game(game_id))
    except (MainmatchError, ValueError) as exc:
        warnings.warn(f"{game_id}: shipped learned bot left out: {exc}", stacklevel=2)
        return
    if data is not None and data["name"] not in registered(game_id):
        register(game_id, data["name"], lambda: make_learned(data))


def _view_random(game_id: str) -> Callable[[], Bot] | None:
    """The game's view-only random bot, where its ``random_action`` reads a
    secret (``Game.random_reads_secrets``; ``random_view.py``); ``None``: the
    engine's draw is view-safe."""
    from mainmatch.engine.registry import get_game

    from .random_view import ViewRandomBot

    try:
        game = get_game(game_id)
    except MainmatchError:  # bots registered for a game that is not installed
        return None
    return (lambda: ViewRandomBot(game)) if game.random_reads_secrets else None


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
