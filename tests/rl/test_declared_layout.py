"""The observation's layout against the games' declared types (rl/declared.py):
every laid-out field is a declared leaf of its kind, and what random play left
out is named."""

from __future__ import annotations

import pytest

from mainmatch import games, rl
from mainmatch.rl.declared import declared_leaves, faults, unreached, unseen_words
from mainmatch.rl.layout import Layout


@pytest.mark.parametrize("game_id", games.ids())
def test_every_laid_out_field_is_declared_of_its_kind(game_id: str) -> None:
    game = games.get(game_id)
    layout = rl.spec(game_id).layout
    assert declared_leaves(game), "every game declares its view and requests"
    assert faults(game, layout) == []


def test_an_undeclared_or_mistyped_field_is_a_fault() -> None:
    game = games.get("amalgamation")
    layout = Layout()
    layout.add("view.balances.@0#n", 1, "number / 400")
    layout.add("view.final.kong_winner#s", 2, "one of red, white")
    assert faults(game, layout) == []
    layout.add("view.hint#n", 1, "number / 1")
    layout.add("view.balances.@1#p", 6, "player one-hot, seat-relative")
    layout.add("view.teams.red[0]#s", 1, "one of blue")
    assert faults(game, layout) == [
        "view.hint#n: not declared",
        "view.balances.@1#p: declared as ['number']",
        "view.teams.red[0]#s: declared as ['player']",
    ]


def test_what_random_play_leaves_out_is_named() -> None:
    """The Amalgamation's random play never lets team white win Kong's Dilemma in
    the layout's three matches: the one-hot is declared for both teams."""
    game = games.get("amalgamation")
    layout = rl.spec("amalgamation").layout
    assert "view.final.kong_winner: white" in unseen_words(game, layout)
    assert "view.variant.*" in unreached(game, layout)
