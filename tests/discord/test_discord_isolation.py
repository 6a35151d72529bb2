"""One broken game stops nothing else on Discord (issue 33, N1).

Three Seat Exchange matches with 6 s deadlines and one match of a game whose
``apply`` raises used to resolve none: the bot's ``tick`` called
``resolve_due`` first, which stopped at the broken match, so reminders and
posting stopped too. Now the three resolve on time and their posts go out,
the broken match is stopped with a notice in its channel and its reason in
``/mm status``, and later ticks do not try it again.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import update

from mainmatch.engine import registry
from mainmatch.host.models import MatchRow


@pytest.fixture
def faulty(range_game):
    class Faulty(type(range_game)):  # type: ignore[misc]
        id = "faulty"
        title = "Faulty Bid"
        applied = 0

        def apply(self, state: Any, actions: dict) -> Any:
            type(self).applied += 1
            raise ZeroDivisionError("division by zero")

    game = Faulty()
    registry.register_game(game)
    return game


def test_a_raising_game_stops_neither_the_clock_nor_the_posting(sqlite_url, dx, faulty):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            ann1 = world.members[0]
            broken = await world.new("faulty", humans=1, deadlines="bid=minutes:0.1", early=False)
            good = [
                await world.new(
                    "seat_exchange", humans=1, deadlines="trades=minutes:0.1", early=False, seed=i
                )
                for i in range(3)
            ]
            await bot.pump()  # the prompts go out: the clocks start
            for match_id in good:
                assert world.prompt(ann1, match_id, 1) is not None
            # six seconds pass (moved, not waited for)
            with bot.database.write() as s:
                s.execute(
                    update(MatchRow).values(
                        step_opened_at=MatchRow.step_opened_at - 7,
                        deadline_at=MatchRow.deadline_at - 7,
                    )
                )
            before = len(world.messages(world.channel))
            await bot.tick()
            for match_id in good:
                assert len(bot.service.record(match_id)["steps"]) == 1, match_id
                assert world.prompt(ann1, match_id, 2) is not None  # posted on
            texts = [dx.text_of(m) for m in world.messages(world.channel)[before:]]
            assert sum(t.startswith("This match is stopped at step 1") for t in texts) == 1
            assert len(texts) >= 4, texts  # three step posts and the notice
            assert faulty.applied == 1
            r = await world.host.slash(world.lobby, "mm status", match=broken)
            status = dx.said(r)
            assert (
                "Stopped: the game's rules failed resolving step 1 "
                "(ZeroDivisionError: division by zero)" in status
            ), status
            await bot.tick()  # not tried again until the host acts
            assert faulty.applied == 1
            assert bot.service.record(broken)["steps"] == []
            bot.database.dispose()

    asyncio.run(scenario())
