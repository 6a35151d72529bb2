"""Every event renders as Discord-ready Markdown (homeostasis spec §6); private
events go out as DMs."""

from __future__ import annotations

from homeostasis_helpers import random_match

from mainmatch.engine.announce import announce
from mainmatch.games.homeostasis import GAME

SPEC_EVENTS = {
    "cards_saved",
    "saving_closed",
    "round_started",
    "draft_choice",
    "auction_started",
    "bid",
    "pass",
    "card_placed",
    "final_bids",
    "final_tie",
    "final_won",
    "final_no_winner",
    "saved_cards_placed",
    "expression",
    "brackets_placed",
    "brackets_void",
    "round_result",
    "match_over",
    "elimination_candidate",
}


def test_every_event_type_has_its_own_text() -> None:
    seen: set[str] = set()
    for seed in range(60):
        match = random_match(seed)
        for events in match.events:
            for e in events:
                assert e["type"] in SPEC_EVENTS, e
                text = GAME.render_event(e)
                assert text.strip() and not text.startswith(f"**{e['type'].replace('_', ' ')}**"), e
                assert "{'" not in text and "None" not in text, (
                    text
                )  # no raw Python values leak into posts
                seen.add(e["type"])
    assert seen == SPEC_EVENTS


def test_private_events_are_dms_and_examples_read_well() -> None:
    match = random_match(3)
    out = announce(GAME, match.events[0])
    assert set(out.private) == set(match.config["players"])
    assert all(
        len(lines) == 1 and lines[0].startswith("You saved") for lines in out.private.values()
    )
    assert "Saving is closed" in out.public_text()
    assert (
        GAME.render_event(
            {"audience": "public", "type": "bid", "player": "a", "slot": 3, "chips": 5, "total": 12}
        )
        == "**a** bids 5 chips on slot 3 (slot total **12**)."
    )
    text = GAME.render_event(
        {"audience": "public", "type": "expression", "cards": list("2x12+-33/1")}
    )
    assert "```" in text and " 1  2  3" in text
    assert GAME.render_event(
        {
            "audience": "public",
            "type": "round_result",
            "round": 1,
            "simplified": "",
            "result": "0",
            "total": "0",
        }
    ).startswith("## Round 1 result: **0**")
    assert "neutral player wins 2 Tokens of Life" in GAME.render_event(
        {"audience": "public", "type": "match_over", "total": "1", "outcome": "neutral"}
    )
