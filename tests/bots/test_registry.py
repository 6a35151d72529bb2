"""The bot registry: names per game, random everywhere, clear errors."""

from __future__ import annotations

import pytest

from mainmatch import games
from mainmatch.bots import RandomBot, base, bot_names, get_bot, register
from mainmatch.engine import bots as engine_bots
from mainmatch.engine.errors import MainmatchError


def test_random_is_listed_first_for_every_game() -> None:
    for game_id in ("seat_exchange", "amalgamation", "homeostasis", "mvp", "second_to_won"):
        names = bot_names(game_id)
        assert names[0] == "random"
        # where the engine's random_action reads a secret, the random bot is view-only
        assert (
            isinstance(get_bot(game_id, "random"), RandomBot)
            != games.get(game_id).random_reads_secrets
        )


def test_seat_exchange_has_its_strategy_bot() -> None:
    assert "strategy" in bot_names("seat_exchange")
    bot = get_bot("seat_exchange", "strategy")
    assert bot.name == "strategy" and callable(bot.act)
    assert (
        get_bot("seat_exchange", "strategy") is not bot
    )  # a new bot per call: no state shared between matches


def test_unknown_bot_error_lists_the_names() -> None:
    with pytest.raises(
        MainmatchError, match=r"^no bot 'genius' for seat_exchange; bots: random, .*strategy"
    ) as err:
        get_bot("seat_exchange", "genius")
    assert str(err.value).endswith(", ".join(bot_names("seat_exchange")))


def test_a_bot_registered_before_the_games_module_loads_does_not_hide_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a user's module may register bots for a game first; the game's own bots must still load
    monkeypatch.setattr(engine_bots, "_REGISTRY", {})
    monkeypatch.setattr(base, "_IMPORTED", set())
    import sys

    for name in [m for m in sys.modules if m.startswith("mainmatch.games.seat_exchange.bots")]:
        monkeypatch.delitem(sys.modules, name)
    register("seat_exchange", "mine", RandomBot)
    assert {"mine", "strategy", "random"} <= set(bot_names("seat_exchange"))
