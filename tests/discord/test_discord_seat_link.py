"""Issue #26, M3: a seat given to another member gets a new web link; the
replaced member's ``/play/TOKEN`` opens nothing any more."""

from __future__ import annotations

import asyncio

from mainmatch.host.service import Access


def test_a_seat_moved_to_another_member_gets_a_new_web_link(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=3, web_base="https://mm.example")
            ann3 = world.members[2]
            match_id = await world.new("seat_exchange", humans=2)
            links = bot.service.overview(Access(match_id, "host"))["links"]["players"]
            old = links["ann2"]
            assert bot.service.access_of(old) == Access(match_id, "player", "ann2")
            r = await world.host.slash(world.lobby, "mm seat", player="ann2", user=ann3)
            assert "ann2's seat is now played by ann3" in dx.said(r)
            new = bot.service.overview(Access(match_id, "host"))["links"]["players"]["ann2"]
            assert new != old
            assert bot.service.access_of(old) is None
            assert bot.service.access_of(new) == Access(match_id, "player", "ann2")
            # the new member's request carries the new link, never the old one
            handed = world.prompt(ann3, match_id, 1)
            assert handed is not None and f"/play/{new}" in handed.content
            assert old not in handed.content
            # another seat's link is untouched
            assert (
                links["ann1"]
                == bot.service.overview(Access(match_id, "host"))["links"]["players"]["ann1"]
            )

    asyncio.run(scenario())
