"""The games: ``mainmatch.games.get("seat_exchange")``.

Each game lives in its own subpackage exposing ``GAME``, an instance of
:class:`mainmatch.engine.Game`, and is registered by an entry point of the
``mainmatch.games`` group in ``pyproject.toml`` (:mod:`mainmatch.engine.registry`).
These names are the registry's, kept here for the code and the README that use them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mainmatch.engine.registry import (
    GameUnavailable,
    all_games,
    broken_games,
    entry_of,
    failures,
    game_ids,
    get_game,
)

from .cards import BUILTIN_ENTRY, CARDS, Card

if TYPE_CHECKING:
    from mainmatch.engine.game import Game

get = get_game
ids = game_ids


def listing() -> tuple[list[Card | Game[Any]], dict[str, str]]:
    """The registered games as ``mainmatch games`` lists them (sorted by id),
    and the ones that cannot be loaded, with why.

    A game shipped with mainmatch (installed under the entry point
    ``pyproject.toml`` declares for it) is listed from its card
    (``cards.py``), without loading its rules; any other game is loaded, so
    that a plugin that fails at import is named with why (issue 33, N2;
    decision SRV3)."""
    shown: list[Card | Game[Any]] = []
    for gid in game_ids():
        card = CARDS.get(gid)
        if card is not None and entry_of(gid) == BUILTIN_ENTRY.format(id=gid):
            shown.append(card)
            continue
        try:
            shown.append(get_game(gid))
        except GameUnavailable:
            continue
    listed = {g.id for g in shown}
    return shown, {g: why for g, why in failures().items() if g not in listed}


__all__ = ["Card", "all_games", "broken_games", "game_ids", "get", "get_game", "ids", "listing"]
