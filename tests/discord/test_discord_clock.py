"""A step's clock waits for its players (issue 26, L9).

A short first deadline used to resolve before the bot had told anyone
(resolved at 6.6 s, the prompts queued at 10.8 s and never sent). Now the
step does not resolve at its deadline while its prompts are still to be
posted, its deadline counts from when they were, and a prompt whose step
closed before it could go out (the host resolved it) still tells its player.
"""

from __future__ import annotations

import asyncio

from sqlalchemy import update

from mainmatch.host.models import MatchRow
from mainmatch.host.service import Access


def test_a_step_does_not_resolve_before_its_players_are_told(sqlite_url, dx, monkeypatch):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            ann1, ann2 = world.members

            async def later() -> None:  # the bot is busy: nothing posted yet
                return None

            monkeypatch.setattr(bot, "pump_after", later)
            match_id = await world.new(
                "seat_exchange", humans=2, deadlines="trades=minutes:0.1", early=False
            )
            assert world.prompt(ann1, match_id, 1) is None
            # the bot is 20 s late: the step opened (and its clock started) back then
            with bot.database.write() as s:
                s.execute(
                    update(MatchRow)
                    .where(MatchRow.id == match_id)
                    .values(
                        step_opened_at=MatchRow.step_opened_at - 20,
                        deadline_at=MatchRow.deadline_at - 20,
                    )
                )
            before = dx.host_view(bot, match_id)["deadline"]
            assert bot.service.resolve_due() == []  # past its deadline, but nobody knows
            assert bot.service.record(match_id)["steps"] == []
            # and a submission (say, on the web) is still on time
            done = bot.service.submit(Access(match_id, "player", "ann2"), {}, 1)
            assert done["submitted"] and not done["resolved"]

            await bot.pump()  # the prompts go out now
            assert world.prompt(ann1, match_id, 1) is not None
            after = dx.host_view(bot, match_id)["deadline"]
            assert after >= before + 19, (before, after)  # counted from the prompts
            assert bot.service.resolve_due() == []
            assert bot.service.record(match_id)["steps"] == []

            # the host resolves step 2 before its prompts could be posted: they still
            # tell each player that the step closed
            r = await world.host.slash(world.lobby, "mm resolve", match=match_id)
            assert dx.said(r) == "Step 1 resolved.", dx.said(r)
            r = await world.host.slash(world.lobby, "mm resolve", match=match_id)
            assert dx.said(r) == "Step 2 resolved.", dx.said(r)
            await bot.pump()
            for member in (ann1, ann2):
                texts = [dx.text_of(m) for m in world.messages(world.place(member))]
                assert any(
                    t.startswith("Step 2 closed before its request reached you") for t in texts
                ), texts
            bot.database.dispose()

    asyncio.run(scenario())
