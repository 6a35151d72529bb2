"""Posting survives any failure, in order (issue 26, Discord robustness).

A post that raised anything but ``discord.HTTPException`` (a dropped
connection) or hung used to keep its row claimed for the whole lease, while
later rows of the same place went first and ``/mm status`` said "queued".
Now every failure and a timeout mark the row failed (named in ``/mm
status``), later rows of its place wait, and once it goes through they all
follow in their order.
"""

from __future__ import annotations

import asyncio
import time

import aiohttp
from sqlalchemy import select, update

from mainmatch.host import delivery
from mainmatch.host.delivery import DeliveryRow


def _channel_rows(bot, match_id: str) -> list[DeliveryRow]:
    with bot.database.read() as s:
        rows = s.scalars(
            select(DeliveryRow).where(DeliveryRow.match_id == match_id).order_by(DeliveryRow.id)
        )
        return [r for r in rows if r.kind in delivery.CHANNEL_KINDS]


def _due_now(bot, match_id: str) -> None:
    """The retry wait is over (a failed row is claimable again)."""
    with bot.database.write() as s:
        s.execute(
            update(DeliveryRow)
            .where(DeliveryRow.match_id == match_id, DeliveryRow.delivered_at.is_(None))
            .values(claimed_at=time.time() - delivery.LEASE - 1)
        )


def test_any_failure_or_hang_is_marked_and_keeps_the_order(sqlite_url, dx, monkeypatch):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            bot.retry_seconds = 100.0
            bot.post_timeout = 0.3
            world = await dx.World(env, bot).setup()
            real_post = bot.post
            trouble: list[str] = ["raise"]

            async def flaky(row):
                if row.kind in delivery.CHANNEL_KINDS and trouble:
                    if trouble.pop() == "raise":
                        raise aiohttp.ClientOSError(104, "Connection reset by peer")
                    await asyncio.sleep(3600)  # Discord never answers
                return await real_post(row)

            monkeypatch.setattr(bot, "post", flaky)
            match_id = await world.new("seat_exchange", humans=1, early=False)
            assert world.prompt(world.members[0], match_id, 1) is not None  # other places go on
            r = await world.host.slash(world.lobby, "mm status", match=match_id)
            assert (
                "Post waiting (public, step 0): posting to the match channel failed: "
                "ClientOSError" in dx.said(r)
            ), dx.said(r)
            # a later post of the same channel waits behind it
            r = await world.host.slash(world.lobby, "mm resolve", match=match_id)
            assert dx.said(r) == "Step 1 resolved."
            await bot.pump()
            assert all(row.delivered_at is None for row in _channel_rows(bot, match_id))

            # tried again: this time Discord does not answer at all
            trouble.append("hang")
            _due_now(bot, match_id)
            started = time.monotonic()
            await bot.pump()
            assert time.monotonic() - started < 5
            rows = _channel_rows(bot, match_id)
            assert (
                rows[0].error == "no answer from Discord within 0.3 s posting to the match channel"
            )
            assert all(row.delivered_at is None for row in rows)

            # and then it goes through: every post once, in order
            _due_now(bot, match_id)
            await bot.pump()
            rows = _channel_rows(bot, match_id)
            assert len(rows) >= 2 and all(row.delivered_at is not None for row in rows)
            refs = [int(row.ref) for row in rows]
            assert refs == sorted(refs), "posted in the order of the rows"
            assert delivery.undelivered(bot.database, match_id) == []
            bot.database.dispose()

    asyncio.run(scenario())


def test_a_message_discord_refuses_is_given_up_and_the_rest_go_on(sqlite_url, dx):
    """400 (the message itself is refused): no retry can help, so the row is
    marked with why, and the place's later posts are not held behind it."""

    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup()
            match_id = await world.new("seat_exchange", humans=1, early=False)
            path = f"/channels/{world.channel.id}/messages"
            env.inject_error("POST", path, status=400, code=50035, message="Invalid Form Body")
            r = await world.host.slash(world.lobby, "mm resolve", match=match_id)
            assert dx.said(r) == "Step 1 resolved."
            env.errors.clear()
            r = await world.host.slash(world.lobby, "mm resolve", match=match_id)
            assert dx.said(r) == "Step 2 resolved."
            rows = _channel_rows(bot, match_id)
            refused = [row for row in rows if (row.ref or "").startswith("refused:")]
            assert refused and refused[0].step == 1, [(r.step, r.ref) for r in rows]
            assert all(row.delivered_at is not None for row in rows)
            assert delivery.undelivered(bot.database, match_id) == []
            bot.database.dispose()

    asyncio.run(scenario())
