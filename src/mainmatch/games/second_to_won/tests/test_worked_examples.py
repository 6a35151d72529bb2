"""Every worked example of second_to_won spec §9, each its own test."""

from __future__ import annotations

import pytest

from mainmatch.engine import IllegalAction
from mainmatch.games.second_to_won import GAME
from mainmatch.games.second_to_won.catalogue import seed_listing
from mainmatch.games.second_to_won.scoring import garnet_award

from .helpers import (
    P,
    bids,
    chips,
    config,
    events_of,
    filler,
    item,
    match,
    scores,
    step,
    times,
    you,
)

DEE_TO_IVY = ["dee", "eve", "fay", "gus", "hal", "ivy"]
W1_BIDS = {
    "ana": "A5 C3 F10",
    "ben": "B4 D2(choice ana) F10",
    "cal": "A5 C2 E1",
    "others": "A1 B1 C1",
}
W2_ITEMS = [
    times("1.5"),
    you(5),
    times("0.5", "choice"),
    {"effects": [{"target": "you", "add": 3, "info": 3}]},
    item("others", add=1),
    you(7),
]
W2_BIDS = {
    "cal": "A3 B3 D3",
    "ben": "C(garnets 1, choice ana) E1 F2",
    "ana": "C2(choice ben) E1 F1",
    "others": "E1 F1 B1",
}


def _won(m, p):
    return [(w["auction"], w["letter"]) for w in m.view(p)["you"]["won"]]


def test_W1_seed_listing_auction_1():
    m = match(config(seed_listing(), filler()))
    events = step(m, **W1_BIDS)
    assert [l for a, l in _won(m, "ana")] == ["A", "C", "F"]
    assert [l for a, l in _won(m, "ben")] == ["B", "D", "F"]
    assert [l for a, l in _won(m, "cal")] == ["A", "E"]
    assert all(_won(m, p) == [] for p in DEE_TO_IVY)
    assert scores(m) == {"ana": 90, "ben": 75, "cal": 15, **{p: 10 for p in DEE_TO_IVY}}
    assert chips(m) == {"ana": 22, "ben": 24, "cal": 34, **{p: 40 for p in DEE_TO_IVY}}
    assert {p: m.view(p)["you"]["garnets"] for p in P} == {
        p: (2 if p in ("ana", "ben") else 0) for p in P
    }
    # the won entries carry the winning bid (and its CHOICE)
    assert m.view("ben")["you"]["won"][1] == {
        "auction": 1,
        "letter": "D",
        "chips": 2,
        "garnets": 0,
        "choice": "ana",
    }
    assert events_of(events, "auction_result")[0] == {
        "audience": ["ana"],
        "type": "auction_result",
        "auction": 1,
        "won": ["A", "C", "F"],
        "points": 90,
        "chips": 22,
        "garnets": 2,
        "garnets_gifted": 2,
    }


def test_W2_rounding_choice_multiplier_garnet_bid_info():
    m = match(config(seed_listing(), W2_ITEMS, filler()))
    step(m, **W1_BIDS)
    events = step(m, **W2_BIDS)
    assert _won(m, "ben")[-3:] == [(2, "C"), (2, "E"), (2, "F")]  # C: value 3 beats ana's 2
    assert (2, "C") not in _won(m, "ana")
    assert scores(m) == {"ana": 52, "ben": 89, "cal": 39, **{p: 17 for p in DEE_TO_IVY}}
    assert chips(m) == {"ana": 21, "ben": 21, "cal": 25, **{p: 39 for p in DEE_TO_IVY}}
    ben = m.view("ben")["you"]
    assert ben["garnets"] == 1 and ben["garnets_spent"] == 1
    assert m.view("ana")["you"]["garnets"] == 2
    # cal privately receives auction 3's item list, nobody else does
    info = events_of(events, "information")
    assert info == [
        {
            "audience": ["cal"],
            "type": "information",
            "auction": 3,
            "items": [{"letter": l, **it} for l, it in zip("ABCDEF", filler())],
        }
    ]
    assert m.view("cal")["you"]["info"] == [{"auction": 3, "items": info[0]["items"]}]
    assert all(m.view(p)["you"]["info"] == [] for p in P if p != "cal")
    assert m.view(None)["auctions"][-1]["auction"] == 3  # auction 3 opens now anyway
    assert GAME.result(m.state) is None


def test_W3_two_multipliers_exact_decimals():
    auction1 = [you(15), you(10), *filler(4)]
    auction2 = [
        times("1.5"),
        times("1.5", "choice"),
        item("choice", add=10),
        times("1.1"),
        times("1"),
        times("1"),
    ]
    m = match(config(auction1, auction2, filler()))
    step(m, ana="A1 C1 D1", cal="B1 C1 D1", others="C1 D1 E1")
    assert scores(m)["ana"] == 15 and scores(m)["cal"] == 10
    step(
        m, ana="A2 E1 F1", ben="B2(choice ana) C2(choice ana) E1", cal="D2 E1 F1", others="A1 E1 F1"
    )
    s = scores(m)
    assert s["ana"] == 44  # ceil(15 * 2.25) + 10, one rounding: not 45
    assert s["cal"] == 11  # 10 * 1.1 exactly: not 12


