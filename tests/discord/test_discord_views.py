"""What a player reads of their match, whole, during and after it (issue 26).

``/mm view`` and "My view" sent only the first 2,000-character chunk (once
The Amalgamation's public view passed that, the title alone); after the end
``/mm view`` said "You play no running match" and ``/mm export`` without
``match:`` that no match was running.
"""

from __future__ import annotations

import asyncio
import json


def _parts(r) -> list[str]:
    out = [r.response.content] if r.response else []
    return out + [f.content for f in r.followups]


def test_long_views_are_sent_whole_and_the_end_stays_readable(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=1)
            ann1 = world.members[0]
            match_id = await world.new("amalgamation", humans=1, early=False)
            for step in range(1, 5):
                r = await world.host.slash(world.lobby, "mm resolve", match=match_id)
                assert dx.said(r) == f"Step {step} resolved.", dx.said(r)
            await bot.pump()
            r = await ann1.slash(world.lobby, "mm view")
            parts = _parts(r)
            whole = "\n\n".join(parts)
            assert len(parts) >= 2 and all(len(p) <= 2000 for p in parts), [len(p) for p in parts]
            assert r.ephemeral and "**Kong's Dilemma**" in whole and "**You (ann1" in whole
            assert "**Waiting for:**" in parts[-1]
            # "My view" on the request: the same, whole
            prompt = world.prompt(ann1, match_id, 5)
            clicked = await ann1.user.click(prompt, label="My view")
            mine = _parts(clicked)
            assert len(mine) >= 2 and "**Waiting for:**" in mine[-1]

            # the end (the host resolves every step; ann1 keeps her seat: a seat given to
            # a bot drops its member, tests/discord/test_discord_attack3.py): the final
            # state and the record stay reachable
            for _ in range(40):
                if dx.host_view(bot, match_id)["status"] == "over":
                    break
                await world.host.slash(world.lobby, "mm resolve", match=match_id)
            assert dx.host_view(bot, match_id)["status"] == "over"
            await bot.pump()
            r = await ann1.slash(world.lobby, "mm view")
            whole = "\n\n".join(_parts(r))
            assert "nobody: the match is over" in whole, whole[:300]
            r = await world.host.slash(world.lobby, "mm export")
            got = r.response.attachments if r.response else []
            assert r.response.content == f"The record of match {match_id}.", r.response.content
            assert got and json.loads(await got[0].read())["game"] == "amalgamation"
            bot.database.dispose()

    asyncio.run(scenario())
