"""``/mm season ...`` on the real command tree, offline (simcord), over the
same SeasonService as the CLI and the web page (issue 13):

- ``new`` makes the cast from mentions (display names, Discord ids kept);
- ``standings`` is posted in the channel for anyone, pinging nobody;
- a host ``adjust`` moves the standings; a non-host is refused; spending
  garnets a player does not hold is refused and changes nothing;
- ``add-match`` enters a finished record once, never twice.
"""

from __future__ import annotations

import asyncio
import json
import random

from mainmatch import games
from mainmatch.engine import play_random
from mainmatch.engine.record import new_record
from mainmatch.host.season_service import SeasonService


def _record(game_id: str, seed: int, garnets: int) -> dict:
    game = games.get(game_id)
    players = list(game.default_players)
    config = game.new_config(players, seed, garnets={p: garnets for p in players})
    match = play_random(game, config, random.Random(seed))
    return {**new_record(game_id, config), "steps": match.record()["steps"]}


def test_discord_season_commands(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=3)
            ann1, ann2, ann3 = world.members
            seasons = SeasonService(bot.database, bot.service)
            cast = " ".join(m.mention for m in world.members)

            r = await world.host.slash(
                world.lobby, "mm season new", name="s1", cast=cast, garnets=2
            )
            said = dx.said(r)
            assert r.ephemeral and said.startswith("Season s1 started"), said
            settings = seasons.get("s1").settings
            assert [c.id for c in settings.cast] == ["ann1", "ann2", "ann3"]
            assert [c.discord_id for c in settings.cast] == [m.id for m in world.members]

            # anyone sees the standings, posted in the channel
            r = await ann2.slash(world.lobby, "mm season standings", name="s1")
            assert not r.ephemeral
            shown = dx.said(r)
            assert shown.startswith("## s1: standings after episode 0"), shown
            assert "**ann1**: 2 💎 · 0 ToL" in shown

            # a host adjustment, naming the player by mention
            r = await world.host.slash(
                world.lobby,
                "mm season adjust",
                name="s1",
                player=ann1.mention,
                garnets=3,
                tokens_of_life=1,
                reason="won the bonus <@&1> @everyone",
            )
            assert r.ephemeral and dx.said(r).startswith("Entry 1:"), dx.said(r)
            r = await ann3.slash(world.lobby, "mm season standings", name="s1")
            assert "1. **ann1**: 5 💎 · 1 ToL" in dx.said(r), dx.said(r)
            assert seasons.get("s1").standings.players["ann1"].garnets == 5

            # refusals: one ephemeral line each, and the ledger unchanged
            before = seasons.export("s1")
            r = await ann2.slash(
                world.lobby, "mm season adjust", name="s1", player="ann2", garnets=9, reason="me"
            )
            assert r.ephemeral and dx.said(r).startswith("Only members with the host role")
            r = await world.host.slash(
                world.lobby, "mm season adjust", name="s1", player="ann2", garnets=-3, reason="x"
            )
            assert r.ephemeral and dx.said(r) == "ann2 holds 2 garnets; -3 would go below zero"
            r = await world.host.slash(
                world.lobby, "mm season adjust", name="s1", player="<@123456789012345678>",
                garnets=1, reason="x",
            )  # fmt: skip
            assert "is not in the cast of season s1" in dx.said(r)
            r = await world.host.slash(world.lobby, "mm season standings", name="nope")
            assert r.ephemeral and "nope" in dx.said(r) and "\n" not in dx.said(r)
            r = await ann1.slash(world.lobby, "mm season new", name="s2", cast=cast)
            assert "host role" in dx.said(r)
            assert seasons.export("s1") == before
            assert seasons.names() == ["s1"]

            # add-match: a finished record, entered once
            rec = _record("seat_exchange", 3, 0)
            _, token = seasons.create("s3", list(rec["config"]["players"]))  # a web season
            r = await world.host.slash(world.lobby, "mm season link", name="s3", token=token)
            assert dx.said(r) == "Season s3 is now reachable on this server.", dx.said(r)
            data = json.dumps(rec).encode()
            r = await world.host.slash(
                world.lobby, "mm season add-match", name="s3", record=("r.json", data)
            )
            assert r.ephemeral and dx.said(r).startswith("Entry 1:"), dx.said(r)
            assert seasons.get("s3").standings.episode == 1
            r = await world.host.slash(
                world.lobby, "mm season add-match", name="s3", record=("r.json", data)
            )
            assert dx.said(r) == "this match is already in the ledger (entry 1)"
            r = await world.host.slash(world.lobby, "mm season add-match", name="s3", match="zz")
            assert dx.said(r) == "No match 'zz' on this server."
            assert len(seasons.get("s3").entries) == 1

            # add-match by id: a match of this server, refused while it runs
            match_id = await world.new("seat_exchange", humans=1)
            players = bot.service.record(match_id)["config"]["players"]
            _, token = seasons.create("s4", list(players))
            await world.host.slash(world.lobby, "mm season link", name="s4", token=token)
            r = await world.host.slash(
                world.lobby, "mm season add-match", name="s4", match=match_id
            )
            assert r.ephemeral and "\n" not in dx.said(r), dx.said(r)
            assert seasons.get("s4").entries == []
            r = await world.host.slash(
                world.lobby, "mm seat", player="ann1", bot_name="random", match=match_id
            )
            assert dx.host_view(bot, match_id)["status"] == "over"
            r = await world.host.slash(
                world.lobby, "mm season add-match", name="s4", match=match_id
            )
            assert dx.said(r).startswith("Entry 1:"), dx.said(r)
            r = await world.host.slash(
                world.lobby, "mm season add-match", name="s4", match=match_id
            )
            assert dx.said(r) == "this match is already in the ledger (entry 1)"

            # nothing the bot sent could ping anyone but a seat's player (responses carry it under "data")
            checked = 0
            for req in env.http_requests:
                body = req.json if req.method == "POST" and isinstance(req.json, dict) else {}
                body = body.get("data") if isinstance(body.get("data"), dict) else body
                if "content" in body:
                    am = body.get("allowed_mentions")
                    assert am is not None and am.get("parse") == [], body
                    assert not am.get("roles"), body
                    # the one ping allowed: a seat's private post names its player first
                    users = am.get("users") or []
                    assert len(users) <= 1, body
                    if users:
                        assert body["content"].startswith(f"<@{users[0]}>"), body
                    checked += 1
            assert checked >= 12
            bot.database.dispose()

    asyncio.run(scenario())


