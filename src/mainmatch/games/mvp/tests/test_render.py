"""Events as Discord Markdown (mvp spec §6): every event type renders the facts
a host announces; private events go to their player only."""

from __future__ import annotations

from mvp_table import Table

from mainmatch.engine.announce import announce
from mainmatch.games.mvp import GAME


def test_round_resolved_and_private_summaries():
    t = Table()
    t.round(
        {
            "r1": {"bids": {"U": 3, "V": 2}, "buy_identity": ["A"], "buy_location": ["grapes-6"]},
            "r2": {"W": 1},
            "g1": {"X": 1},
        }
    )
    t.round()
    a = announce(GAME, t.events[-1])
    pub = a.public_text()
    assert "## Round 2 resolved" in pub and "**U** 🍎 apples-1: 🟥 red, paid 3 chips" in pub
    assert "**Newly exposed:** P, Q, R, S, T" in pub and "J = 🍐 pears-2" in pub
    dm = a.dm_text("r1")
    assert "You paid for claims: U 3 chips, V 2 chips" in dm
    assert (
        "Your team claimed U: you **control** it." in dm
        and "Your team claimed W: you do not control it." in dm
    )
    assert "Free chips: **25**" in dm
    first = announce(GAME, t.events[0]).dm_text("r1")
    assert (
        "Identity bought: A is 🍇 grapes-5" in first
        and "Location bought: 🍇 grapes-6 lies on D" in first
    )
    assert set(a.private) == {"r1", "r2", "r3", "g1", "g2", "g3"}


def test_game_over_and_the_vote():
    t = Table()
    t.rounds({"r1": {"U": 3, "V": 2}, "r2": {"W": 1}, "g1": {"X": 1}}, None, None)
    over = announce(GAME, t.events[-1]).public_text()
    assert "## Game over after round 3: nobody bid and nothing was claimed (stalemate)" in over
    assert "🟥 red 3 · 🟩 green 0: 🟥 red wins" in over
    assert "**Winners:** **r1**" in over and "U r1, V r1, W r2, X g1" in over
    assert "run of apples 1-2-3 (U, V, W): 1 per card = **3**" in over
    assert "now vote for the Elimination Candidate among **g1**, **g2**, **g3**; each" in over
    assert "Send" not in over and "{" not in over  # words, not JSON (issue 34 item 11)
    t.vote({"r1": "g2"})
    text = announce(GAME, t.events[-1]).public_text()
    assert text == "## Elimination Candidate: **g2**\n**Votes:** r1 → g2"


def test_a_quiet_round_and_a_direct_ec():
    t = Table()
    t.rounds({"r1": {"X": 3}, "g1": {"X": 3}})
    assert "Nothing was claimed or flagged." in announce(GAME, t.events[-1]).public_text()
    t2 = Table()
    t2.rounds(
        {"r1": {"U": 1, "V": 1}, "r3": {"W": 1}, "g1": {"X": 1}},
        {"g2": {"S": 1}, "g3": {"T": 1}},
        None,
        None,
    )
    text = announce(GAME, t2.events[-1]).public_text()
    assert "the teams tie" in text and "**Elimination Candidate:** **r2**" in text
    assert "V nobody" not in text  # V has r1 as controller here (r1 alone bid on it)
