"""One Discord modal submission: at most two transactions and no overview
built (issue 32, item 3): the seat's request, submission and draft are read
in one transaction through the host's facade, and the submission (or the
draft) is written in one more; the facade's answer carries what was stored.

Counted on the real SQLite engine with SQLAlchemy's event listeners, the
real bot driven by simcord."""

from __future__ import annotations

import asyncio
import json

from sqlalchemy import event


def test_a_modal_submission_takes_two_transactions_and_builds_no_overview(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            ann1, _ann2 = world.members
            # ann1 holds garnets, so her form has its garnets part
            garnets = json.dumps({"garnets": {"ann1": 2}}).encode()
            match_id = await world.new("seat_exchange", humans=2, inputs=("inputs.json", garnets))
            prompt = world.prompt(ann1, match_id, 1)
            engine = bot.door.db.engine
            seen = {"begin": 0, "statements": 0}

            def begin(_conn) -> None:
                seen["begin"] += 1

            def statement(*_args) -> None:
                seen["statements"] += 1

            for part, values, says in (
                # a part that fills the draft: read, then the draft written
                ("garnets", {"garnets": "0"}, "Draft for step 1"),
            ):
                shown = await ann1.user.click(prompt, custom_id=dx.cid(prompt, f":part:{part}"))
                assert shown.modal is not None
                built = bot.door.service.overviews.built
                seen.update(begin=0, statements=0)
                event.listen(engine, "begin", begin)
                event.listen(engine, "before_cursor_execute", statement)
                try:
                    r = await ann1.user.submit_modal(shown, values)
                finally:
                    event.remove(engine, "begin", begin)
                    event.remove(engine, "before_cursor_execute", statement)
                assert says in dx.said(r), dx.said(r)
                assert seen["begin"] <= 2, seen
                assert bot.door.service.overviews.built == built  # no overview built
            # the draft is whole: a submission through the facade answers the
            # new state (the action as stored) in one transaction
            draft = bot.door.draft(match_id, 1, "ann1")
            seen.update(begin=0, statements=0)
            event.listen(engine, "begin", begin)
            event.listen(engine, "before_cursor_execute", statement)
            try:
                out = bot.door.submit(match_id, "ann1", {"trades": [], **draft}, 1)
            finally:
                event.remove(engine, "begin", begin)
                event.remove(engine, "before_cursor_execute", statement)
            assert out.action == {"trades": [], **draft} and not out.resolved
            assert seen["begin"] == 1 and seen["statements"] <= 10, seen
            stored = bot.door.player_overview(match_id, "ann1")["submission"]["action"]
            assert stored == out.action

    asyncio.run(scenario())


def test_the_seat_request_is_the_members_own(sqlite_url, dx):
    """``Door.seat_request`` answers only the member who plays the seat."""

    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            ann1, ann2 = world.members
            # ann1 holds garnets, so her form has its garnets part
            garnets = json.dumps({"garnets": {"ann1": 2}}).encode()
            match_id = await world.new("seat_exchange", humans=2, inputs=("inputs.json", garnets))
            players = bot.door.players(match_id)
            pos = players.index("ann1")
            mine = bot.door.seat_request(match_id, pos, ann1.user.id)
            assert mine is not None and mine.player == "ann1" and mine.asks(1)
            assert mine.request is not None and mine.request["kind"] == "trades"
            assert bot.door.seat_request(match_id, pos, ann2.user.id) is None
            assert bot.door.seat_request(match_id, len(players), ann1.user.id) is None

    asyncio.run(scenario())