def test_W4_garnet_award_seed_rule():
    lowest = 20
    assert [garnet_award(s - lowest) for s in (20, 25, 26, 30, 31, 45, 46)] == [
        10,
        10,
        8,
        8,
        6,
        2,
        0,
    ]


def _w5():
    auction1 = [you(205), you(50), you(60), you(1), you(2), you(3)]
    m = match(config(auction1, filler()))
    events = step(m, ana="A5 D1 E1", ben="C5 D1 E1", cal="B5 D1 E1", others="D1 E1 F1")
    return m, events


def test_W5_premature_end():
    m, events = _w5()
    pub = m.view(None)
    end = pub["end"]
    assert pub["phase"] == "over" and pub["auction"] == 1 and pub["max_auctions"] == 2
    assert [a["auction"] for a in pub["auctions"]] == [1]  # auction 2 stays hidden
    assert end["scores"] == {"ana": 208, "ben": 63, "cal": 53, **{p: 6 for p in DEE_TO_IVY}}
    assert end["reason"] == "over_200"
    assert end["over_200"] == end["first"] == ["ana"]
    assert end["second"] == ["ben"]
    assert end["elimination_candidate"] == "ana" and end["elimination_candidates"] == ["ana"]
    assert end["tokens_of_life"] == {"ben": 2}
    assert end["last_place"] == DEE_TO_IVY  # no earlier auction to break the tie
    assert end["garnet_award"] == {"ana": 0, "ben": 0, "cal": 0, **{p: 10 for p in DEE_TO_IVY}}
    res = m.result()
    assert res["elimination_candidate"] == "ana" and res["tokens_of_life"] == {"ben": 2}
    assert res["garnets"] == {p: 10 for p in DEE_TO_IVY}
    assert events[-1] == {"audience": "public", "type": "game_over", **end}
    assert not m.pending


def test_W6_two_over_200_tied():
    a1 = [you(150), you(100), you(10), you(20), you(30), you(1)]
    a2 = [you(50), you(100), you(5), you(6), you(7), you(8)]
    m = match(config(a1, a2, filler()))
    step(m, ana="A5 F1 C1", ben="B5 F1 C1", cal="E5 F1 C1", dee="D5 F1 C1", others="F1 C1 D1")
    assert scores(m) == {"ana": 161, "ben": 111, "cal": 41, "dee": 31, **{p: 11 for p in P[4:]}}
    step(m, ana="A5 C1 D1", ben="B5 C1 D1", cal="E5 C1 D1", dee="F5 C1 D1", others="C1 D1 F1")
    end = m.view(None)["end"]
    assert end["scores"] == {"ana": 222, "ben": 222, "cal": 59, "dee": 50, **{p: 22 for p in P[4:]}}
    assert end["over_200"] == end["first"] == ["ana", "ben"]
    assert (
        end["elimination_candidates"] == ["ana"] and end["elimination_candidate"] == "ana"
    )  # 161 > 111 after auction 1
    assert end["second"] == ["cal"] and end["tokens_of_life"] == {"cal": 2}
    assert end["garnet_award"] == {"ana": 0, "ben": 0, "cal": 0, "dee": 0, **{p: 10 for p in P[4:]}}
    assert m.result()["garnets"] == {p: 10 for p in P[4:]}


W7_AUCTION = [you(50), you(40), you(30), you(1), you(2), you(3)]


def _w7():
    m = match(config(W7_AUCTION))
    before = m.view(None)
    events = step(
        m,
        ana="A5 D1 E1",
        ben="A5 D1 E1",
        cal="B5 D1 E1",
        dee="B5 D1 E1",
        eve="C5 D1 E1",
        fay="D1 E1 F1",
        gus="D1 E1 F1",
        hal="D1 E1 F1",
        ivy="D1 E1 C1",
    )
    return m, before, events


def test_W7_normal_end_ties_for_first_and_second():
    m, _, _ = _w7()
    end = m.view(None)["end"]
    assert end["scores"] == {
        "ana": 53,
        "ben": 53,
        "cal": 43,
        "dee": 43,
        "eve": 33,
        "fay": 6,
        "gus": 6,
        "hal": 6,
        "ivy": 3,
    }
    assert end["first"] == ["ana", "ben"] and end["second"] == ["cal", "dee"]
    assert end["tokens_of_life"] == {"cal": 1, "dee": 1}
    assert end["elimination_candidate"] == "ivy"
    assert m.result()["garnets"] == {"fay": 10, "gus": 10, "hal": 10, "ivy": 10}


