"""``/mm new`` for a game with a range of players (``RangeBid``: 3 to 5): bots
fill the seats up to the fewest, or up to the count the host asks (``seats``);
a count outside the range is refused in the game's words and nothing starts.
It is played through the form its action model alone gives (no step
description of its own, no JSON box)."""

from __future__ import annotations

import asyncio
import random


def test_mm_new_takes_any_count_of_the_range(sqlite_url, dx, range_game):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=6)
            # one member named: bots up to the fewest (3)
            match_id = await world.new("rangebid", humans=1)
            players = bot.service.record(match_id)["config"]["players"]
            assert players == ["ann1", "bot1", "bot2"]
            # the most, asked for: 5 seats, 2 members and 3 bots
            five = await world.new("rangebid", humans=2, seats=5)
            players = bot.service.record(five)["config"]["players"]
            assert players == ["ann1", "ann2", "bot1", "bot2", "bot3"]

            async def refused(humans: int, **options) -> str:
                mentions = " ".join(m.mention for m in world.members[:humans])
                r = await world.host.slash(
                    world.lobby,
                    "mm new",
                    game="rangebid",
                    players=mentions,
                    deadlines=dx.manual("rangebid"),
                    **options,
                )
                return dx.said(r)

            before = len(bot.store.guild_matches(world.guild.id))
            assert await refused(1, seats=6) == (
                "No match started: Range Bid takes 3 to 5 players, not 6"
            )
            assert await refused(1, seats=2) == (
                "No match started: Range Bid takes 3 to 5 players, not 2"
            )
            assert await refused(6) == "No match started: Range Bid takes 3 to 5 players, not 6"
            assert await refused(4, seats=3) == (
                "No match started: 4 players named for 3 seats; name at most 3"
            )
            assert len(bot.store.guild_matches(world.guild.id)) == before

            # the first match played to its end through its generic form
            ann1 = world.members[0]
            action = world.intended(match_id, "ann1", random.Random(1))
            prompt = world.prompt(ann1, match_id, 1)
            assert prompt is not None
            form_moves = dx.moves(bot, match_id, "ann1", action)
            assert all(m[0] != "part" or m[1] != "json" for m in form_moves), form_moves
            await world.act(ann1, prompt, form_moves)
            await bot.pump_after()
            record = bot.service.record(match_id)
            assert record["steps"][0]["actions"]["ann1"] == action
            assert dx.host_view(bot, match_id)["status"] == "over"

    asyncio.run(scenario())
