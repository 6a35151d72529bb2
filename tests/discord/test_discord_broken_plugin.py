"""One installed plugin that raises at import: the Discord bot still starts
and hosts the other games, and does not offer the broken one
(issue 33, N2; the ``broken_plugin`` fixture is in tests/conftest.py)."""

from __future__ import annotations

import asyncio


def test_the_discord_bot_starts_and_hosts_the_other_games(sqlite_url, broken_plugin, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=1)
            match_id = await world.new("seat_exchange", humans=1)
            assert dx.host_view(bot, match_id)["status"] == "running"
            # the game choices offer the games that load
            new = next(c for c in bot.tree.get_commands() if c.name == "mm").get_command("new")
            game = next(p for p in new.parameters if p.name == "game")
            offered = {c.value for c in game.choices}
            assert "seat_exchange" in offered and "wreck" not in offered
            bot.database.dispose()

    asyncio.run(scenario())
