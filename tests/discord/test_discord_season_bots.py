"""``/mm season new-match bots:``: people and bots seat by seat (simcord, the
real command tree offline): the named seats are bots, the others the cast
members' own accounts; a wrong seat or bot name is one line and makes nothing.
``add-match`` by id enters a match of this server as hosted."""

from __future__ import annotations

import asyncio

from mainmatch.host.season_service import SeasonService


def test_new_match_mixes_people_and_bots(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=7)
            m = world.members
            seasons = SeasonService(bot.database, bot.service)

            async def say(cmd: str, **kw) -> str:
                r = await world.host.slash(world.lobby, f"mm season {cmd}", **kw)
                assert r.ephemeral, r
                return dx.said(r)

            cast = " ".join(x.mention for x in m)
            assert (await say("new", name="s", cast=cast)).startswith("Season s")
            six = " ".join(x.mention for x in m[:6])
            for bots, error in [
                ("ann7", "bots: ann7 is not one of the players of this match"),
                (
                    "ann2=nobody",
                    "bots: no bot 'nobody' for this game; bots: random, chaser, strategist, strategy",
                ),
                ("ann2 ann2=random", "bots: ann2 is named twice"),
                ("<@1234567890123456>", "bots: <@1234567890123456> is not in the cast of season s"),
            ]:
                said = await say("new-match", name="s", game="mvp", players=six, bots=bots)
                assert said.startswith(f"No match started: {error}"), said
            assert bot.store.guild_matches(world.guild.id) == []

            said = await say(
                "new-match", name="s", game="mvp", players=six,
                bots=f"ann2 {m[2].mention}=random ann4 ann5 ann6",
            )  # fmt: skip
            assert said.startswith("Match "), said
            assert "ann2 = bot (" in said and "ann1 = <@" in said, said
            match_id = said.split()[1]
            view = dx.host_view(bot, match_id)
            seats = {s["player"]: s.get("bot") for s in view["seats"]}
            assert seats["ann1"] is None and seats["ann3"] == "random"
            assert all(seats[p] for p in ("ann2", "ann4", "ann5", "ann6")), seats
            assert world.prompt(m[0], match_id, 1) is not None  # the person's own request
            assert seasons.get("s").matches[0]["match"] == match_id

            # add-match by id: a match this server hosted outside the season enters as
            # hosted (the season page links it), once
            other = await world.new("mvp", humans=6)
            for p in ("ann1", "ann2", "ann3", "ann4", "ann5", "ann6"):
                await world.host.slash(
                    world.lobby, "mm seat", player=p, bot_name="random", match=other
                )
            assert dx.host_view(bot, other)["status"] == "over"
            said = await say("add-match", name="s", match=other)
            assert said.startswith("Entry 1: Main Match (mvp), hosted"), said
            entry = seasons.get("s").entries[0]
            assert entry.body.match == other and entry.body.result is not None
            said = await say("add-match", name="s", match=other)
            assert said == "this match is already in the ledger (entry 1)", said
            bot.database.dispose()

    asyncio.run(scenario())
