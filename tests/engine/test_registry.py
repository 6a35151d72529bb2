"""The game and bot registries read entry points (a third-party package adds a
game or a bot with one), and fall back to the built-in packages when the
installed metadata predates them."""

from __future__ import annotations

import sys
import textwrap
from importlib.metadata import EntryPoint

import pytest

from mainmatch import games
from mainmatch.bots import base as bots_base
from mainmatch.bots import bot_names, get_bot
from mainmatch.engine import bots as engine_bots
from mainmatch.engine import registry
from mainmatch.engine.errors import UnknownGame

BUILTIN = ["amalgamation", "homeostasis", "mvp", "second_to_won", "seat_exchange"]


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch):
    """Registries that forget what they read, and entry points we choose."""
    chosen: dict[str, list[EntryPoint]] = {}
    monkeypatch.setattr(registry, "entry_points", lambda group: chosen.get(group, []))
    monkeypatch.setattr(engine_bots, "_REGISTRY", {})
    monkeypatch.setattr(bots_base, "_IMPORTED", set())
    registry.reset()
    before = set(sys.modules)
    yield chosen
    registry.reset()
    # a bots module first imported here registered into the throwaway registry:
    # forgotten, the next use imports it again into the real one
    for name in set(sys.modules) - before:
        if name.startswith("mainmatch.bots.") or is_game_bots(name):
            del sys.modules[name]


def is_game_bots(module: str) -> bool:
    """A module of a built-in game's bots (``mainmatch.games.<id>.bots...``)."""
    parts = module.split(".")
    return parts[:2] == ["mainmatch", "games"] and parts[3:4] == ["bots"]


def test_without_entry_points_the_builtin_games_are_found(fresh, monkeypatch) -> None:
    # imported afresh, so that importing it registers its bots again
    for name in [m for m in sys.modules if m.startswith("mainmatch.games.mvp.bots")]:
        monkeypatch.delitem(sys.modules, name)
    assert games.ids() == sorted(BUILTIN)
    assert [g.id for g in games.all_games()] == sorted(BUILTIN)
    assert "strategy" in bot_names("mvp")


def test_bots_found_in_the_games_package_when_the_entry_point_is_out_of_date(
    fresh, monkeypatch
) -> None:
    # installed metadata from before the bots moved into the game's package
    # (docs/decisions/pkg.md PK2): the old module is gone, the game's own ``bots`` is read
    for name in [m for m in sys.modules if m.startswith("mainmatch.games.mvp.bots")]:
        monkeypatch.delitem(sys.modules, name)
    fresh["mainmatch.games"] = [EntryPoint("mvp", "mainmatch.games.mvp:GAME", "mainmatch.games")]
    fresh["mainmatch.bots"] = [EntryPoint("mvp", "mainmatch.bots.mvp", "mainmatch.bots")]
    assert bot_names("mvp") == ["random", "chaser", "strategist", "strategy"]


def test_a_third_party_game_and_bot_come_from_entry_points(fresh, tmp_path, monkeypatch) -> None:
    pkg = tmp_path / "coinflip_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        textwrap.dedent(
            """
            from mainmatch.games.seat_exchange.game import SeatExchange

            class Coinflip(SeatExchange):
                id = "coinflip"

            GAME = Coinflip()
            """
        )
    )
    (pkg / "bots.py").write_text(
        textwrap.dedent(
            """
            from mainmatch.bots import RandomBot, register

            class Lucky(RandomBot):
                name = "lucky"

            register("coinflip", "lucky", Lucky)
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    fresh["mainmatch.games"] = [
        EntryPoint("coinflip", "coinflip_pkg:GAME", "mainmatch.games"),
        EntryPoint("mvp", "mainmatch.games.mvp:GAME", "mainmatch.games"),
    ]
    fresh["mainmatch.bots"] = [EntryPoint("coinflip", "coinflip_pkg.bots", "mainmatch.bots")]
    try:
        assert games.ids() == ["coinflip", "mvp"]
        assert games.get("coinflip").id == "coinflip"
        assert bot_names("coinflip") == ["random", "lucky"]
        assert get_bot("coinflip", "lucky").name == "lucky"
        # the entry points are all there is: no scan of the package behind them
        with pytest.raises(UnknownGame, match=r"unknown game 'homeostasis'; games: coinflip, mvp"):
            games.get("homeostasis")
    finally:
        sys.modules.pop("coinflip_pkg", None)
        sys.modules.pop("coinflip_pkg.bots", None)


def test_an_entry_point_that_is_not_that_game_is_refused(fresh) -> None:
    fresh["mainmatch.games"] = [EntryPoint("chess", "mainmatch.games.mvp:GAME", "mainmatch.games")]
    with pytest.raises(
        UnknownGame, match="'chess' of 'mainmatch.games' is not a Game with that id"
    ):
        games.get("chess")


def test_unknown_game_names_the_known_ones(fresh) -> None:
    with pytest.raises(UnknownGame, match="unknown game 'chess'; games: amalgamation, homeostasis"):
        games.get("chess")
