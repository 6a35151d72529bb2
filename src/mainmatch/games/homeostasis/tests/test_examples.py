"""Every worked example of homeostasis spec §9, one test each, with the exact
values the spec states."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from homeostasis_helpers import PLAYERS, SEED_LAYOUT, TEAMS, Table, config

from mainmatch.engine import IllegalAction, Match, RecordError, replay
from mainmatch.engine.events import public
from mainmatch.games.homeostasis import GAME
from mainmatch.games.homeostasis.bands import band
from mainmatch.games.homeostasis.cards import save_cost
from mainmatch.games.homeostasis.expression import evaluate, parse_notation


def illegal(table: Table, player: str, action: dict) -> str:
    """The message of the IllegalAction ``action`` raises (the match does not move)."""
    with pytest.raises(IllegalAction) as err:
        GAME.validate(table.state, player, action)
    return str(err.value)


def expr(notation: str):
    cards, pairs = parse_notation(notation)
    return evaluate(cards, pairs)


# ------------------------------------------------------------ 9.1 the seed's own examples


def test_Ex1_saving_cost() -> None:
    assert [save_cost(x) for x in (0, 1, 2, 3, 4, 10)] == [0, 0, 1, 4, 9, 81]


def test_Ex2_snake_draft() -> None:
    t = Table()
    t.save()
    assert t.view()["turn_order"] == PLAYERS
    choosers = []
    layout = SEED_LAYOUT
    for k in range(9):
        choosers.append(t.only())
        t.act({"card": layout[k], "position": k + 1})
    assert choosers == ["a", "b", "c", "d", "e", "e", "d", "c", "b"]
    # the last card went to the last free position with no step; auction 1 began
    assert t.pending == {
        "a": {
            "kind": "bid",
            "card": "2",
            "chips": 100,
            "slots": list(range(1, 11)),
            "totals": [0] * 10,
            "can_pass": False,
        }
    }
    v = t.view()
    assert v["draft_choices"] == 9
    assert v["auction_order"] == list(layout)
    assert v["auction"] == {
        "number": 1,
        "card": "2",
        "first_bidder": "a",
        "totals": [0] * 10,
        "bids": [],
        "passed": [],
    }
    assert len(t.match.steps) == 1 + 9
    last = t.match.events[-1]
    assert last[:3] == [
        public("draft_choice", player="b", card="/", position=9),
        public("draft_choice", player=None, card="1", position=10),
        public("auction_started", number=1, card="2", first_bidder="a"),
    ]


@pytest.mark.parametrize(
    ("notation", "value", "simplified"),
    [
        ("2x12+-33/1", "5", "2x1+3/1"),
        ("2x12(+)-33/1", "-1", "2x1-3/1"),
        ("2x(12+-3)3/1", "8", "2x(1+3)/1"),
        ("(2)x12(+)-33/1", "-3", "0x1-3/1"),
        ("(+2)", "2", "(0+2)"),
        ("2(1+3)", "8", "2x(1+3)"),
    ],
)
def test_Ex3_the_expressions(notation: str, value: str, simplified: str) -> None:
    e = expr(notation)
    assert (e.result, e.simplified) == (value, simplified)
    assert e.value == Fraction(value)


def test_Ex4_bands() -> None:
    assert [band(Fraction(t)) for t in (5, -5, 2, -2, 0)] == [
        "positive_big",
        "negative_big",
        "positive_small",
        "negative_small",
        "neutral",
    ]


# ------------------------------------------------------------ 9.2 more expressions


@pytest.mark.parametrize(
    ("notation", "value", "simplified"),
    [
        ("2(x12+)-33/1", "-3", "2x(0x1+0)-3/1"),
        ("3/2+1x1-32", "-1/2", "3/2+1x1-3"),
        ("2/(1-1)x3+32", "9", "2/(1-1)x3+3"),
        ("12x3+2-31/", "2", "1x3+2-3/1"),
        ("1(+(23))x1-23/", "-1", "1x1-2/1"),
        ("(1+2)(3-1)x2/3", "4", "(1+2)x(3-1)x2/3"),
        ("(1+2)3(1-2)x3/", "-9", "(1+2)x(1-2)x3/1"),
        ("(112233)+-x/", "0", "0+0"),
        ("(112233)(+-x/)", "0", ""),
        ("((1)(+))2", "2", "2"),
        ("2x((12+-3))3/1", "8", "2x((1+3))/1"),
    ],
)
def test_Ex5_more_expressions(notation: str, value: str, simplified: str) -> None:
    e = expr(notation)
    assert (e.result, e.simplified) == (value, simplified)


# ------------------------------------------------------------ 9.3 live auctions


def _auction_1_of_ex6(t: Table) -> None:
    t.save()
    t.draft(SEED_LAYOUT)
    assert illegal(t, "a", {"pass": True}).startswith(
        "the first bid of an auction cannot be a pass"
    )
    t.act({"slot": 3, "chips": 100})
    assert (
        illegal(t, "b", {"slot": 4, "chips": 100})
        == "a bid of 100 on slot 4 would tie slot 4 with slot 3 at 100 chips"
    )
    t.act({"slot": 4, "chips": 60})
    assert (
        illegal(t, "c", {"slot": 4, "chips": 40})
        == "a bid of 40 on slot 4 would tie slot 4 with slot 3 at 100 chips"
    )
    t.act({"slot": 4, "chips": 41})
    assert t.only() == "d"
    t.act({"pass": True})
    events = t.act({"pass": True})  # e; then a has 0 chips: passes automatically
    assert events == [
        public("pass", player="e", automatic=False),
        public("pass", player="a", automatic=True),
    ]
    assert t.only() == "b"


def test_Ex6_pooling_ties_automatic_pass_next_first_bidder() -> None:
    t = Table()
    _auction_1_of_ex6(t)
    events = t.act({"pass": True})
    assert events == [
        public("pass", player="b", automatic=False),
        public("card_placed", number=1, card="2", slot=4, automatic=False),
        public("auction_started", number=2, card="x", first_bidder="c"),
    ]
    v = t.view()
    assert v["slots"][3] == "2"  # 101 > 100
    assert v["chips"] == {"a": 0, "b": 40, "c": 59, "d": 100, "e": 100}
    assert v["auction_log"] == [
        {
            "number": 1,
            "card": "2",
            "slot": 4,
            "bids": [
                {"player": "a", "slot": 3, "chips": 100},
                {"player": "b", "slot": 4, "chips": 60},
                {"player": "c", "slot": 4, "chips": 41},
            ],
            "passed": ["d", "e", "a", "b"],
        }
    ]
    # auction 2 opens with c (the last bidder), who may not pass
    assert t.only() == "c" and t.pending["c"]["can_pass"] is False
    t.act({"slot": 1, "chips": 1})
    t.act({"pass": True})  # d
    events = t.act({"pass": True})  # e; a passes automatically
    assert events == [
        public("pass", player="e", automatic=False),
        public("pass", player="a", automatic=True),
    ]
    t.act({"pass": True})  # b
    v = t.view()
    assert v["slots"][0] == "x"
    assert v["chips"]["c"] == 58
    assert v["auction"]["number"] == 3 and v["auction"]["first_bidder"] == "c"


def test_Ex7_broke_first_bidder() -> None:
    t = Table()
    t.save()
    t.draft(SEED_LAYOUT)
    t.act({"slot": 1, "chips": 100})
    for _ in "bcd":
        t.act({"pass": True})
    events = t.act({"pass": True})
    assert events[-2:] == [
        public("auction_started", number=2, card="x", first_bidder="a"),
        public("pass", player="a", automatic=True),
    ]
    assert t.view()["auction"]["first_bidder"] == "a"
    assert t.view()["auction"]["passed"] == ["a"]
    assert t.pending == {
        "b": {
            "kind": "bid",
            "card": "x",
            "chips": 100,
            "slots": list(range(2, 11)),
            "totals": [0] * 10,
            "can_pass": False,
        }
    }


def test_Ex8_everyone_broke() -> None:
    t = Table(chips=1)
    t.save()
    t.draft(SEED_LAYOUT)
    openers = []
    while t.phase == "auction":
        p = t.only()
        request = t.pending[p]
        if request["can_pass"]:
            t.act({"pass": True})
        else:
            openers.append(p)
            t.act({"slot": max(request["slots"]), "chips": 1})
    assert openers == ["a", "b", "c", "d", "e"]
    v = t.view()
    assert [e["slot"] for e in v["auction_log"][:5]] == [10, 9, 8, 7, 6]
    assert v["slots"] == ["-", "3", "3", "/", "1", "+", "2", "1", "x", "2"]
    assert v["phase"] == "brackets" and v["auction"] is None
    assert v["auction_log"][4] == {
        "number": 5,
        "card": "+",
        "slot": 6,
        "bids": [{"player": "e", "slot": 6, "chips": 1}],
        "passed": ["d", "a", "b", "c"],
    }
    assert [(e["number"], e["bids"], e["passed"]) for e in v["auction_log"][5:]] == [
        (n, [], []) for n in range(6, 11)
    ]
    assert [e["slot"] for e in v["auction_log"][5:]] == [1, 2, 3, 4, 5]
    assert v["final_auction"] == {
        "bidders": [],
        "sealed_rounds": [],
        "rebids": 0,
        "winner": None,
        "paid": 0,
    }
    assert v["saved_placed"] is None
    assert v["expression"] == v["slots"]
    t.brackets()
    r = t.view()["rounds"][0]
    assert (r["simplified"], r["result"]) == ("0-3/1+2x2", "1")


# ------------------------------------------------------------ 9.4 final auction and saved cards


def test_Ex9_rebids_then_no_winner() -> None:
    t = Table()
    t.save()
    t.draft(SEED_LAYOUT)
    t.scripted_auctions()
    assert t.view()["chips"] == {"a": 91, "b": 100, "c": 100, "d": 100, "e": 100}
    t.final_bids(a=10, b=10, c=10, d=5, e=0)
    assert t.pending == {
        p: {"kind": "final_bid", "chips": t.view()["chips"][p], "rebid": 1} for p in "abc"
    }
    t.final_bids(a=7, b=7, c=3)
    assert list(t.pending) == ["a", "b"] and t.pending["a"]["rebid"] == 2
    events = t.final_bids(a=0, b=0)
    assert events[:2] == [
        public("final_bids", rebid=2, bids={"a": 0, "b": 0}),
        public("final_no_winner"),
    ]
    v = t.view()
    assert v["final_auction"] == {
        "bidders": [],
        "sealed_rounds": [
            {"a": 10, "b": 10, "c": 10, "d": 5, "e": 0},
            {"a": 7, "b": 7, "c": 3},
            {"a": 0, "b": 0},
        ],
        "rebids": 2,
        "winner": None,
        "paid": 0,
    }
    assert v["chips"] == {"a": 91, "b": 100, "c": 100, "d": 100, "e": 100}  # nobody pays
    assert v["expression"] == list(SEED_LAYOUT) and v["saved_placed"] is None
    assert v["phase"] == "brackets"


def test_Ex10_rebid_cap() -> None:
    t = Table()
    t.save(b=["3"])
    t.draft(SEED_LAYOUT)
    t.scripted_auctions()
    t.final_bids(a=4, b=4)
    for rebid in (1, 2, 3):
        assert t.pending == {
            "a": {"kind": "final_bid", "chips": 91, "rebid": rebid},
            "b": {"kind": "final_bid", "chips": 100, "rebid": rebid},
        }
        events = t.final_bids(a=4, b=4)
    assert public("final_won", winner="a", paid=4, by_tiebreak=True) in events
    v = t.view()
    assert v["chips"]["a"] == 87 and v["chips"]["b"] == 100
    assert (
        v["final_auction"]["winner"] == "a"
        and v["final_auction"]["paid"] == 4
        and v["final_auction"]["rebids"] == 3
    )
    assert t.pending == {"a": {"kind": "place_saved", "saved_cards": []}}
    assert v["phase"] == "place_saved" and v["expression"] is None


def test_Ex11_saved_cards_at_both_ends() -> None:
    t = Table(garnets={p: 10 for p in PLAYERS})
    t.save(a=["3", "/"], c=["1", "1", "x"])
    assert t.view("a")["you"]["garnets"] == 9 and t.view("c")["you"]["garnets"] == 6
    assert t.view()["turn_order"] == ["b", "d", "e", "a", "c"]
    t.draft(SEED_LAYOUT)
    t.scripted_auctions()
    assert t.view()["chips"]["b"] == 91
    t.final_bids(a=5, c=4)
    assert t.pending == {"a": {"kind": "place_saved", "saved_cards": ["3", "/"]}}
    assert t.view()["chips"]["a"] == 95
    assert (
        illegal(t, "a", {"front": ["x"], "back": []})
        == "you have 0 unused saved 'x' card(s); you listed 1"
    )
    t.act({"front": ["3"], "back": ["/"]})
    v = t.view()
    assert v["expression"] == ["3", "2", "x", "1", "2", "+", "-", "3", "3", "/", "1", "/"]
    assert v["saved_placed"] == {"player": "a", "front": ["3"], "back": ["/"]}
    assert t.pending["b"] == {"kind": "brackets", "length": 12, "brackets": []}
    t.brackets()
    r = t.view()["rounds"][0]
    assert (r["simplified"], r["result"]) == ("3x1+3/1/1", "6")
    you = t.view("a")["you"]
    assert you["saved_cards"] == [] and you["used_saved_cards"] == ["3", "/"]


def test_Ex12_saving_validation() -> None:
    t = Table(garnets={"a": 0, "b": 10, "c": 10, "d": 10, "e": 10})
    assert illegal(t, "a", {"cards": ["1", "2"]}) == "saving 2 cards costs 1 garnets but you hold 0"
    assert (
        illegal(t, "b", {"cards": ["1", "1", "1"]})
        == "your copy has only 2 '1' card(s); you listed 3"
    )
    assert (
        illegal(t, "b", {"cards": ["1", "2", "3", "+", "-"]})
        == "saving 5 cards costs 16 garnets but you hold 10"
    )
    GAME.validate(t.state, "a", {"cards": ["x"]})  # legal: one card is free


# ------------------------------------------------------------ 9.5 brackets


def test_Ex13_conflicts_in_one_step() -> None:
    t = Table()
    t.save()
    t.scripted_round()
    assert t.view()["expression"] == list(SEED_LAYOUT) and t.view()["turn_order"] == PLAYERS
    events = t.brackets(a=(3, 7), b=(5, 5), c=(2, 4))
    assert events == [
        public("brackets_placed", player="a", team="positive", first=3, last=7),
        public(
            "brackets_void", player="b", team="positive", first=5, last=5, reason="teammate_placed"
        ),
        public("brackets_void", player="c", team="negative", first=2, last=4, reason="crosses"),
    ]
    assert list(t.pending) == ["c", "d", "e"]
    assert t.pending["c"]["brackets"] == [[3, 7]]
    assert illegal(t, "c", {"first": 2, "last": 4}) == "brackets 2..4 would cross the pair 3..7"
    events = t.brackets(c=(1, 1), d=(8, 8))
    assert events == [
        public("brackets_placed", player="c", team="negative", first=1, last=1),
        public(
            "brackets_void", player="d", team="negative", first=8, last=8, reason="teammate_placed"
        ),
    ]
    assert list(t.pending) == ["e"]
    t.brackets()
    r = t.view()["rounds"][0]
    assert (r["simplified"], r["result"]) == ("0x(1+3)/1", "0")
    assert r["brackets"] == [
        {"first": 3, "last": 7, "team": "positive", "player": "a"},
        {"first": 1, "last": 1, "team": "negative", "player": "c"},
    ]
    t.scripted_round()
    assert list(t.pending) == ["e"] and t.pending["e"]["kind"] == "brackets"


# ------------------------------------------------------------ 9.6 whole matches and bands


def test_Ex14_band_boundaries() -> None:
    cases = {
        "4": "positive_small",
        "-4": "negative_small",
        "1": "neutral",
        "-1": "neutral",
        "17/4": "positive_big",
        "-17/4": "negative_big",
        "5/4": "positive_small",
        "-5/4": "negative_small",
        "1/3": "neutral",
    }
    assert {t: band(Fraction(t)) for t in cases} == cases


def _ex15_until_choose_ec(tiebreak: list[str] | None = None) -> Table:
    t = Table()
    t.save()
    # round 1: order a..e, a pays 9; all pass brackets -> 5
    t.scripted_round()
    t.brackets()
    assert t.view()["rounds"][0]["result"] == "5"
    # round 2: order b c d e a, b pays 9
    assert t.view()["turn_order"] == ["b", "c", "d", "e", "a"]
    t.scripted_round()
    t.brackets(a=(1, 1), c=(5, 5))
    v = t.view()
    assert v["brackets"] == [
        {"first": 5, "last": 5, "team": "negative", "player": "c"},
        {"first": 1, "last": 1, "team": "positive", "player": "a"},
    ]
    assert v["teams_used_brackets"] == ["negative", "positive"]
    assert list(t.pending) == ["e"]
    t.brackets()
    assert t.view()["rounds"][1]["result"] == "-3"
    # round 3: order c d e a b, c pays 9; only e is pending
    assert t.view()["turn_order"] == ["c", "d", "e", "a", "b"]
    t.scripted_round()
    assert list(t.pending) == ["e"]
    t.brackets(e=(5, 5))
    return t


def test_Ex15_neutral_wins_at_exactly_1() -> None:
    t = _ex15_until_choose_ec()
    v = t.view()
    assert v["rounds"][2]["result"] == "-1"
    assert v["teams_used_brackets"] == ["negative", "positive", "neutral"]
    assert v["total"] == "1" and v["outcome"] == "neutral" and v["phase"] == "choose_ec"
    assert t.pending == {"e": {"kind": "choose_ec", "candidates": ["a", "b", "c", "d"]}}
    assert (
        illegal(t, "e", {"ec": "e"})
        == "the elimination candidate must be one of a, b, c, d; got 'e'"
    )
    assert illegal(t, "e", {"player": "a"}) == "action must have exactly the key ec; got player"
    assert GAME.default_action(t.state, "e", None) == {"ec": "d"}
    reversed_tb = dict(t.state.config, gamewide_tiebreak=["e", "d", "c", "b", "a"])
    assert GAME.default_action(dataclasses.replace(t.state, config=reversed_tb), "e", None) == {
        "ec": "a"
    }
    events = t.act({"ec": "a"})
    assert events == [
        {"audience": "public", "type": "elimination_candidate", "player": "a", "votes": {"e": "a"}}
    ]
    v = t.view()
    assert (
        v["phase"] == "over" and v["ec_votes"] == {"e": "a"} and v["elimination_candidate"] == "a"
    )
    assert v["pending"] == []
    assert len(t.match.steps) == 171
    assert t.match.result() == {
        "ranking": [["e"], ["b", "c", "d"], ["a"]],
        "tokens_of_life": {"e": 2},
        "garnets": {"e": 6},
        "garnets_spent": {},
        "elimination_candidate": "a",
        "void_tokens_of_life": False,
        "details": {
            "round_results": ["5", "-3", "-1"],
            "simplified": ["2x1+3/1", "0x1-3/1", "2x1-3/1"],
            "total": "1",
            "outcome": "neutral",
            "teams": {
                "a": "positive",
                "b": "positive",
                "c": "negative",
                "d": "negative",
                "e": "neutral",
            },
            "death_match": None,
            "chips_left": {"a": 91, "b": 91, "c": 91, "d": 100, "e": 100},
        },
    }


def test_Ex16_positive_small_band() -> None:
    t = Table()
    t.save()
    for _ in range(2):
        t.scripted_round("1+2-3x1/23")
        t.brackets()
        r = t.view()["rounds"][-1]
        assert (r["simplified"], r["result"]) == ("1+2-3x1/2", "3/2")
    t.scripted_round()
    t.brackets(e=(5, 5))
    assert list(t.pending) == ["a", "b", "c", "d"]
    t.brackets()
    v = t.view()
    assert v["rounds"][2]["result"] == "-1"
    assert v["total"] == "2" and v["outcome"] == "positive_small" and v["phase"] == "over"
    res = t.match.result()
    assert res["tokens_of_life"] == {"a": 1, "b": 1, "e": 1}
    assert res["garnets"] == {"a": 1, "b": 1}
    assert res["garnets_spent"] == {}
    assert res["elimination_candidate"] is None
    assert res["details"]["death_match"] == ["c", "d"]
    assert res["ranking"] == [["a", "b"], ["e"], ["c", "d"]]


def test_Ex17_positive_big_with_a_fraction() -> None:
    t = Table()
    t.save()
    for _ in range(3):
        t.scripted_round("1+2-3x1/23")
        t.brackets()
    res = t.match.result()
    assert res["details"]["total"] == "9/2" and res["details"]["outcome"] == "positive_big"
    assert res["tokens_of_life"] == {"a": 1, "b": 1}
    assert res["garnets"] == {"a": 3, "b": 3}
    assert res["elimination_candidate"] == "e"
    assert res["ranking"] == [["a", "b"], ["c", "d"], ["e"]]


def test_Ex18_replay_rejects() -> None:
    saves = {"actions": {p: {"cards": []} for p in PLAYERS}, "defaulted": []}
    record = {
        "format": "mainmatch-record/1",
        "game": "homeostasis",
        "config": config(),
        "steps": [saves, {"actions": {"a": {"card": "7", "position": 1}}, "defaulted": []}],
    }
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.step == 2 and err.value.player == "a"
    assert "card '7' is not left to order; left: 1, 2, 3, +, -, x, /" in str(err.value)
    record["steps"][1] = {"actions": {"b": {"card": "1", "position": 1}}, "defaulted": []}
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.step == 2 and err.value.player == "b"
    # the game's own message for a player out of turn
    m = Match(GAME, config())
    m.step(saves["actions"])
    with pytest.raises(IllegalAction, match="^b is not expected to act now$"):
        GAME.validate(m.state, "b", {"card": "1", "position": 1})


# ------------------------------------------------------------ 9.7 views and edge cases


def test_Ex19_the_view_before_the_first_step() -> None:
    t = Table()
    assert t.view() == {
        "game": "homeostasis",
        "players": ["a", "b", "c", "d", "e"],
        "phase": "save_cards",
        "round": 0,
        "pending": ["a", "b", "c", "d", "e"],
        "teams": {
            "a": "positive",
            "b": "positive",
            "c": "negative",
            "d": "negative",
            "e": "neutral",
        },
        "chips": {"a": 100, "b": 100, "c": 100, "d": 100, "e": 100},
        "turn_order": [],
        "draft_choices": 0,
        "auction_order": [None] * 10,
        "slots": [None] * 10,
        "auction": None,
        "auction_log": [],
        "final_auction": None,
        "saved_placed": None,
        "expression": None,
        "brackets": [],
        "teams_used_brackets": [],
        "rounds": [],
        "total": "0",
        "outcome": None,
        "ec_votes": None,
        "elimination_candidate": None,
    }
    assert list(t.view()) == [
        "game",
        "players",
        "phase",
        "round",
        "pending",
        "teams",
        "chips",
        "turn_order",
        "draft_choices",
        "auction_order",
        "slots",
        "auction",
        "auction_log",
        "final_auction",
        "saved_placed",
        "expression",
        "brackets",
        "teams_used_brackets",
        "rounds",
        "total",
        "outcome",
        "ec_votes",
        "elimination_candidate",
    ]
    c = t.view("c")
    assert c["you"] == {
        "player": "c",
        "team": "negative",
        "garnets": 0,
        "garnets_spent": 0,
        "saved_cards": [],
        "used_saved_cards": [],
    }
    assert {k: v for k, v in c.items() if k != "you"} == t.view()
    assert t.pending["c"] == {
        "kind": "save_cards",
        "cards": ["1", "1", "2", "2", "3", "3", "+", "-", "x", "/"],
        "garnets": 0,
    }


def test_Ex20_void_placements_in_one_bracket_step() -> None:
    t = Table()
    t.save()
    t.scripted_round()
    events = t.brackets(a=(3, 7), b=(2, 4), c=(6, 9), d=(8, 8))
    assert events == [
        public("brackets_placed", player="a", team="positive", first=3, last=7),
        public(
            "brackets_void", player="b", team="positive", first=2, last=4, reason="teammate_placed"
        ),
        public("brackets_void", player="c", team="negative", first=6, last=9, reason="crosses"),
        public("brackets_placed", player="d", team="negative", first=8, last=8),
    ]
    v = t.view()
    assert v["brackets"] == [
        {"first": 3, "last": 7, "team": "positive", "player": "a"},
        {"first": 8, "last": 8, "team": "negative", "player": "d"},
    ]
    assert v["teams_used_brackets"] == ["positive", "negative"]
    assert list(t.pending) == ["e"]
    t.brackets()
    r = t.view()["rounds"][0]
    assert (r["simplified"], r["result"]) == ("2x(1+3)/1", "8")


def test_Ex21_nobody_has_chips() -> None:
    t = Table(chips=0)
    t.save()
    for round_ in (1, 2, 3):
        assert t.view()["turn_order"] == PLAYERS
        t.draft(SEED_LAYOUT)
        v = t.view()
        assert v["round"] == round_ and v["phase"] == "brackets"
        assert v["slots"] == v["auction_order"] == list(SEED_LAYOUT)
        assert v["final_auction"] == {
            "bidders": [],
            "sealed_rounds": [],
            "rebids": 0,
            "winner": None,
            "paid": 0,
        }
        assert all(e["bids"] == [] and e["passed"] == [] for e in v["auction_log"])
        t.brackets()
    assert len(t.match.steps) == 31
    assert t.match.result() == {
        "ranking": [["a", "b"], ["c", "d"], ["e"]],
        "tokens_of_life": {"a": 1, "b": 1},
        "garnets": {"a": 3, "b": 3},
        "garnets_spent": {},
        "elimination_candidate": "e",
        "void_tokens_of_life": False,
        "details": {
            "round_results": ["5", "5", "5"],
            "simplified": ["2x1+3/1", "2x1+3/1", "2x1+3/1"],
            "total": "15",
            "outcome": "positive_big",
            "teams": {
                "a": "positive",
                "b": "positive",
                "c": "negative",
                "d": "negative",
                "e": "neutral",
            },
            "death_match": None,
            "chips_left": {"a": 0, "b": 0, "c": 0, "d": 0, "e": 0},
        },
    }
    assert TEAMS == t.match.result()["details"]["teams"]
