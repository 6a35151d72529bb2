"""The host's commands on a running match, as a host uses them.

``/mm new`` with a role and host inputs as an attachment; ``/mm status``
(who has submitted, never what); ``/mm submit`` reopening a request;
``/mm deadline``; ``/mm seat`` for a no-show (a notice in the match channel);
``/mm resolve``; ``/mm undo`` (a notice and fresh requests); ``/mm export`` then ``/mm import``;
``/mm rules``.
"""

from __future__ import annotations

import asyncio
import json

from mainmatch import games

from ..players_words import faults


def test_discord_host_commands(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=4)
            ann1, ann2, ann3, ann4 = world.members
            inputs = json.dumps({"garnets": {"ann1": 3}}).encode()
            mentions = " ".join(m.mention for m in world.members[:3])
            r = await world.host.slash(
                world.lobby,
                "mm new",
                game="amalgamation",
                players=mentions,
                title="Week 3",
                deadlines="round=manual choose_ec=manual",
                early=False,
                inputs=("inputs.json", inputs),
                seed=5,
            )
            said = dx.said(r)
            assert said.startswith("Match ") and "bot1 = bot (strategy)" in said, said
            match_id = said.split()[1]
            config = bot.service.record(match_id)["config"]
            assert config["garnets"]["ann1"] == 3
            assert config["players"][:3] == ["ann1", "ann2", "ann3"]

            # ann1 submits a part of the round; the host sees that, never what
            prompt = world.prompt(ann1, match_id, 1)
            kong = ("part", "kong", {"contribute": "41"})
            answers = await world.act(ann1, prompt, [kong, ("submit",)])
            assert "41" in answers[-1] and "Kong" in answers[-1], answers[-1]
            r = await world.host.slash(world.lobby, "mm status")
            status = dx.said(r)
            assert "ann1: submitted" in status and "ann2: not yet" in status
            # (the match id is random text: it may hold "41" itself)
            assert "41" not in status.replace(match_id, "") and "bot1: bot" in status

            # /mm submit reopens ann2's request, ephemerally, with its components
            r = await ann2.slash(world.lobby, "mm submit")
            assert r.ephemeral and "step 1 (" in dx.said(r)
            custom_ids = [
                c["custom_id"] for row in r.response.components for c in row["components"]
            ]
            assert any(i.endswith(":submit") for i in custom_ids)

            r = await world.host.slash(
                world.lobby, "mm deadline", kind="round", policy="minutes:90"
            )
            # in words, not a Python dict (issue 34 item 11)
            said = dx.said(r)
            assert "play the round's four games: 90 minutes after the step opens" in said
            assert "{" not in said and "'" not in said.replace("round's", "")
            r = await world.host.slash(world.lobby, "mm deadline", kind="turn", policy="manual")
            assert "amalgamation has no step kind 'turn'" in dx.said(r)

            # ann3 does not show up: a bot takes the seat and plays at once
            r = await world.host.slash(world.lobby, "mm seat", player="ann3", bot_name="random")
            assert "ann3's seat is now played by random" in dx.said(r)
            assert dx.host_view(bot, match_id)["pending_status"]["ann3"].startswith("bot")
            shared = [dx.text_of(m) for m in world.messages(world.channel)]
            handover = "The host gave ann3's seat to a bot (random); it acts for ann3 from now on."
            assert shared[-1].replace("**", "") == handover, shared[-1]

            before = len(world.messages(world.channel))
            r = await world.host.slash(world.lobby, "mm resolve")
            assert dx.said(r) == "Step 1 resolved."
            assert len(world.messages(world.channel)) == before + 1
            assert world.prompt(ann1, match_id, 2) is not None
            assert world.prompt(ann3, match_id, 2) is None  # a bot plays that seat now
            # ann4 takes the seat over: the request of the open step reaches them
            r = await world.host.slash(world.lobby, "mm seat", player="ann3", user=ann4)
            assert "ann3's seat is now played by ann4" in dx.said(r)
            handed = world.prompt(ann4, match_id, 2)
            assert handed is not None and "You play **ann3**" in handed.content
            shared = [dx.text_of(m) for m in world.messages(world.channel)]
            assert shared[-1] == "**ann3**'s seat is played by a person again.", shared[-1]
            r = await world.host.slash(world.lobby, "mm seat", player="ann1", user=ann2)
            assert "ann2 already plays a seat of this match" in dx.said(r)

            r = await world.host.slash(world.lobby, "mm undo", step=2)
            assert "confirm the undo with the number of the last step, 1" in dx.said(r)
            r = await world.host.slash(world.lobby, "mm undo", step=1)
            assert dx.said(r) == "Step 1 taken back."
            shared = [dx.text_of(m) for m in world.messages(world.channel)]
            assert shared[-1].startswith("The host took back step 1; it is open again.")
            reopened = world.prompt(ann2, match_id, 1)
            assert reopened is not None and reopened.id != prompt.id
            # a person's seat to another person: the channel is told too
            old = world.prompt(ann3, match_id, 1)
            r = await world.host.slash(world.lobby, "mm seat", player="ann2", user=ann3)
            assert "ann2's seat is now played by ann3" in dx.said(r)
            shared = [dx.text_of(m) for m in world.messages(world.channel)]
            assert shared[-1] == "**ann2**'s seat is now played by another member (ann3).", shared
            handed = world.prompt(ann3, match_id, 1)
            assert handed is not None and handed.id != getattr(old, "id", None)
            assert "You play **ann2**" in handed.content

            # the record, to the host only, and a match continued from it
            r = await world.host.slash(world.lobby, "mm export")
            assert r.ephemeral and r.response.attachments
            data = await r.response.attachments[0].read()
            record = json.loads(data)
            assert record["format"] == "mainmatch-record/1" and record["steps"] == []
            r = await world.host.slash(
                world.lobby,
                "mm import",
                record=("record.json", data),
                players=ann1.mention,
                title="Replayed",
            )
            said = dx.said(r)
            assert said.startswith("Match ") and "ann1 = " in said, said
            new_id = said.split()[1]
            assert new_id != match_id
            r = await world.host.slash(
                world.lobby, "mm import", record=("x.json", b"{not json"), players=""
            )
            assert dx.said(r) == "x.json is not a JSON file."

            r = await ann1.slash(world.lobby, "mm rules", game="mvp")
            assert r.ephemeral and r.response.content.startswith("## The MVP")
            whole = "\n\n".join([r.response.content] + [f.content for f in r.followups])
            assert whole.rstrip().endswith("gamewide tiebreak; a tie in votes too).")
            # in players' words for every game: no action JSON, step id or null (issue 34)
            for game_id in games.game_ids():
                r = await ann1.slash(world.lobby, "mm rules", game=game_id)
                whole = "\n\n".join([r.response.content] + [f.content for f in r.followups])
                assert not faults(whole, frozenset(games.game_ids())), faults(whole)
                assert "`{" not in whole and "step)" not in whole, whole

    asyncio.run(scenario())
