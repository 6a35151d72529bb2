"""Posting: each announcement exactly once, whatever fails; nothing in memory.

- a restarted bot (a new bot object on the same database) answers the
  buttons the old one posted, with the draft built before the restart;
- a Discord error while posting never blocks the resolution; the post is
  retried from its row and appears once; a missing permission is named in
  ``/mm status``;
- a crash between posting and marking the row posts again with the same
  nonce (Discord's ``enforce_nonce`` then refuses the copy);
- deadlines that passed while the bot was down resolve on its first tick;
  a reminder goes once, only to who has not submitted.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from sqlalchemy import update

from mainmatch.host import delivery


def _public_posts(dx, world) -> list[str]:
    return [dx.text_of(m) for m in world.messages(world.channel)]


def test_discord_restart_keeps_buttons_and_drafts(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup()
            me = world.members[0]
            match_id = await world.new("seat_exchange", humans=1)
            prompt = world.prompt(me, match_id, 1)
            trade = ("part", "x-trades", {"players.1": "bot1", "players.2": "bot2", "amount": "12"})
            answers = await world.act(me, prompt, [trade])
            assert "Draft for step 1" in answers[0]
            assert "$12 for a trade between bot1 and bot2" in answers[0], answers[0]

            fresh = dx.build_bot(sqlite_url, loops=False)
            await env.restart_bot(fresh)
            world.bot = fresh
            answers = await world.act(me, prompt, [("submit",)])
            assert answers[0].startswith("Stored for step 1:")
            assert "You pay $12 for a trade between bot1 and bot2." in answers[0], answers[0]
            record = fresh.service.record(match_id)
            assert record["steps"][0]["actions"]["ann1"]["trades"] == [
                {"players": ["bot1", "bot2"], "amount": 12}
            ]
            assert world.prompt(me, match_id, 2) is not None  # the next request arrived
            # an old step's button answers that the step is closed
            r = await me.user.click(prompt, label="Withdraw")
            assert "Step 1 is closed; the open step is 2" in r.response.content

    asyncio.run(scenario())


def test_discord_failed_posts_are_retried_once_each(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            bot.retry_seconds = 0.0
            world = await dx.World(env, bot).setup()
            match_id = await world.new("seat_exchange", humans=1, early=False)
            before = len(_public_posts(dx, world))
            path = f"/channels/{world.channel.id}/messages"
            env.inject_error("POST", path, status=403, code=50013, message="Missing Permissions")
            r = await world.host.slash(world.lobby, "mm resolve")
            assert dx.said(r) == "Step 1 resolved."
            assert dx.host_view(bot, match_id)["steps_applied"] == 1  # not blocked
            assert len(_public_posts(dx, world)) == before
            r = await world.host.slash(world.lobby, "mm status")
            assert "missing permission in the match channel" in dx.said(r)
            env.errors.clear()
            env.inject_error("POST", path, status=500, times=1)
            await bot.pump()
            await bot.pump()
            posts = _public_posts(dx, world)
            assert len(posts) == before + 1
            await bot.pump()
            assert _public_posts(dx, world) == posts  # never repeated
            assert delivery.undelivered(bot.database, match_id) == []
            r = await world.host.slash(world.lobby, "mm status")
            assert "Post waiting" not in dx.said(r)
            env.errors.clear()

    asyncio.run(scenario())


def test_discord_crash_between_post_and_mark_reuses_the_nonce(sqlite_url, dx, monkeypatch):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup()
            real = delivery.delivered
            crashed: list[int] = []

            def crash_once(db, delivery_id, ref):
                if not crashed:
                    crashed.append(delivery_id)
                    raise RuntimeError("killed between posting and marking")
                real(db, delivery_id, ref)

            monkeypatch.setattr(delivery, "delivered", crash_once)
            r = await world.host.slash(
                world.lobby, "mm new", game="mvp", players=world.members[0].mention
            )
            assert dx.said(r).startswith("Match ")  # the host is not told of a posting fault
            monkeypatch.setattr(delivery, "delivered", real)
            # the claim lapses (a dead process), and the row is claimed again
            with bot.database.write() as s:
                s.execute(
                    update(delivery.DeliveryRow)
                    .where(delivery.DeliveryRow.id == crashed[0])
                    .values(claimed_at=time.time() - delivery.LEASE - 1)
                )
            await bot.pump()
            nonces = Counter(
                req.json.get("nonce")
                for req in env.http_requests
                if req.method == "POST" and req.path.endswith("/messages") and req.json
            )
            assert nonces[f"mm{crashed[0]}.0"] == 2  # the same nonce: Discord keeps one
            assert all(n == 1 for k, n in nonces.items() if k != f"mm{crashed[0]}.0")

    asyncio.run(scenario())


def test_discord_deadlines_and_reminders(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            ann1, ann2 = world.members
            match_id = await world.new(
                "seat_exchange", humans=2, deadlines="trades=minutes:30", early=False
            )
            assert bot.queue_reminders() == 2
            assert bot.queue_reminders() == 0  # once per step
            await bot.pump()
            p1 = [dx.text_of(m) for m in world.messages(world.place(ann1))]
            assert any(t.startswith(f"<@{ann1.id}> Reminder: step 1 closes") for t in p1)
            # ann2 submits; only ann1 would be reminded in step 2... after the deadline
            prompt = world.prompt(ann2, match_id, 1)
            await world.act(ann2, prompt, [("submit",)])
            ov = dx.host_view(bot, match_id)
            assert ov["pending_status"]["ann1"] == "not yet"
            assert ov["pending_status"]["ann2"] == "submitted"
            deadline = ov["deadline"]
            # the bot is down past the deadline; its first tick resolves the step
            bot.service.clock = lambda: deadline + 1
            await bot.tick()
            record = bot.service.record(match_id)
            assert len(record["steps"]) == 1 and record["steps"][0]["defaulted"] == ["ann1"]
            assert world.prompt(ann1, match_id, 2) is not None
            bot.service.clock = time.time
            env.errors.clear()

    asyncio.run(scenario())
