"""Events as Discord Markdown (§6): public posts and DMs."""

from __future__ import annotations

from mainmatch.engine.announce import announce
from mainmatch.games.second_to_won import GAME
from mainmatch.games.second_to_won.catalogue import seed_listing

from .helpers import config, filler, item, match, step, you


def test_an_auction_step_becomes_a_post_and_one_dm_each():
    info_item = {"effects": [{"target": "you", "add": 3, "info": 3}]}
    m = match(
        config(
            seed_listing(), [info_item, *filler(5)], [you(5), item("choice", add=-10), *filler(4)]
        )
    )
    step(m, ana="A5 C3 F10", ben="B4 D2(choice ana) F10", cal="A5 C2 E1", others="A1 B1 C1")
    events = step(m, cal="A3 B1 C1", others="B1 C1 D1")
    ann = announce(GAME, events)
    post = ann.public_text()
    assert post.startswith("## Auction 2 is closed")
    assert (
        "## Auction 3 is open\n🇦 +5 points to YOU\n🇧 -10 points to CHOICE\n🇨 x1 points to YOU"
        in post
    )
    assert "at least 3 items" in post
    assert "points" not in post.split("## Auction 3")[0]  # nothing secret in the post
    dm = ann.dm_text("cal")
    assert dm.startswith("Auction 2: you won **A**, **B**, **C**.")  # ties at 1 chip win too
    assert "**18 points**, 29 chips and 0 garnets" in dm
    assert "📜 Information: the items of auction 3\n🇦 +5 points to YOU" in dm
    assert ann.dm_text("ana").startswith("Auction 2: you won **B**, **C**, **D**.")
    assert set(ann.private) == set(m.config["players"])


def test_seed_listing_uses_the_hosts_text_and_garnet_gifts_are_told():
    m = match(config(seed_listing(), filler()))
    events = step(
        m, ana="A5 C3 F10", ben="B4 D2(choice ana) F10", cal="A5 C2 E1", others="A1 B1 C1"
    )
    ann = announce(GAME, events)
    assert (
        "🇫 +40 points & 2 Garnets to YOU" not in ann.public_text()
    )  # auction 1 was shown before the step
    assert ann.dm_text("ana") == (
        "Auction 1: you won **A**, **C**, **F**. You have **90 points**, 22 chips and 2 garnets "
        "(2 garnets gifted this auction)."
    )
    assert (
        ann.dm_text("dee")
        == "Auction 1: you won nothing. You have **10 points**, 40 chips and 0 garnets."
    )


def test_game_over_post_reveals_scores_tokens_ec_and_garnets():
    m = match(config([you(205), you(50), you(60), you(1), you(2), you(3)], filler()))
    events = step(m, ana="A5 D1 E1", ben="C5 D1 E1", cal="B5 D1 E1", others="D1 E1 F1")
    text = GAME.render_event(events[-1])
    assert text.startswith("## Game over: **ana** passed 200 points in auction 1")
    assert "- ana: 208\n- ben: 63\n- cal: 53" in text
    assert "**Over 200 (no Token of Life):** **ana**" in text
    assert "**Tokens of Life:** **ben** 2" in text
    assert "**Elimination Candidate:** **ana**" in text
    assert "**Garnets awarded:** dee 10, eve 10, fay 10, gus 10, hal 10, ivy 10" in text


def test_game_over_with_tied_ecs_and_no_tokens():
    end = {
        "reason": "complete",
        "auctions_played": 2,
        "scores": {"ana": 12, "ben": 12},
        "score_history": [],
        "over_200": [],
        "first": ["ana", "ben"],
        "second": [],
        "last_place": ["ana", "ben"],
        "elimination_candidates": ["ana", "ben"],
        "elimination_candidate": "ben",
        "tokens_of_life": {},
        "garnet_award": {"ana": 10, "ben": 10},
    }
    text = GAME.render_event({"audience": "public", "type": "game_over", **end})
    assert text.startswith("## Game over: all 2 auctions are played")
    assert "**Tokens of Life:** none" in text
    assert (
        "**Tied Elimination Candidates:** **ana**, **ben**; the gamewide tiebreak names **ben**"
        in text
    )
    assert GAME.render_event({"audience": "public", "type": "mystery"}) == "**mystery**"
