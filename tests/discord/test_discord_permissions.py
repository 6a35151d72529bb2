"""The bot's own permissions: named, with the channel, before anything is made.

- ``/mm setup private:channels`` in a category where the bot lacks Manage
  Channels: one line naming the permission and the category; no setup stored;
- ``/mm setup`` with an announcements channel the bot cannot post in: the same;
- the permission taken away after setup: ``/mm new`` says which permission
  in which category, and neither a match nor a channel is left behind.
"""

from __future__ import annotations

import asyncio

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType


def _deny(env, channel, *flags: str) -> None:
    """A server admin denies the bot ``flags`` in ``channel`` (a member overwrite)."""
    bits = discord.Permissions(**dict.fromkeys(flags, True)).value
    me = env.backend.bot_user.id
    env.backend.set_overwrite(channel.id, Overwrite(me, OverwriteType.MEMBER, deny=bits))


def test_discord_missing_permissions_are_named_and_nothing_is_made(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            gid = world.guild.id
            before = bot.store.guild(gid)
            category = world.guild.create_category("confessionals")
            _deny(env, category, "manage_channels")
            await env.settle()
            r = await world.admin.slash(
                world.lobby,
                "mm setup",
                host_role=world.hosts,
                channel=world.channel,
                private="channels",
                category=category,
            )
            said = dx.said(r)
            assert r.ephemeral and said == (
                f"Nothing set up: I need the Manage Channels permission in <#{category.id}>."
            ), said
            assert bot.store.guild(gid) == before  # nothing stored

            _deny(env, world.lobby, "send_messages", "read_message_history")
            await env.settle()
            r = await world.admin.slash(
                world.lobby, "mm setup", host_role=world.hosts, channel=world.lobby
            )
            assert dx.said(r) == (
                "Nothing set up: I need the Send Messages, Read Message History permissions "
                f"in <#{world.lobby.id}>."
            ), dx.said(r)
            assert bot.store.guild(gid) == before

            # set up while allowed, then the permission is taken away
            r = await world.admin.slash(
                world.lobby,
                "mm setup",
                host_role=world.hosts,
                channel=world.channel,
                private="channels",
                category=world.category,
            )
            assert dx.said(r).startswith("Set up"), dx.said(r)
            _deny(env, world.category, "manage_channels")
            await env.settle()
            channels = len(world.guild.channels)
            r = await world.host.slash(
                world.lobby, "mm new", game="mvp", players=world.members[0].mention
            )
            assert "I need the Manage Channels permission in the category private" in dx.said(r)
            assert bot.store.guild_matches(gid) == []
            assert len(world.guild.channels) == channels

    asyncio.run(scenario())