def test_W8_all_tie_for_first_insane_ecs():
    a1 = [you(1), you(2), you(3), you(4), you(5), you(6)]
    a2 = [you(6), you(7), *filler(4)]
    m = match(config(a1, a2))
    seven = {p: "A1 B1 C2" for p in P[:7]}
    step(m, hal="A1 D2 C1", ivy="E2 C1 D1", **seven)
    assert scores(m) == {**{p: 6 for p in P[:7]}, "hal": 5, "ivy": 5}
    step(m, hal="B1 C1 D1", ivy="B1 C1 D1", **{p: "A1 C1 D1" for p in P[:7]})
    end = m.view(None)["end"]
    assert end["scores"] == {p: 12 for p in P}
    assert end["first"] == P and end["second"] == [] and end["tokens_of_life"] == {}
    assert end["last_place"] == end["elimination_candidates"] == ["hal", "ivy"]
    assert end["elimination_candidate"] == "ivy"  # last in gamewide_tiebreak
    res = m.result()
    assert res["tokens_of_life"] == {} and res["garnets"] == {p: 10 for p in P}
    assert not m.pending  # no vote: the seed's own tie rule


def test_W9_second_is_last():
    a1 = [you(10), you(20), *filler(4)]
    a2 = [you(10), *filler(5)]
    m = match(config(a1, a2))
    step(m, ana="B1 C1 D1", ivy="C1 D1 E1", others="A1 C1 D1")
    assert scores(m) == {"ana": 20, **{p: 10 for p in P[1:8]}, "ivy": 0}
    step(m, ana="A1 B1 C1", ivy="A1 B1 C1", others="B1 C1 D1")
    end = m.view(None)["end"]
    assert end["scores"] == {"ana": 30, **{p: 10 for p in P[1:]}}
    assert end["second"] == P[1:]
    assert end["last_place"] == ["ivy"] and end["elimination_candidate"] == "ivy"
    assert end["tokens_of_life"] == {p: 1 for p in P[1:8]}
    assert end["garnet_award"] == {"ana": 4, **{p: 10 for p in P[1:]}}


def test_W10_validation():
    m = match(config(seed_listing(), filler(), garnets={"cal": 1}))
    s = m.state
    with pytest.raises(IllegalAction, match="you bid on 2 items; bid on at least 3"):
        GAME.validate(s, "ana", {"bids": {"A": {"chips": 1}, "B": {"chips": 1}}})
    with pytest.raises(IllegalAction, match='item D is to CHOICE: name the player in "choice"'):
        GAME.validate(s, "ana", bids("A1 B1 D1"))
    with pytest.raises(
        IllegalAction,
        match=r"bid on A is worth 0 chips; a bid must be worth at least 1 chip \(chips \+ 3 per garnet\)",
    ):
        GAME.validate(s, "ana", {"bids": {"A": {"chips": 0}, "B": {"chips": 1}, "C": {"chips": 1}}})
    with pytest.raises(IllegalAction, match="your bids total 41 chips but you have 40"):
        GAME.validate(s, "ana", bids("A39 B1 C1"))
    # a bid of garnets alone (value 3) is legal for a player holding a garnet
    GAME.validate(s, "cal", {"bids": {"A": {"garnets": 1}, "B": {"chips": 1}, "C": {"chips": 1}}})
    with pytest.raises(IllegalAction, match="your bids use 1 garnet but you hold 0"):
        GAME.validate(
            s, "ana", {"bids": {"A": {"garnets": 1}, "B": {"chips": 1}, "C": {"chips": 1}}}
        )
    step(m, ana="A36 B1 C1", ben="D38(choice ana) E1 F1", others="A1 B1 C1")
    s = m.state
    assert chips(m)["ana"] == 2 and chips(m)["ben"] == 0
    GAME.validate(s, "ana", {"bids": {"A": {"chips": 1}, "B": {"chips": 1}}})
    GAME.validate(s, "ben", {"bids": {}})
    assert m.pending["ana"]["min_items"] == 2 and m.pending["ben"]["min_items"] == 0


def test_W11_negative_totals_round_up():
    a1 = [you(5), item("choice", add=-10), *filler(4)]
    a2 = [times("1.5"), you(3), you(2), *filler(3)]
    m = match(config(a1, a2))
    step(m, ana="A2 C1 D1", ben="B1(choice ana) C1 D1", others="A1 C1 D1")
    assert scores(m) == {"ana": -5, **{p: 0 for p in P[1:]}}
    step(m, ana="A1 D1 E1", ben="B1 D1 E1", cal="C1 D1 E1", others="D1 E1 F1")
    end = m.view(None)["end"]
    assert end["scores"] == {
        "ana": -7,
        "ben": 3,
        "cal": 2,
        **{p: 0 for p in P[3:]},
    }  # ceil(-7.5) = -7
    assert (
        end["first"] == ["ben"] and end["second"] == ["cal"] and end["tokens_of_life"] == {"cal": 2}
    )
    assert end["elimination_candidate"] == "ana"
    assert end["garnet_award"] == {"ana": 10, **{p: 8 for p in P[1:]}}


