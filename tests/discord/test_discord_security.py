"""Who may do what on Discord, and what never reaches a shared channel.

- ``/mm setup`` needs Manage Server; host commands need the host role;
- only a seat's own account acts for it (a leaked button is refused);
- private channels: only their player (and the bot) can read them;
- the secrecy canaries of the web server's token matrix: a pending
  trade's secret amount, the players' numbers and link tokens never reach the
  announcements channel or another player's place;
- every message the bot sends has ``allowed_mentions`` with nothing to parse,
  and pings at most the one player it is for.
"""

from __future__ import annotations

import asyncio
import json

import pytest
import simcord

from mainmatch.discord.components import build_view

SECRET_AMOUNT = 87


def test_discord_refusals(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=7)
            ann1, ann2 = world.members[:2]
            r = await ann1.slash(
                world.lobby, "mm setup", host_role=world.hosts, channel=world.lobby
            )
            assert r.ephemeral and "Manage Server" in r.response.content
            r = await ann1.slash(world.lobby, "mm new", game="mvp", players=ann1.mention)
            assert r.ephemeral and r.response.content.startswith("Only members with the host role")
            r = await ann1.slash(world.lobby, "mm status")
            assert "host role" in r.response.content
            # seven players for a six-seat game; a mention of someone not on the server
            many = " ".join(m.mention for m in world.members[:7])
            r = await world.host.slash(world.lobby, "mm new", game="mvp", players=many)
            assert "The MVP takes exactly 6 players, not 7" in dx.said(r)
            r = await world.host.slash(world.lobby, "mm new", game="mvp", players="<@123456789>")
            assert "is not a member of this server" in dx.said(r)
            assert bot.store.guild_matches(world.guild.id) == []  # nothing was started
            # bad host inputs: one line from the game, nothing stored
            r = await world.host.slash(
                world.lobby, "mm new", game="mvp", players=ann1.mention, deadlines="round=weekly"
            )
            assert "unknown deadline policy 'weekly'" in dx.said(r)

            match_id = await world.new("seat_exchange", humans=2)
            prompt = world.prompt(ann1, match_id, 1)
            # ann1's buttons, leaked into a shared channel: ann2 cannot act with them
            view = build_view("seat_exchange", match_id, 1, 0, {"kind": "trades"})
            ch = bot.get_channel(world.lobby.id)
            await ch.send("leaked", view=view)
            await env.settle()
            leaked = world.lobby.last_message
            r = await ann2.click(leaked, custom_id=f"mm:{match_id}:1:0:submit")
            assert r.ephemeral and "not your seat" in r.response.content
            r = await world.host.click(leaked, custom_id=f"mm:{match_id}:1:0:withdraw")
            assert "not your seat" in r.response.content
            assert prompt is not None
            assert dx.host_view(bot, match_id)["pending_status"]["ann1"] == "not yet"
            # a player's own commands answer about their own seat only
            r = await ann2.slash(world.lobby, "mm view")
            assert r.ephemeral and "**You (ann2)**" in dx.text_of(r.response)
            r = await world.host.slash(world.lobby, "mm view")
            assert "You play no match" in r.response.content

    asyncio.run(scenario())


