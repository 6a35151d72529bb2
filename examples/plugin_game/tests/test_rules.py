"""The Sealed Bid's rules, worked through whole rounds (rules.md §1-§3)."""

from __future__ import annotations

import pytest
from sealed_bid import GAME

from mainmatch.engine import IllegalAction, InvalidConfig, Match

P = ["ana", "ben", "cy"]


def match(prizes=(3, 2, 4), garnets=None, tiebreak=None, players=P) -> Match:
    config = GAME.new_config(list(players), 0, garnets=garnets, gamewide_tiebreak=tiebreak)
    return Match(GAME, {**config, "prizes": list(prizes)})


def bids(m: Match, *amounts: int, garnets: dict | None = None) -> list[dict]:
    turned = garnets or {}
    return m.step(
        {p: {"bid": b, "garnets": turned.get(p, 0)} for p, b in zip(m.config["players"], amounts)}
    )


def test_the_single_highest_bid_wins_and_every_bid_is_paid() -> None:
    m = match()
    events = bids(m, 4, 2, 0)  # §2
    assert events[0]["winner"] == "ana" and events[0]["points"] == {"ana": 3, "ben": 0, "cy": 0}
    assert m.view(None)["chips"] == {"ana": 6, "ben": 8, "cy": 10}
    assert events[1] == {"audience": "public", "type": "round_start", "round": 2, "prize": 2}


def test_a_tie_for_the_highest_bid_wins_nothing_but_is_paid() -> None:
    m = match()
    events = bids(m, 5, 5, 1)
    assert events[0]["winner"] is None
    assert m.view(None)["points"] == {"ana": 0, "ben": 0, "cy": 0}
    assert m.view(None)["chips"] == {"ana": 5, "ben": 5, "cy": 9}


def test_garnets_become_chips_after_the_bids() -> None:
    m = match(garnets={"ana": 2})
    with pytest.raises(IllegalAction, match="exceeds the 10 chips you hold"):
        GAME.validate(m.state, "ana", {"bid": 11, "garnets": 2})
    bids(m, 10, 0, 0, garnets={"ana": 2})
    assert m.view("ana")["you"] == {"player": "ana", "chips": 2, "points": 3, "garnets": 0}
    assert m.result() is None
    # what ana still holds is hers alone: the public view has no garnets held
    assert "garnets" not in m.view("ben") and m.view("ben")["you"]["garnets"] == 0


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ([], "must be a JSON object"),
        ({"bid": 1, "chips": 2}, "unknown fields"),
        ({"bid": -1}, "whole number of chips >= 0"),
        ({"bid": True}, "whole number of chips >= 0"),
        ({"bid": 1, "garnets": 1}, "hold 0"),
    ],
)
def test_bad_bids_are_refused_in_one_line(action, message: str) -> None:
    m = match()
    with pytest.raises(IllegalAction, match=message) as caught:
        GAME.validate(m.state, "ana", action)
    assert "\n" not in str(caught.value)


def test_standing_is_points_then_chips_and_a_clear_loser_is_the_ec() -> None:
    m = match()
    bids(m, 3, 0, 0)  # ana 3 points
    bids(m, 0, 2, 0)  # ben 2 points
    events = bids(m, 0, 0, 5)  # cy 4 points
    result = m.result()
    assert result is not None and not m.pending
    assert result["ranking"] == [["cy"], ["ana"], ["ben"]]
    assert result["tokens_of_life"] == {"cy": 1} and result["garnets"] == {"cy": 2}
    assert result["elimination_candidate"] == "ben" and result["details"]["outcome"] == "clear"
    assert [e["type"] for e in events] == ["round_result", "play_over", "game_over"]


def test_the_winners_choose_among_players_tied_for_worst() -> None:
    m = match(players=["ana", "ben", "cy", "dee"])
    bids(m, 1, 0, 0, 0)  # ana 3 points, 9 chips; the rest stand 0 points, 10 chips
    bids(m, 0, 0, 0, 0)
    events = bids(m, 0, 0, 0, 0)
    assert events[-1] == {
        "audience": ["ana"],
        "type": "choose_ec",
        "candidates": ["ben", "cy", "dee"],
    }
    assert m.pending == {"ana": {"kind": "choose_ec", "candidates": ["ben", "cy", "dee"]}}
    m.step({"ana": {"ec": "cy"}})
    result = m.result()
    assert result is not None and result["elimination_candidate"] == "cy"
    assert result["ranking"] == [["ana"], ["ben", "dee"], ["cy"]]
    assert result["details"]["outcome"] == "vote"


def test_when_everyone_stands_the_same_the_tiebreak_names_the_ec() -> None:
    m = match(tiebreak=["cy", "ana", "ben"])
    for _ in range(3):
        bids(m, 2, 2, 2)
    result = m.result()
    assert result is not None
    assert result["tokens_of_life"] == {} and result["elimination_candidate"] == "ben"
    assert result["details"]["outcome"] == "all_tied"


@pytest.mark.parametrize("count", [2, 6])
def test_a_table_outside_3_to_5_is_refused(count: int) -> None:
    with pytest.raises(InvalidConfig, match=f"takes 3 to 5 players, not {count}"):
        GAME.new_config([f"p{i}" for i in range(count)], 0)
    assert GAME.takes_players(count) == f"The Sealed Bid takes 3 to 5 players, not {count}"


def test_a_variant_changes_the_rounds_and_the_chips() -> None:
    config = GAME.new_config(P, 5, variant={"rounds": 2, "chips": 4})
    assert len(config["prizes"]) == 2 and config["variant"] == {"rounds": 2, "chips": 4}
    m = Match(GAME, config)
    assert m.view(None)["chips"] == dict.fromkeys(P, 4) and m.view(None)["variant"]
    with pytest.raises(InvalidConfig, match="prizes: one prize per round: 2, not 3"):
        GAME.check_config({**config, "prizes": [1, 2, 3]})
    assert "variant" not in GAME.new_config(P, 5, variant={"rounds": 3})


def test_events_read_as_markdown() -> None:
    m = match()
    events = bids(m, 4, 4, 1)
    text = GAME.render_event(events[0])
    assert text.startswith("## Round 1 result") and "nobody wins" in text
    assert "- cy: 1 → 0 points, 9 chips left" in text
