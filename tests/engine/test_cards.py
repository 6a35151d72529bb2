"""The built-in games' cards (``mainmatch/games/cards.py``) say what their
games say, and ``mainmatch games`` lists them without loading their rules
(decision SRV3 in docs/decisions/server.md)."""

from __future__ import annotations

import subprocess
import sys

from mainmatch import games
from mainmatch.engine import registry
from mainmatch.games.cards import BUILTIN_ENTRY, CARDS


def test_each_card_matches_its_game() -> None:
    for gid, card in CARDS.items():
        game = games.get(gid)
        assert (card.id, card.title, card.pitch) == (game.id, game.title, game.pitch)
        assert card.players == game.players_range()
        assert card.players_text() == game.players_text()
        assert registry.entry_of(gid) == BUILTIN_ENTRY.format(id=gid)


def test_every_builtin_game_has_a_card() -> None:
    builtin = [g for g in games.ids() if registry.entry_of(g) == BUILTIN_ENTRY.format(id=g)]
    assert builtin and sorted(CARDS) == sorted(builtin)


def test_a_game_registered_at_run_time_is_loaded_not_carded() -> None:
    game = games.get("mvp")
    registry.register_game(game)
    try:
        assert registry.entry_of("mvp") is None
        shown, _ = games.listing()
        assert next(g for g in shown if g.id == "mvp") is game
    finally:
        registry.reset()


PROBE = """
import sys, io, contextlib
from mainmatch.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    main(["games"])
rules = sorted(m for m in sys.modules if m.startswith("mainmatch.games.") and m != "mainmatch.games.cards")
print(rules, "The MVP" in out.getvalue())
"""


def test_listing_loads_no_builtin_rules() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip().splitlines()[-1] == "[] True"
