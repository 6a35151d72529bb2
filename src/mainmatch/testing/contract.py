"""The engine contract's checks on one game, in one call (docs/engine.md
"Testing your game").

:func:`check_game` runs every check of :mod:`mainmatch.engine.contract` at
every player count the game takes (random play never crashes nor loops, random
and default actions are legal and within the step descriptions' bounds, views,
requests and results fit the declared types, no view holds another player's
secret, actions fit their schemas, a record replays to the same result) and
compares the golden playthrough when the game's package ships one
(``golden/<id>.txt`` beside its module). A broken rule fails the calling test
with an ``AssertionError`` that names the game, the seed and the rule::

    from mainmatch.testing import check_game

    def test_my_game_keeps_the_contract():
        check_game("sealed_bid")
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path

from mainmatch.engine import contract, golden
from mainmatch.engine.game import Game, State
from mainmatch.engine.registry import get_game

__all__ = ["check_game", "game_of", "golden_path"]

#: set to 1 to rewrite the golden file instead of comparing (then review the diff)
UPDATE_ENV = "MAINMATCH_UPDATE_GOLDEN"


def game_of(game: Game[State] | str) -> Game[State]:
    """``game`` itself, or the registered game of that id (installed through
    its entry point, or added with ``registry.register_game``)."""
    return get_game(game) if isinstance(game, str) else game


def golden_path(game: Game[State] | str) -> Path:
    """Where the golden playthrough of ``game`` lives in its package:
    ``golden/<id>.txt`` beside the module that defines its class (the package
    ships it as package data, docs/engine.md "Golden file")."""
    g = game_of(game)
    module = sys.modules[type(g).__module__]
    return Path(str(module.__file__)).parent / "golden" / f"{g.id}.txt"


def check_game(
    game: Game[State] | str,
    *,
    seeds: Iterable[int] = range(6),
    golden_file: Path | None = None,
    golden_seed: int = 7,
    update: bool | None = None,
) -> None:
    """Every contract check on ``game`` (a ``Game`` or a registered game id),
    at every player count of its range, over ``seeds``; then its golden file
    (``golden_file``, by default :func:`golden_path`) when that exists, played
    at ``golden_seed`` with the game's ``default_players``. ``update`` (default:
    the environment's ``MAINMATCH_UPDATE_GOLDEN=1``) rewrites the file instead.

    The checks replay records through the registry, so ``game`` must be the
    game registered under its id (engine spec "The match record")."""
    g = game_of(game)
    registered = get_game(g.id)
    if registered is not g:
        raise AssertionError(
            f"{g.id}: the game checked is not the one registered under its id "
            "(install the package, or registry.register_game(game) first)"
        )
    contract.check_game(g, seeds=seeds)
    path = golden_file if golden_file is not None else golden_path(g)
    if update is None:
        update = os.environ.get(UPDATE_ENV) == "1"
    if path.exists() or update:
        golden.check_golden(g, path, seed=golden_seed, update=update)
