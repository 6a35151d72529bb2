"""Part modals are answered from their custom id, never from the bot's memory.

- two players fill the same part of the same step at once (Seat Exchange's
  trade): each submission lands in the submitter's own draft, whatever the
  order (discord.py keeps open modals by custom id alone, so a shared id
  would hand one player's values to the other);
- a modal opened before the bot restarts is submitted to the new bot and
  stored;
- a modal of a step that closed meanwhile is answered "closed", nothing stored.
"""

from __future__ import annotations

import asyncio

from mainmatch.discord.components import modal_values


async def _open(dx, member, message, part: str):
    shown = await member.user.click(message, custom_id=dx.cid(message, f":part:{part}"))
    assert shown.modal is not None, shown
    return shown


def test_discord_modals_are_per_seat_and_survive_a_restart(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            ann1, ann2 = world.members
            match_id = await world.new("seat_exchange", humans=2)
            p1, p2 = world.prompt(ann1, match_id, 1), world.prompt(ann2, match_id, 1)
            # both open the trade form, then submit in the opposite order
            m1 = await _open(dx, ann1, p1, "x-trades")
            m2 = await _open(dx, ann2, p2, "x-trades")
            assert m1.modal["custom_id"] != m2.modal["custom_id"]
            r2 = await ann2.user.submit_modal(
                m2, {"players.1": ["bot3"], "players.2": ["bot4"], "amount": "22"}
            )
            r1 = await ann1.user.submit_modal(
                m1, {"players.1": ["bot1"], "players.2": ["bot2"], "amount": "11"}
            )
            assert r1.ephemeral and "$11 for a trade between bot1 and bot2" in dx.said(r1), dx.said(
                r1
            )
            assert r2.ephemeral and "$22 for a trade between bot3 and bot4" in dx.said(r2), dx.said(
                r2
            )
            store = bot.store
            assert store.draft(match_id, 1, "ann1")["trades"] == [
                {"players": ["bot1", "bot2"], "amount": 11}
            ]
            assert store.draft(match_id, 1, "ann2")["trades"] == [
                {"players": ["bot3", "bot4"], "amount": 22}
            ]

            # a form open while the bot restarts still goes through
            # (a second trade: the garnets box is not offered to a seat without garnets)
            m1 = await _open(dx, ann1, p1, "x-trades")
            fresh = dx.build_bot(sqlite_url, loops=False)
            await env.restart_bot(fresh)
            world.bot = fresh
            r = await ann1.user.submit_modal(
                m1, {"players.1": ["bot5"], "players.2": ["bot6"], "amount": "7"}
            )
            assert r.ephemeral and "Draft for step 1" in dx.said(r), dx.said(r)
            assert "$7 for a trade between bot5 and bot6" in dx.said(r), dx.said(r)
            assert "$11 for a trade between bot1 and bot2" in dx.said(
                r
            )  # the draft from before the restart kept
            r = await ann1.user.click(p1, custom_id=dx.cid(p1, ":submit"))
            assert dx.said(r).startswith("Stored for step 1:"), dx.said(r)

            # a form of a step that closed meanwhile: answered, nothing stored
            m2 = await _open(dx, ann2, p2, "x-trades")
            r = await world.host.slash(world.lobby, "mm resolve", match=match_id)
            assert dx.said(r) == "Step 1 resolved."
            r = await ann2.user.submit_modal(
                m2, {"players.1": ["bot5"], "players.2": ["bot6"], "amount": "5"}
            )
            assert "Step 1 is closed" in dx.said(r), dx.said(r)
            step1 = fresh.service.record(match_id)["steps"][0]["actions"]
            assert step1["ann1"]["trades"] == [
                {"players": ["bot1", "bot2"], "amount": 11},
                {"players": ["bot5", "bot6"], "amount": 7},
            ]
            assert step1["ann2"]["trades"] == []  # withdrawn draft never submitted: the default

    asyncio.run(scenario())


def test_modal_values_reads_inputs_and_selects():
    data = [
        {"type": 1, "components": [{"type": 4, "custom_id": "amount", "value": "7"}]},
        {"type": 18, "component": {"type": 3, "custom_id": "players", "values": ["a", "b"]}},
        {"type": 10, "id": 3},
    ]
    assert modal_values(data) == {"amount": "7", "players": "a b"}
