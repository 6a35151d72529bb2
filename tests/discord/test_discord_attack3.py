"""Issue 33: the third attack's Discord findings (N6, B1, B2, B9, B10), each
replayed with discord.py's real objects (simcord replaces only the network)."""

from __future__ import annotations

import asyncio

import discord


def test_n6_setup_key_guesses_are_limited_per_server(sqlite_url, dx):
    """``/mm setup key:``: 20 wrong keys, then every key is refused unchecked
    (the right one too) until a guess comes back; another server is not held
    up; the count is kept in the database (a second bot on it sees it)."""

    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            org = await dx.World(env, bot).setup(players=1)
            evil = await dx.World(env, bot).setup(players=1, authorise=False)
            boss = evil.guild.create_role(
                "Boss", permissions=discord.Permissions(manage_guild=True)
            )
            intruder = evil.guild.add_member(env.create_user("intruder"), roles=[evil.hosts, boss])
            said = []
            for i in range(21):
                r = await intruder.slash(
                    evil.lobby, "mm setup", host_role=evil.hosts, channel=evil.channel,
                    key=f"guess-{i:03d}-abcdefgh",
                )  # fmt: skip
                said.append(dx.said(r))
            wrong = "Nothing set up: this is not the mainmatch server's admin key."
            assert said[:20] == [wrong] * 20, said
            assert "too many wrong keys" in said[20] and "try again in" in said[20]
            right = bot.authority.key()
            r = await intruder.slash(
                evil.lobby, "mm setup", host_role=evil.hosts, channel=evil.channel, key=right
            )
            assert "too many wrong keys" in dx.said(r)
            assert bot.store.admin_verifier(evil.guild.id) is None
            # the ORG's server is not held up
            r = await org.admin.slash(
                org.lobby, "mm setup", host_role=org.hosts, channel=org.channel, key=right
            )
            assert dx.said(r).startswith("Set up"), dx.said(r)
            # a season host token guessed on the throttled server is refused unchecked
            r = await intruder.slash(evil.lobby, "mm season link", name="x", token="y")
            assert "too many wrong keys or tokens" in dx.said(r)
            bot.database.dispose()

    asyncio.run(scenario())
