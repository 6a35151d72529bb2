"""Discord Markdown of every event (amalgamation spec §6)."""

from __future__ import annotations

from mainmatch.engine.announce import announce
from mainmatch.games.amalgamation import GAME

from .helpers import P, act, config, match, play_rounds, step
from .test_worked_examples import E10


def test_a_round_renders_public_posts_and_one_dm_each():
    m = match()
    events = step(
        m, a=act(contribute=10, bids=[-1, 0, 0, 0, 0], invest=3, donate=1, bet=5, role="mafia")
    )
    ann = announce(GAME, events)
    text = ann.public_text()
    assert "Team **white** contributed less, $0 in total" in text
    assert "tile `-1` → **a**" in text
    assert "Top Investor token: **a**" in text
    assert "**a**: mafia, 5 chips" in text
    assert "- **a**: $380" in text
    assert "Round 2 begins" in text and "`-6`, `-7`, `-8`, `-9`, `-10`" in text
    assert set(ann.private) == set("abcdef")
    assert "You spent $20." in ann.dm_text("a") and "Balance: **$380**" in ann.dm_text("a")
    assert "+25 thief points" in ann.dm_text("a")


def test_a_kong_tie_shows_no_amount_and_penalties_are_named():
    m = match()
    step(m, a=act(bids=[1, 1, 1, 1, 1]))
    events = step(m, a=act(bids=[1, 1, 1, 1, 1]))
    text = announce(GAME, events).public_text()
    assert "**tie**" in text and "$0 in total" not in text
    assert "$20 penalty: **a**" in text
    assert "Minus Auction penalty: $20" in announce(GAME, events).dm_text("a")


def test_final_and_the_ec_vote_render():
    m = match()
    events = play_rounds(m, E10)[-1]
    final = GAME.render_event(events[-1])
    assert "## Final results" in final and "**Points:** a 54, b 54" in final
    assert "**a** (1 Token of Life), **b** (1 Token of Life)" in final
    assert "**a**, **b** now vote" in final
    vote = GAME.render_event(m.step({"a": {"ec": "d"}, "b": {"ec": "f"}})[0])
    assert "a → d, b → f" in vote and "**Elimination Candidate:** **f**" in vote


def test_rules_summary_is_there():
    text = GAME.rules_summary()
    for title in (
        "Kong's Dilemma",
        "Minus Auction",
        "Investment & Donation",
        "Garnet Chip Thief",
        "Final scoring",
    ):
        assert title in text


def test_the_dm_says_bids_and_garnets_in_words():
    """No JSON list, no "garnet(s)" (issue 27): the bids one by one, the plural
    as the count wants it."""
    m = match(config(garnets={p: 2 for p in P}))
    events = step(m, a=act(bids=[3, -1, 3, 0, 0], buy=1), b=act(buy=2))
    ann = announce(GAME, events)
    assert "Minus bids 3, -1, 3, 0, 0," in ann.dm_text("a")
    assert "You sold 1 garnet for" in ann.dm_text("a")
    assert "You sold 2 garnets for" in ann.dm_text("b")
    assert "[" not in ann.dm_text("a") and "(s)" not in ann.dm_text("a")
