"""A member who loses a seat to ``/mm seat`` is told, by DM (issue 26)."""

from __future__ import annotations

import asyncio


def test_a_replaced_member_gets_a_dm(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=3)
            ann1, ann2, ann3 = world.members
            match_id = await world.new("seat_exchange", humans=2)

            def told(member) -> list[str]:
                return [
                    dx.text_of(m)
                    for m in world.messages(world.place(member))
                    if dx.text_of(m).startswith("The host gave your seat")
                ]

            assert told(ann1) == [] and told(ann2) == []
            r = await world.host.slash(
                world.lobby, "mm seat", player="ann1", user=ann3, match=match_id
            )
            assert "ann1's seat is now played by ann3" in dx.said(r), dx.said(r)
            expected = (
                f"The host gave your seat (ann1) in Kong's Seat Exchange (match {match_id}) "
                "to another member: you no longer play it, and its buttons no longer answer you."
            )
            assert told(ann1) == [expected], told(ann1)
            r = await world.host.slash(
                world.lobby, "mm seat", player="ann2", bot_name="random", match=match_id
            )
            assert len(told(ann2)) == 1 and "to a bot (random)" in told(ann2)[0]
            assert told(ann3) == []  # the member who gained a seat gets its request instead
            bot.database.dispose()

    asyncio.run(scenario())
