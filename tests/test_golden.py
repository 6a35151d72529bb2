"""Golden playthroughs: one seeded match per game, written out in full.

Regenerate after an intended behaviour change with
``MAINMATCH_UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mainmatch import games
from mainmatch.engine.golden import check_golden
from mainmatch.games.mvp.game import EXAMPLE_PLAYERS
from mainmatch.testing import golden_path as kit_golden_path

GOLDEN = Path(__file__).with_name("golden")
SEED = 7
#: The MVP's golden match was written with the spec's example ids before its
#: default ids became neutral ones; it keeps them, so the file stays as it was
PLAYERS = {"mvp": EXAMPLE_PLAYERS}


def golden_path(game) -> Path:
    """Where ``game``'s golden file lives: ``tests/golden/`` for the built-in
    games, the ``golden/`` folder of its own package for a game installed from
    outside (its package ships the file, docs/engine.md "Adding a game")."""
    if type(game).__module__.startswith("mainmatch."):
        return GOLDEN / f"{game.id}.txt"
    return kit_golden_path(game)


@pytest.mark.parametrize("game_id", games.ids())
def test_golden_playthrough(game_id: str, update_golden: bool) -> None:
    game = games.get(game_id)
    players = list(PLAYERS.get(game_id, game.default_players))
    check_golden(game, golden_path(game), seed=SEED, players=players, update=update_golden)
