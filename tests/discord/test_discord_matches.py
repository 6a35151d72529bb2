"""A whole match of each game played through the bot: one member plays with
the components in their private place, bots play the other seats.

Asserted for every step the member acts in: a prompt with that step's
components reached their place (and nobody else's), the request and every
answer read in words (no JSON), the ephemeral echo is exactly what the service
stored, and what was stored is what they meant. The forms are derived from
each game's step descriptions (the example plugin game's too).
At the end the public channel holds exactly the public announcements (the
opening, each step's public post, the result) and no secret.
"""

from __future__ import annotations

import asyncio

import pytest

from mainmatch import games
from mainmatch.engine.announce import announce

from ..players_words import faults

#: every registered game: the five built in and any installed package's (the example
#: plugin game, The Sealed Bid, whose forms come from its step descriptions alone)
GAMES = list(games.game_ids())


async def play(dx, world, match_id: str, members: list, seed: int = 1) -> dict:
    """Play the match to its end with the kit's :func:`play` (the prompt in the
    member's place only, in words with no JSON, ``Stored for step N``, the
    stored action the one meant), checking more at every turn: no field name,
    repr or wrong plural in the request or any answer, and the stored action is
    the meant one under the built-in games' own reading of their defaults.
    Returns {player: [stored actions]}."""
    game = dx.host_view(world.bot, match_id)["game"]["id"]

    def words_and_store(turn) -> None:
        for text in (turn.prompt.content, *turn.answers):
            assert not faults(text), faults(text)  # issue 34: no field name, repr, "1 chips"
        if turn.stored is not None:
            assert dx.normal(game, turn.stored) == dx.normal(game, turn.action)

    return await dx.play(world, match_id, members, seed=seed, on_turn=words_and_store)


def public_texts(bot, match_id: str) -> str:
    """Every public text the match produced, by replay (the ground truth)."""
    _m, snap = bot.service.snapshot(match_id)
    out = [announce(snap.game, list(evs)).public_text() for evs in snap.events]
    return "\n".join(out)


@pytest.mark.parametrize("game", GAMES)
def test_discord_whole_match_with_bots(game, sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(web_base="http://mm.test")
            match_id = await world.new(game, humans=1, title="Finals @everyone")
            me = world.members[0]
            played = await play(dx, world, match_id, [me])
            assert any(played.values())
            await bot.pump()
            ov = dx.host_view(bot, match_id)
            assert ov["status"] == "over"
            # the public channel: the opening, every public post, the result; nothing else
            truth = public_texts(bot, match_id)
            shared = [dx.text_of(m) for m in world.messages(world.channel)]
            assert "the result" in shared[-1] and "Elimination Candidate" in shared[-1]
            assert "begins" in shared[0] and "@everyone" in shared[0]  # neutralised, shown
            for text in shared[1:-1]:
                body = text.split("\n\n**Next deadline:**")[0]
                assert body in truth, body[:200]
            tokens = ov["links"]["players"]
            for text in shared:
                assert "http://mm.test/play/" not in text
                assert all(t not in text for t in tokens.values())
            # the player's place: their own link, their own view, never another's
            mine = [dx.text_of(m) for m in world.messages(world.place(me))]
            assert any(f"/play/{tokens[p]}" in t for t in mine for p in played)
            others = [t for p, t in tokens.items() if p not in played]
            assert not any(t in text for text in mine for t in others)
            # every message a player reads is in words (issue 34 items 8-12)
            found = [f for text in shared + mine for f in faults(text)]
            assert not found, found[:5]

    asyncio.run(scenario())


@pytest.mark.parametrize("seats", sorted(set(games.get("sealed_bid").players_range())))
def test_discord_plugin_game_at_each_end_of_its_range(seats, sqlite_url, dx):
    """The example plugin game (an installed package, 3 to 5 players) on a table of
    ``seats`` (``/mm new seats:``), two people and bots, played through its forms."""

    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=2)
            match_id = await world.new("sealed_bid", humans=2, seats=seats)
            assert len(bot.service.record(match_id)["config"]["players"]) == seats
            played = await play(dx, world, match_id, world.members)
            assert all(played.values()) and len(played) == 2
            assert dx.host_view(bot, match_id)["status"] == "over"

    asyncio.run(scenario())