def test_discord_season_entries_and_a_hosted_episode(sqlite_url, dx):
    """Every entry kind from Discord, the files of ``export``, and the season's
    next Main Match hosted on Discord: the alive cast (or the host's choice),
    ledger garnets, its result entered once when it ends."""

    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=7)
            m = world.members
            seasons = SeasonService(bot.database, bot.service)
            host = world.host

            async def say(cmd: str, **kw) -> str:
                r = await host.slash(world.lobby, f"mm season {cmd}", **kw)
                assert r.ephemeral, r
                return dx.said(r)

            cast = " ".join(x.mention for x in m)
            assert (await say("new", name="s", cast=cast, garnets=1)).startswith("Season s")
            said = await say(
                "result", name="s", players=" ".join(x.mention for x in m[:6]),
                winners="ann1", ec=m[5].mention, garnets="ann1=3 ann2=1",
                spent=f"{m[2].mention}=1", tokens_of_life="ann1=1 ann6=1", game="Indian Poker",
                reason="played on another server",
            )  # fmt: skip
            assert said.startswith("Entry 1: Main Match (Indian Poker), manual"), said
            assert "EC: ann6" in said
            said = await say("death-match", name="s", ec="ann6", opponent="ann7", winner="ann7")
            assert said.startswith("Entry 2: Death Match: ann6 (EC) against ann7"), said
            # the answer says what the rules made of it: a Token of Life saved the loser
            assert said.endswith("ann6 lost the Death Match, saved by a Token of Life (1 → 0)"), (
                said
            )
            st = seasons.get("s").standings
            # ann6 held a Token of Life: spent, and still alive (the season's setting)
            assert st.players["ann6"].status == "alive" and st.players["ann6"].tokens_of_life == 0
            said = await say(
                "give", name="s", giver="ann1", receiver="ann2", tokens_of_life=1,
                in_return_garnets=2,
            )  # fmt: skip
            assert said == "Entry 3: ann1 gave ann2 1 Token of Life, for 2 garnets", said
            assert (await say("use-token", name="s", player="ann2")).startswith("Entry 4:")
            order = "ann7 ann6 ann5 ann4 ann3 ann2 ann1"
            assert (await say("tiebreak", name="s", order=order)).startswith("Entry 5:")

            # refusals: one line, nothing changed
            before = seasons.export("s")
            assert await say("use-token", name="s", player="ann3") == (
                "ann3 holds 0 Tokens of Life and cannot use 1"
            )
            said = await say("give", name="s", giver="ann3", receiver="ann4", garnets=50)
            assert said == "ann3 holds 0 garnets and cannot give 50", said
            said = await say("result", name="s", players="ann1 ann2", garnets="ann1=x")
            assert said.startswith("garnets: write PLAYER=N pairs"), said
            said = await say("death-match", name="s", ec="ann1", opponent="ann2", winner="ann3")
            assert "winner must be ann1 or ann2, not ann3" in said, said
            assert await say("undo", name="s", entry=3) == (
                "only the last entry in force can be undone: entry 5"
            )
            r = await m[0].slash(world.lobby, "mm season give", name="s", giver="ann1",
                                 receiver="ann2", garnets=1)  # fmt: skip
            assert "host role" in dx.said(r)
            assert seasons.export("s") == before
            assert await say("undo", name="s", entry=5) == "Entry 6: entry 5 undone."

            # export: the ledger and the standings, to the asker only
            r = await m[3].slash(world.lobby, "mm season export", name="s")
            assert r.ephemeral and len(r.response.attachments) == 2
            doc = json.loads(await r.response.attachments[0].read())
            assert doc["format"] == "mainmatch-season/1" and len(doc["entries"]) == 6
            csv = (await r.response.attachments[1].read()).decode()
            assert csv.splitlines()[0].startswith("player,name,status")

            assert (await say("tiebreak", name="s", order=order)).startswith("Entry 7:")

            # the next Main Match: seven alive, The MVP takes six
            said = await say("new-match", name="s", game="mvp")
            assert said.startswith(
                "No match started: The MVP takes exactly 6 players, not 7; name 6 of"
            )
            assert bot.store.guild_matches(world.guild.id) == []
            said = await say(
                "new-match", name="s", game="mvp", players="ann1 ann2 ann3 ann4 ann5 ann6 ann7 ann1"
            )
            assert said == "No match started: a player is listed twice", said
            offered = await host.autocomplete(world.lobby, "mm season standings", "name", "")
            assert [c["value"] for c in offered] == ["s"]
            _, token = seasons.create(
                "web", ["ann1", "ann2", "ann3", "ann4", "ann5", "ann6"]
            )  # no Discord ids
            offered = await host.autocomplete(world.lobby, "mm season new-match", "name", "WE")
            assert offered == [], "a web season is not this server's until linked"
            said = await say("new-match", name="web", game="mvp")
            assert said == "no season named web on this server", said
            await host.slash(world.lobby, "mm season link", name="web", token=token)
            said = await say("new-match", name="web", game="mvp")
            assert said.startswith("No match started: ann1 has no Discord account in season web")
            offered = await host.autocomplete(world.lobby, "mm season new-match", "name", "WE")
            assert [c["value"] for c in offered] == ["web"]
            assert bot.store.guild_matches(world.guild.id) == []
            chosen = " ".join(x.mention for x in m[:6])
            said = await say("new-match", name="s", game="mvp", players=chosen, seed=3)
            assert said.startswith("Match "), said
            match_id = said.split()[1]
            config = bot.service.record(match_id)["config"]
            held = seasons.get("s").standings
            assert config["players"] == ["ann1", "ann2", "ann3", "ann4", "ann5", "ann6"]
            assert config["garnets"] == {p: held.players[p].garnets for p in config["players"]}
            # the season's gamewide tiebreak (entry 7), restricted to the players
            assert config["gamewide_tiebreak"] == held.tiebreak_of(config["players"])
            assert config["gamewide_tiebreak"] == ["ann6", "ann5", "ann4", "ann3", "ann2", "ann1"]
            assert world.prompt(m[0], match_id, 1) is not None  # ann1's own request, by DM
            # everyone's seat to a bot: the match ends, its result enters the ledger once
            for p in config["players"]:
                r = await host.slash(
                    world.lobby, "mm seat", player=p, bot_name="random", match=match_id
                )
            assert dx.host_view(bot, match_id)["status"] == "over"
            season = seasons.get("s")
            hosted = [e for e in season.entries if getattr(e.body, "source", "") == "hosted"]
            assert len(hosted) == 1 and hosted[0].body.match == match_id
            assert season.matches[0]["entry"] == hosted[0].number
            said = await say("add-match", name="s", match=match_id)
            assert said.startswith("this match is already in the ledger"), said
            bot.database.dispose()

    asyncio.run(scenario())
