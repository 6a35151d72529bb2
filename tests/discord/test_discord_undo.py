"""A step opened again by an undo (issue 26).

It used to keep each player's Discord draft (so "Trade" added to the old
trades) and, with early resolution, the first player to touch it resolved it
again with everyone else's old actions while the notice said "it is open
again". Now the reopened step starts from empty drafts, the kept
submissions stand at the deadline, and the step resolves early only once
every person pending has submitted again (docs/decisions/discord.md SB5).
"""

from __future__ import annotations

import asyncio


def test_an_undone_step_starts_fresh_and_waits_for_everyone(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            ann1, ann2 = world.members
            match_id = await world.new("seat_exchange", humans=2, early=True)
            trade = ("part", "x-trades", {"players.1": "bot1", "players.2": "bot2", "amount": "12"})
            await world.act(ann1, world.prompt(ann1, match_id, 1), [trade, ("submit",)])
            await world.act(ann2, world.prompt(ann2, match_id, 1), [("submit",)])
            assert dx.host_view(bot, match_id)["steps_applied"] == 1  # resolved early

            r = await world.host.slash(world.lobby, "mm undo", step=1, match=match_id)
            assert dx.said(r) == "Step 1 taken back.", dx.said(r)
            await bot.pump()
            ov = dx.host_view(bot, match_id)
            assert ov["steps_applied"] == 0
            assert ov["pending_status"]["ann1"] == "kept from before the undo"
            prompt = world.prompt(ann1, match_id, 1)
            assert "Kept from before the undo" in dx.text_of(prompt)
            # the draft starts empty: a new trade is the only one
            other = ("part", "x-trades", {"players.1": "bot3", "players.2": "bot4", "amount": "5"})
            answers = await world.act(ann1, prompt, [other])
            assert "$5 for a trade between bot3 and bot4" in answers[0], answers
            assert "$12" not in answers[0], answers

            # ann2 submits again: ann1's kept action is not a fresh one, so no resolution
            await world.act(ann2, world.prompt(ann2, match_id, 1), [("submit",)])
            ov = dx.host_view(bot, match_id)
            assert ov["steps_applied"] == 0 and ov["pending_status"]["ann2"] == "submitted"
            # once ann1 submits too, it resolves
            answers = await world.act(ann1, prompt, [("submit",)])
            assert "The step resolved" in answers[0], answers
            record = bot.service.record(match_id)
            assert record["steps"][0]["actions"]["ann1"]["trades"] == [
                {"players": ["bot3", "bot4"], "amount": 5}
            ]
            bot.database.dispose()

    asyncio.run(scenario())