def test_W12_default_config_ec_set_without_an_earlier_auction():
    cfg = GAME.new_config(P, 12)
    assert cfg["gamewide_tiebreak"] == P and cfg["garnets"] == {p: 0 for p in P}
    assert len(cfg["auctions"]) == 8 and cfg["auctions"][0] == seed_listing()
    assert GAME.new_config(P, 12, garnets={"ana": 2})["garnets"] == {
        "ana": 2,
        **{p: 0 for p in P[1:]},
    }
    assert GAME.new_config(P, 12, n_auctions=1)["auctions"] == [seed_listing()]
    reverse = list(reversed(P))
    m = match(GAME.new_config(P, 12, n_auctions=1, gamewide_tiebreak=reverse))
    step(m, **W1_BIDS)
    end = m.view(None)["end"]
    assert end["reason"] == "complete"
    assert end["scores"] == {"ana": 90, "ben": 75, "cal": 15, **{p: 10 for p in DEE_TO_IVY}}
    assert (
        end["first"] == ["ana"] and end["second"] == ["ben"] and end["tokens_of_life"] == {"ben": 2}
    )
    # the spec says "all four"; dee..ivy are six players, and all six are EC (decisions file)
    assert end["last_place"] == end["elimination_candidates"] == DEE_TO_IVY
    assert end["elimination_candidate"] == "dee"
    res = m.result()
    assert res["details"]["elimination_candidates"] == DEE_TO_IVY
    assert res["garnets"] == {"ana": 2, "ben": 2, "cal": 10, **{p: 10 for p in DEE_TO_IVY}}
    assert res["details"]["garnets_from_items"] == {"ana": 2, "ben": 2, **{p: 0 for p in P[2:]}}
    assert not m.pending


def test_W13_whole_public_view_end_object_and_result():
    m, before, events = _w7()
    shown = [{"letter": l, **it} for l, it in zip("ABCDEF", W7_AUCTION)]
    assert shown[0] == {"letter": "A", "effects": [{"target": "you", "add": 50}]}
    assert before == {
        "game": "second_to_won",
        "players": P,
        "phase": "bidding",
        "auction": 1,
        "max_auctions": 1,
        "auctions": [{"auction": 1, "items": shown}],
        "end": None,
    }
    scores_ = {
        "ana": 53,
        "ben": 53,
        "cal": 43,
        "dee": 43,
        "eve": 33,
        "fay": 6,
        "gus": 6,
        "hal": 6,
        "ivy": 3,
    }
    award = {
        "ana": 0,
        "ben": 0,
        "cal": 0,
        "dee": 0,
        "eve": 0,
        "fay": 10,
        "gus": 10,
        "hal": 10,
        "ivy": 10,
    }
    end = {
        "reason": "complete",
        "auctions_played": 1,
        "scores": scores_,
        "score_history": [scores_],
        "over_200": [],
        "first": ["ana", "ben"],
        "second": ["cal", "dee"],
        "last_place": ["ivy"],
        "elimination_candidates": ["ivy"],
        "elimination_candidate": "ivy",
        "tokens_of_life": {"cal": 1, "dee": 1},
        "garnet_award": award,
    }
    assert m.view(None) == {**before, "phase": "over", "end": end}
    assert m.result() == {
        "ranking": None,
        "tokens_of_life": {"cal": 1, "dee": 1},
        "garnets": {"fay": 10, "gus": 10, "hal": 10, "ivy": 10},
        "garnets_spent": {},
        "elimination_candidate": "ivy",
        "void_tokens_of_life": False,
        "details": {
            "end_reason": "complete",
            "auctions_played": 1,
            "scores": scores_,
            "score_history": [scores_],
            "over_200": [],
            "first": ["ana", "ben"],
            "second": ["cal", "dee"],
            "last_place": ["ivy"],
            "elimination_candidates": ["ivy"],
            "garnets_from_items": {p: 0 for p in P},
            "garnet_award": award,
            "chips": {
                "ana": 33,
                "ben": 33,
                "cal": 33,
                "dee": 33,
                "eve": 33,
                "fay": 37,
                "gus": 37,
                "hal": 37,
                "ivy": 38,
            },
        },
    }
    assert events[0] == {"audience": "public", "type": "auction_closed", "auction": 1}
    assert events[-1] == {"audience": "public", "type": "game_over", **end}
