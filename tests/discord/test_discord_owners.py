"""Seasons and matches belong to the server that made them (issue 26, H1).

Two Discord servers and the web host share one database. A stranger who adds
the bot to a server of their own and runs ``/mm setup`` (without the
mainmatch server's admin key) cannot see, autocomplete or change the other
server's seasons nor a web season, and cannot create matches or seasons; a
host elsewhere reaches a season only with its host token (``/mm season
link``). The ORG's server, authorised with ``/mm setup key:``, works as before.
"""

from __future__ import annotations

import asyncio

import discord
from sqlalchemy import func, select

from mainmatch.discord.authority import Authority, verifier
from mainmatch.host.chatstore import GuildRow
from mainmatch.host.models import MatchRow
from mainmatch.host.season_service import SeasonService


def _matches(bot) -> int:
    with bot.database.read() as s:
        return s.scalar(select(func.count()).select_from(MatchRow)) or 0


def test_a_strangers_server_reaches_no_season_and_creates_nothing(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            org = await dx.World(env, bot).setup(players=2)
            seasons = SeasonService(bot.database, bot.service)
            cast = " ".join(m.mention for m in org.members)
            r = await org.host.slash(org.lobby, "mm season new", name="org-s1", cast=cast)
            assert dx.said(r).startswith("Season org-s1 started"), dx.said(r)
            _, web_token = seasons.create("web-s1", ["ana", "ben"], starting_garnets=1)
            made = _matches(bot)

            # the stranger's own server: Manage Server and the host role there
            evil = await dx.World(env, bot).setup(players=2, authorise=False)
            boss = evil.guild.create_role(
                "Boss", permissions=discord.Permissions(manage_guild=True)
            )
            intruder = evil.guild.add_member(env.create_user("intruder"), roles=[evil.hosts, boss])
            before = {n: seasons.export(n) for n in ("org-s1", "web-s1")}

            async def say(cmd: str, **kw):
                r = await intruder.slash(evil.lobby, cmd, **kw)
                return r

            # a wrong admin key authorises nothing
            r = await say("mm setup", host_role=evil.hosts, channel=evil.channel, key="guess")
            assert dx.said(r) == "Nothing set up: this is not the mainmatch server's admin key."
            assert bot.store.admin_verifier(evil.guild.id) is None

            for name in ("web-s1", "org-s1"):
                r = await say(
                    "mm season adjust", name=name, player="ana", garnets=50, reason="mine"
                )
                assert r.ephemeral and dx.said(r) == f"no season named {name} on this server"
                r = await say("mm season standings", name=name)
                assert r.ephemeral and dx.said(r) == f"no season named {name} on this server"
                for cmd, kw in (
                    ("export", {}),
                    ("undo", {"entry": 1}),
                    ("use-token", {"player": "ana"}),
                    ("result", {"players": "ana ben", "winners": "ana"}),
                    ("tiebreak", {"order": "ana ben"}),
                ):
                    r = await say(f"mm season {cmd}", name=name, **kw)
                    assert dx.said(r) == f"no season named {name} on this server", (cmd, r)
                r = await say("mm season new-match", name=name, game="seat_exchange")
                assert dx.said(r).startswith("This server may not create matches or seasons")
                r = await say("mm season link", name=name, token="not-the-token")
                assert dx.said(r) == f"Not linked: no season {name} with this host token."
            # the autocomplete offers none of them
            assert await intruder.autocomplete(evil.lobby, "mm season adjust", "name", "") == []
            assert await intruder.autocomplete(evil.lobby, "mm season export", "name", "s") == []
            # nothing created without the admin key
            r = await say("mm new", game="seat_exchange", players=evil.members[0].mention)
            assert dx.said(r).startswith("This server may not create matches or seasons")
            r = await say("mm season new", name="evil-s", cast=evil.members[0].mention)
            assert dx.said(r).startswith("This server may not create matches or seasons")
            r = await say("mm import", record=("r.json", b"{}"))
            assert dx.said(r).startswith("This server may not create matches or seasons")
            assert _matches(bot) == made and seasons.names() == ["org-s1", "web-s1"]
            assert {n: seasons.export(n) for n in ("org-s1", "web-s1")} == before

            # the ORG's own server: its season only, until it links the web season
            offered = await org.host.autocomplete(org.lobby, "mm season adjust", "name", "")
            assert [c["value"] for c in offered] == ["org-s1"]
            r = await org.host.slash(org.lobby, "mm season standings", name="web-s1")
            assert dx.said(r) == "no season named web-s1 on this server"
            r = await org.host.slash(org.lobby, "mm season link", name="web-s1", token=web_token)
            assert dx.said(r) == "Season web-s1 is now reachable on this server."
            r = await org.host.slash(
                org.lobby, "mm season adjust", name="web-s1", player="ana", garnets=2, reason="ok"
            )
            assert dx.said(r).startswith("Entry 1:"), dx.said(r)
            assert seasons.get("web-s1").standings.players["ana"].garnets == 3
            # and the stranger still cannot (linking is per server)
            r = await say("mm season standings", name="web-s1")
            assert dx.said(r) == "no season named web-s1 on this server"
            bot.database.dispose()

    asyncio.run(scenario())


def test_authority_is_a_verifier_of_the_current_key(sqlite_url):
    """Only a verifier is stored; a new admin key withdraws the authority; the
    open mode (no key) authorises every server set up."""
    auth = Authority(sqlite_url, "key-1")
    stored = verifier("key-1", 42)
    assert "key-1" not in stored and stored != verifier("key-1", 43)
    assert auth.allows(42, stored) and not auth.allows(43, stored)
    assert not auth.allows(42, None)
    auth.set_key("key-2")
    assert not auth.allows(42, stored)
    auth.set_key(None)
    assert auth.allows(42, None)
    assert GuildRow.__table__.c.admin_verifier.type.length == 128


def test_every_season_command_about_a_name_is_scoped(sqlite_url, dx):
    """No season command can be added that forgets the server check: every one
    with a ``name`` (but ``new`` and ``link``, which check it themselves) has it."""
    from mainmatch.discord.season import OWN_CHECK

    bot = dx.build_bot(sqlite_url, loops=False)
    asyncio.run(bot.setup_hook())
    mm = bot.tree.get_command("mm")
    group = mm.get_command("season")
    checked = 0
    for cmd in group.walk_commands():
        if "name" not in [p.name for p in cmd.parameters] or cmd.name in OWN_CHECK:
            continue
        assert "this_servers" in [c.__name__ for c in cmd.checks], cmd.name
        checked += 1
    assert checked == 12  # standings, adjust, result, death-match, use-token, give, visibility, ...
    bot.database.dispose()