def test_discord_secrets_stay_private(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(private="channels", web_base="http://mm.test")
            ann1, ann2 = world.members
            match_id = await world.new("seat_exchange", humans=2, early=False)
            p1, p2 = world.place(ann1), world.place(ann2)
            assert p1.id != p2.id and p1.name.endswith("-ann1")
            with pytest.raises(simcord.SetupError):
                p1.history(viewer=ann2)
            with pytest.raises(simcord.SetupError):
                p2.history(viewer=ann1)
            assert p1.history(viewer=ann1)
            # ann1 pays a secret amount; the host resolves; more steps follow
            prompt = world.prompt(ann1, match_id, 1)
            moves = [
                (
                    "part",
                    "x-trades",
                    {"players.1": "bot1", "players.2": "bot2", "amount": str(SECRET_AMOUNT)},
                )
            ]
            answers = await world.act(ann1, prompt, [*moves, ("submit",)])
            assert f"${SECRET_AMOUNT} for a trade between bot1 and bot2" in answers[-1]
            status = await world.host.slash(world.lobby, "mm status")
            assert "ann1: submitted" in status.response.content
            assert str(SECRET_AMOUNT) not in status.response.content
            await world.host.slash(world.lobby, "mm resolve")
            record = bot.service.record(match_id)
            numbers = record["config"]["numbers"]
            host = dx.host_view(bot, match_id)
            tokens = host["links"]["players"]
            shared = "\n".join(dx.text_of(m) for m in world.messages(world.channel))
            assert shared and f"${SECRET_AMOUNT}" not in shared
            assert "Your number" not in shared
            for t in tokens.values():
                assert t not in shared
            for me, place, other, member in (
                ("ann1", p1, "ann2", ann1),
                ("ann2", p2, "ann1", ann2),
            ):
                text = "\n".join(dx.text_of(m) for m in world.messages(place))
                assert f"You play **{me}**" in text and f"You play **{other}**" not in text
                assert tokens[me] in text and tokens[other] not in text
                # their view, a click away in their place: their own number only
                prompt = world.prompt(member, match_id, 2)
                mine = dx.said(await member.click(prompt, label="My view"))
                assert f"**You ({me})**" in mine and f"**You ({other})**" not in mine
                assert f"**Your number**: **{numbers[me]}**" in mine, mine
            p2_text = "\n".join(dx.text_of(m) for m in world.messages(p2))
            assert f"${SECRET_AMOUNT}" not in p2_text and f": {SECRET_AMOUNT}" not in p2_text
            # every message: nothing parsed for mentions; a ping only for its player
            users = {str(m.id) for m in world.members}
            for req in env.http_requests:
                if req.method == "POST" and req.path.endswith("/messages") and req.json:
                    am = req.json.get("allowed_mentions")
                    assert am is not None and am.get("parse") == [], req.json
                    assert {str(u) for u in am.get("users", [])} <= users
                    assert len(am.get("users", [])) <= 1
            assert json.dumps(record)  # the record stays whole

    asyncio.run(scenario())


def test_discord_bad_input_is_answered_in_the_rules_words(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=1)
            me = world.members[0]
            match_id = await world.new("seat_exchange", humans=1, early=False)
            prompt = world.prompt(me, match_id, 1)
            # a field that is not a number: one line naming it, nothing stored
            answers = await world.act(
                me,
                prompt,
                [
                    (
                        "part",
                        "x-trades",
                        {"players.1": "bot1", "players.2": "bot2", "amount": "lots"},
                    )
                ],
            )
            assert answers == ["Not stored: Paid must be a whole number, not 'lots'"]
            assert bot.store.draft(match_id, 1, "ann1") == {}
            # more than the player has: the game's own message, nothing stored
            trade = (
                "part",
                "x-trades",
                {"players.1": "bot1", "players.2": "bot2", "amount": "450"},
            )
            answers = await world.act(me, prompt, [trade, ("submit",)])
            assert answers[-1].startswith("Not stored:") and "$100" in answers[-1], answers[-1]
            assert dx.host_view(bot, match_id)["pending_status"]["ann1"] == "not yet"
            # a legal change, then a withdrawal, until the deadline
            trade = ("part", "x-trades", {"players.1": "bot1", "players.2": "bot2", "amount": "30"})
            answers = await world.act(me, prompt, [trade, ("submit",)])
            assert answers[-1].startswith("Stored for step 1:")
            answers = await world.act(me, prompt, [("quick", "Withdraw")])
            assert answers == ["Your submission for step 1 is withdrawn."]
            answers = await world.act(me, prompt, [("quick", "Withdraw")])
            assert answers[0].startswith("Nothing withdrawn: you have no submission for step 1")
            assert dx.host_view(bot, match_id)["pending_status"]["ann1"] == "not yet"

    asyncio.run(scenario())
