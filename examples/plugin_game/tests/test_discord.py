"""The Sealed Bid on Discord (the testing kit's mainmatch.testing.discord):
whole matches played through the real bot on simcord, discord.py's own
objects with only the network replaced. Two members play their seats through
the prompts' components and modals, bots play the rest; the result post
lists every seat and names the match's Elimination Candidate."""

from __future__ import annotations

import asyncio

import pytest

from mainmatch.bots import get_bot
from mainmatch.testing.discord import play_match


@pytest.mark.parametrize("seats", [3, 5])
def test_a_whole_match_on_discord(tmp_path, seats: int) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    seen = asyncio.run(play_match("sealed_bid", url, humans=2, seats=seats))
    assert len(seen.played) == 2 and all(seen.played.values())
    # the result post: one row per seat, the EC's marked, and the EC named last
    result = seen.overview["result"]
    ec = result["elimination_candidate"]
    rows = seen.result_post.split("```")[1].strip().splitlines()[1:]
    assert len(rows) == seats
    assert [r.split()[1] for r in rows if r.endswith("EC")] == [ec]
    assert seen.result_post.endswith(f"**Elimination Candidate:** {ec}")
    # each person's own place holds their prompts; the public channel, none
    for member, texts in seen.places.items():
        assert any("bid" in t.lower() for t in texts), member


def test_people_can_answer_with_the_strategy_bot(tmp_path) -> None:
    """``choose``: what a person sends, here the strategy bot's own bid."""
    strategy = get_bot("sealed_bid", "strategy")
    seen = asyncio.run(
        play_match("sealed_bid", f"sqlite:///{tmp_path / 'm.db'}", choose=strategy.act, seed=3)
    )
    (bids,) = seen.played.values()
    assert bids and all(0 <= b.get("bid", 0) <= 10 for b in bids if "bid" in b)
