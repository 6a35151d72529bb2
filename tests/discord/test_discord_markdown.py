"""User text in prompts and private answers shows as typed (issue 26, L7).

Titles, item texts and imported ids reached the prompts with their Markdown
live (code fences, headings, spoilers, masked links), while the public posts
escaped it. Every prompt and private text now goes through one function
(``text.escape``, the public posts' ``engine.announce.neutralise``).
"""

from __future__ import annotations

import asyncio
import json
import re

TITLE = "```x``` # Big ||spoiler|| [click](https://evil.example) *b* @everyone"

LIVE = (
    re.compile(r"(?<!\\)```x"),  # a code fence from the title
    re.compile(r"(?<!\\)\|\|spoiler"),  # a spoiler
    re.compile(r"(?<!\\)\[click(?<!\\)\]\("),  # a masked link
    re.compile(r"@everyone"),  # a ping
)


def _live(text: str) -> list[str]:
    return [p.pattern for p in LIVE if p.search(text)]


def test_titles_stay_text_in_prompts_views_and_status(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=1)
            ann1 = world.members[0]
            match_id = await world.new("second_to_won", humans=1, title=TITLE)
            prompt = world.prompt(ann1, match_id, 1)
            assert prompt is not None
            text = prompt.content
            assert "\\`\\`\\`x" in text and "\\|\\|spoiler" in text, text[:300]
            assert _live(text) == [], text[:400]
            r = await ann1.slash(world.lobby, "mm view")
            view = "\n".join([r.response.content, *(f.content for f in r.followups)])
            assert _live(view) == [] and "\\|\\|spoiler" in view
            clicked = await ann1.user.click(prompt, label="My view")
            assert _live(clicked.response.content) == []
            r = await world.host.slash(world.lobby, "mm status", match=match_id)
            status = r.response.content
            assert _live(status) == [] and "\\`\\`\\`x" in status, status
            # the public post escapes it too (as before)
            public = "\n".join(m.content for m in world.messages(world.channel))
            assert "spoiler" in public and _live(public) == []
            bot.database.dispose()

    asyncio.run(scenario())


def test_imported_ids_stay_text(sqlite_url, dx):
    """A record's player ids (any the game accepts) in the host's answer and the
    player's request: their Markdown shows as typed."""
    from mainmatch import games
    from mainmatch.engine.record import new_record

    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=1)
            ann1 = world.members[0]
            game = games.get("mvp")
            players = ["||sp||", "__u__", *list(game.default_players)[2:]]
            record = new_record("mvp", game.new_config(players, 5))
            data = json.dumps(record).encode()
            r = await world.host.slash(
                world.lobby, "mm import", record=("r.json", data), players=ann1.mention
            )
            said = r.followups[-1].content if r.followups else r.response.content
            assert said.startswith("Match "), said
            assert "\\|\\|sp\\|\\| = " in said and "||sp||" not in said, said
            match_id = said.split()[1]
            prompt = world.prompt(ann1, match_id, 1)
            assert prompt is not None
            assert "||sp||" not in prompt.content and "\\|\\|sp\\|\\|" in prompt.content
            bot.database.dispose()

    asyncio.run(scenario())
