"""Submit with an empty draft never overwrites a stored submission (issue 26, L8).

A player who submitted on the web and then pressed Submit on Discord (with
nothing in the draft) had the web submission replaced by an empty action.
"""

from __future__ import annotations

import asyncio

from mainmatch.host.service import Access


def test_an_empty_draft_does_not_replace_a_web_submission(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=1)
            ann1 = world.members[0]
            match_id = await world.new("seat_exchange", humans=1, early=False)
            action = {"garnets": 0, "trades": [{"players": ["bot1", "bot2"], "amount": 7}]}
            bot.service.submit(Access(match_id, "player", "ann1"), action, 1)  # on the web
            prompt = world.prompt(ann1, match_id, 1)
            answers = await world.act(ann1, prompt, [("submit",)])
            assert answers[0].startswith("Nothing changed: your draft is empty"), answers
            ov = bot.service.overview(Access(match_id, "player", "ann1"))
            assert ov["submission"]["action"] == action
            # Withdraw, then Submit: the empty action is what the player asked for
            r = await ann1.user.click(prompt, label="Withdraw")
            assert "withdrawn" in r.response.content
            answers = await world.act(ann1, prompt, [("submit",)])
            assert answers[0].startswith("Stored for step 1"), answers
            ov = bot.service.overview(Access(match_id, "player", "ann1"))
            assert not ov["submission"]["action"].get("trades")
            bot.database.dispose()

    asyncio.run(scenario())
