"""The bot protocol and the registry of bots.

A package declares the modules holding its bots as entry points of the
``mainmatch.bots`` group, named after the game (``seat_exchange =
"mainmatch.bots.seat_exchange"``); importing such a module registers its bots
with :func:`register`. They are imported on first use of that game's bots.
"""

from __future__ import annotations

import logging
import random
import warnings
from collections.abc import Callable
from importlib import import_module
from typing import Protocol, runtime_checkable

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import Action, JSONObject, Request, View
from mainmatch.engine.registry import BOTS_GROUP, group


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


#: game id -> bot name -> factory (a zero-argument callable making a Bot).
_REGISTRY: dict[str, dict[str, Callable[[], Bot]]] = {}
#: games whose bot modules have been imported (or found missing)
log = logging.getLogger("mainmatch.bots")
_IMPORTED: set[str] = set()
#: where the built-in bots live when the installed metadata has no ``mainmatch.bots``
#: entry points (an editable install made before they were declared)
BUILTIN_BOTS = "mainmatch.bots"


def register(game_id: str, name: str, factory: Callable[[], Bot]) -> None:
    """Make ``factory`` the bot ``name`` of ``game_id`` (a bot module calls this
    when imported; ``--bot-module`` files too)."""
    _REGISTRY.setdefault(game_id, {})[name] = factory


def _bot_modules(game_id: str) -> list[tuple[str, Callable[[], object]]]:
    """The modules holding bots for ``game_id``: the ``mainmatch.bots`` entry points
    named after the game (their value is a module that calls :func:`register`)."""
    eps = group(BOTS_GROUP)
    if eps:
        return [(ep.value, ep.load) for ep in eps if ep.name == game_id]
    module = f"{BUILTIN_BOTS}.{game_id}"
    return [(module, lambda: import_module(module))]


def _load(game_id: str) -> dict[str, Callable[[], Bot]]:
    # tracked apart from _REGISTRY: a user's module may register bots for a
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
        # the game's bot families register themselves as bots too (``bots/families``);
        # imported by name: the families build on this module, not the other way round
        families = f"{BUILTIN_BOTS}.families.{game_id}"
        try:
            import_module(families)
        except ModuleNotFoundError as exc:
            if exc.name != families:  # a game without families is fine
                raise
        _register_shipped(game_id)
    bots = _REGISTRY.setdefault(game_id, {})
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
    if data is not None and data["name"] not in _REGISTRY.get(game_id, {}):
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
