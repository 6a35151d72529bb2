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
            seasons.create("s3", list(rec["config"]["players"]))
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
            seasons.create("s4", list(players))
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
