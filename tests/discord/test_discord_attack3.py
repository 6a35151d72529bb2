"""Issue 33: the third attack's Discord findings (N6, B1, B2, B9, B10), each
replayed with discord.py's real objects (simcord replaces only the network)."""

from __future__ import annotations

import asyncio

import discord


def test_n6_setup_key_guesses_are_limited_per_server(sqlite_url, dx, monkeypatch):
    """``/mm setup key:``: 20 wrong keys, then every key is refused unchecked
    (the right one too) until a guess comes back; another server is not held
    up; the count is kept in the database."""
    import time

    from mainmatch.discord import authority

    frozen = time.time()
    monkeypatch.setattr(
        authority, "clock", lambda: frozen
    )  # the guesses come faster than the refill

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


def test_n4_a_season_made_on_discord_is_private_on_the_web_until_made_public(sqlite_url, dx):
    from fastapi.testclient import TestClient

    from mainmatch.host.app import create_app

    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            org = await dx.World(env, bot).setup(players=2)
            cast = " ".join(m.mention for m in org.members)
            r = await org.host.slash(org.lobby, "mm season new", name="org-s1", cast=cast)
            assert dx.said(r).startswith("Season org-s1 started"), dx.said(r)
            app = create_app(sqlite_url, admin_key=bot.authority.key(), bot_worker=False)
            with TestClient(app) as web:
                assert web.get("/seasons/org-s1").status_code == 404
                assert web.get("/api/seasons/org-s1/export").status_code == 404
                assert web.get("/api/seasons").json() == []
                r = await org.host.slash(
                    org.lobby, "mm season visibility", name="org-s1", choice="public"
                )
                assert dx.said(r) == "Season org-s1 is now public on the web."
                assert web.get("/seasons/org-s1").status_code == 200
                assert web.get("/api/seasons").json() == ["org-s1"]
            app.state.service.db.dispose()
            bot.database.dispose()

    asyncio.run(scenario())


def test_b10_a_kept_empty_submission_is_read_back_in_the_steps_words(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            ann1, ann2 = world.members
            match_id = await world.new("seat_exchange", humans=2, early=True)
            await world.act(ann1, world.prompt(ann1, match_id, 1), [("submit",)])
            await world.act(ann2, world.prompt(ann2, match_id, 1), [("submit",)])
            assert dx.host_view(bot, match_id)["steps_applied"] == 1
            r = await world.host.slash(world.lobby, "mm undo", step=1, match=match_id)
            assert dx.said(r) == "Step 1 taken back.", dx.said(r)
            await bot.pump()
            text = dx.text_of(world.prompt(ann2, match_id, 1))
            assert "Kept from before the undo" in text
            kept = text.split("Kept from before the undo", 1)[1]
            assert "(nothing)" not in kept and "You pay for no trade" in kept, kept
            bot.database.dispose()

    asyncio.run(scenario())


def test_b1_b2_a_member_whose_seat_went_to_a_bot_reaches_it_no_more_until_given_back(
    sqlite_url, dx
):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            ann1, _ann2 = world.members
            match_id = await world.new("seat_exchange", humans=2)
            prompt = world.prompt(ann1, match_id, 1)
            old_link = dx.host_view(bot, match_id)["links"]["players"]["ann1"]
            r = await world.host.slash(
                world.lobby, "mm seat", player="ann1", bot_name="random", match=match_id
            )
            assert "ann1's seat is now played by random" in dx.said(r), dx.said(r)
            await bot.pump()
            assert dx.host_view(bot, match_id)["pending_status"]["ann1"] == "bot"
            # B1: no view, no form, no withdrawal of the bot's move, no web link
            r = await ann1.slash(world.lobby, "mm view")
            assert "You play no match" in dx.said(r), dx.said(r)
            r = await ann1.user.click(prompt, label="My view")
            assert "not your seat" in dx.said(r), dx.said(r)
            r = await ann1.user.click(prompt, custom_id=f"mm:{match_id}:1:0:withdraw")
            assert "not your seat" in dx.said(r), dx.said(r)
            assert dx.host_view(bot, match_id)["pending_status"]["ann1"] == "bot"
            assert bot.service.access_now(old_link) is None
            # B2: the seat goes back to ann1
            r = await world.host.slash(
                world.lobby, "mm seat", player="ann1", user=ann1, match=match_id
            )
            assert "ann1's seat is now played by ann1" in dx.said(r), dx.said(r)
            r = await ann1.slash(world.lobby, "mm view")
            assert "**You (ann1)**" in dx.text_of(r.response), dx.said(r)
            bot.database.dispose()

    asyncio.run(scenario())


def test_a_player_who_submitted_on_the_web_is_not_told_the_step_closed_without_them(
    sqlite_url, dx, monkeypatch
):
    from mainmatch.host.service import Access

    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            ann1, ann2 = world.members

            async def later() -> None:  # the bot is busy: nothing posted yet
                return None

            monkeypatch.setattr(bot, "pump_after", later)
            match_id = await world.new("seat_exchange", humans=2, early=False)
            assert world.prompt(ann1, match_id, 1) is None
            done = bot.service.submit(Access(match_id, "player", "ann2"), {"trades": []}, 1)
            assert done["submitted"]
            r = await world.host.slash(world.lobby, "mm resolve", match=match_id)
            assert dx.said(r) == "Step 1 resolved.", dx.said(r)
            await bot.pump()

            def closed(member) -> list[str]:
                texts = [dx.text_of(m) for m in world.messages(world.place(member))]
                return [t for t in texts if t.startswith("Step 1 closed before its request")]

            assert closed(ann2) == []  # ann2's own action stood
            assert len(closed(ann1)) == 1  # ann1's default did
            bot.database.dispose()

    asyncio.run(scenario())


def _late_mvp_request():
    """A real MVP round request late in a match: garnets held, no hidden place left."""
    import random

    from mainmatch import games
    from mainmatch.engine import Match

    g = games.get("mvp")
    ps = list(g.default_players)
    m = Match(g, g.new_config(ps, 1, garnets={p: 20 for p in ps}))
    rng = random.Random(1)
    while m.pending:
        for req in m.pending.values():
            if req.get("kind") == "round" and not req["identity_targets"] and req["garnets"] > 0:
                return g, req
        actions = {p: g.random_action(m.state, p, rng) for p in m.pending}
        for a in actions.values():
            a.pop("buy_chips", None)  # keep garnets for the late rounds
        m.step(actions)
    raise AssertionError("no late round with garnets and nothing hidden")


def test_b9_a_purchase_with_nothing_left_to_learn_is_not_offered():
    """Late in The MVP, with no hidden place left, neither the request's words,
    the web form's description nor the Discord form offer to learn one."""
    from mainmatch.discord import forms
    from mainmatch.host.inputwords import describe_step

    game, req = _late_mvp_request()
    assert req["garnets"] > 0 and req["identity_targets"] == []
    words = game.step("round").request_words(req)
    assert "hidden place" not in words and "buy chips" in words, words
    names = [i["name"] for i in describe_step(game, "round", req)["inputs"]]
    assert "buy_identity" not in names and "buy_chips" in names, names
    assert ("buy_location" in names) == bool(req["location_targets"])
    assert "buy_identity" in [i["name"] for i in describe_step(game, "round")["inputs"]]
    keys = [f.key for p in forms.form_for("mvp", "round", req).parts for f in p.fields]
    assert "buy_identity" not in keys and "buy_chips" in keys, keys
    offered = {**req, "identity_targets": ["A"]}
    keys = [f.key for p in forms.form_for("mvp", "round", offered).parts for f in p.fields]
    assert "buy_identity" in keys, keys
