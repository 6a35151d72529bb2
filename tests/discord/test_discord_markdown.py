"""User text in prompts and private answers shows as typed (issue 26, L7).

Titles, item texts and imported ids reached the prompts with their Markdown
live (code fences, headings, spoilers, masked links), while the public posts
escaped it. Every prompt and private text now goes through one function
(``text.escape``, the public posts' ``engine.announce.neutralise``).
"""

from __future__ import annotations

import asyncio
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
