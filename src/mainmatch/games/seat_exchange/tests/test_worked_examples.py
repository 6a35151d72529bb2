"""Every worked example of seat_exchange spec §9, each its own test."""

from __future__ import annotations

import pytest

from mainmatch.engine import IllegalAction
from mainmatch.games.seat_exchange import GAME
from mainmatch.games.seat_exchange.streaks import longest_streak

from .helpers import P, config, match, nums_by_seat, round_of, trade

OTHERS = [p for p in P if p not in ("p12", "p13")]


def test_W1_seed_streak():
    assert longest_streak([13, 1, 2, 3, 4, 6, 8, 10, 12, 5, 7, 9, 11]) == 5


def test_W2_seed_outbid():
    m = match()
    events = m.step(round_of(jk=[trade("dh", "sm", 20)], dh=[trade("dh", "jk", 10)]))
    pub = m.view(None)
    assert pub["history"][0] == {
        "round": 1,
        "swaps": [{"players": ["dh", "sm"], "paid_by": ["jk"]}],
        "longest_streak": 2,
    }
    assert pub["seats"][:4] == ["jk", "sm", "dh", "p04"]
    your = {e["audience"][0]: e["money"] for e in events if e["type"] == "your_round"}
    assert (
        your["jk"] == 80
        and your["dh"] == 90
        and all(your[p] == 100 for p in P if p not in ("jk", "dh"))
    )
    money = {p: m.view(p)["you"]["money"] for p in P}
    assert (
        money["jk"] == 180
        and money["dh"] == 190
        and all(money[p] == 200 for p in P if p not in ("jk", "dh"))
    )
    assert events[-1] == {
        "audience": "public",
        "type": "round_start",
        "round": 2,
        "income": 100,
        "longest_streak": 2,
    }


def test_W3_seed_summed():
    m = match()
    m.step(
        round_of(jk=[trade("dh", "sm", 20)], dh=[trade("sm", "jk", 10)], sm=[trade("sm", "jk", 15)])
    )
    pub = m.view(None)
    assert pub["history"][0]["swaps"] == [{"players": ["jk", "sm"], "paid_by": ["sm"]}]
    assert pub["seats"][:4] == ["sm", "dh", "jk", "p04"]
    assert nums_by_seat(m)[:4] == [3, 2, 1, 4]
    assert pub["longest_streak"] == 3


@pytest.mark.parametrize(
    "n, swaps, seats_changed",
    [
        (81, [{"players": ["jk", "dh"], "paid_by": ["dh"]}], True),
        (80, [], False),
        (79, [{"players": ["jk", "jk"], "paid_by": ["jk"]}], False),
    ],
)
def test_W4_seed_self_swap(n, swaps, seats_changed):
    m = match()
    events = m.step(round_of(jk=[trade("jk", "jk", 40)], dh=[trade("jk", "dh", n)]))
    pub = m.view(None)
    assert pub["history"][0]["swaps"] == swaps
    assert (pub["seats"][:2] == ["dh", "jk"]) is seats_changed
    spent = {e["audience"][0]: e["spent"] for e in events if e["type"] == "your_round"}
    assert spent["jk"] == 40 and spent["dh"] == n


@pytest.mark.parametrize(
    "bids, swapped",
    [
        ({"p08": 30, "p09": 20, "p10": 10}, [["jk", "dh"]]),
        ({"p08": 30, "p09": 20, "p10": 25}, [["jk", "dh"], ["sm", "p04"]]),
        ({"p08": 20, "p09": 20, "p10": 10}, []),
    ],
)
def test_W5_chain(bids, swapped):
    m = match()
    m.step(
        round_of(
            p08=[trade("jk", "dh", bids["p08"])],
            p09=[trade("dh", "sm", bids["p09"])],
            p10=[trade("sm", "p04", bids["p10"])],
        )
    )
    assert [s["players"] for s in m.view(None)["history"][0]["swaps"]] == swapped


def _w6(votes: dict[str, str], p12_amount: int = 25):
    m = match()
    events = m.step(round_of(p12=[trade("p06", "p07", p12_amount)], p13=[trade("p06", "p07", 25)]))
    return m, events


def test_W6_tied_top_contributors_streak_end_least_money_tie():
    m, events = _w6({})
    pub = m.view(None)
    winners = ["jk", "dh", "sm", "p04", "p05", "p06", "p07"]
    assert pub["history"][0]["swaps"] == [{"players": ["p06", "p07"], "paid_by": ["p12", "p13"]}]
    assert pub["longest_streak"] == 7 and pub["phase"] == "choose_ec"
    end = pub["end"]
    assert (
        end["condition"] == "streak"
        and end["winners"] == winners
        and end["streak_players"] == winners
    )
    assert (
        end["ec_candidates"] == ["p12", "p13"]
        and end["choosers"] == winners
        and end["elimination_candidate"] is None
    )
    assert set(m.pending) == set(winners)
    assert all(r == {"kind": "choose_ec", "candidates": ["p12", "p13"]} for r in m.pending.values())
    assert events[-1] == {"audience": winners, "type": "choose_ec", "candidates": ["p12", "p13"]}
    votes = {p: {"ec": "p12"} for p in ["jk", "dh", "sm", "p04"]}
    votes |= {p: GAME.default_action(m.state, p, None) for p in ["p05", "p06", "p07"]}
    assert votes["p05"] == {"ec": "p13"}
    m.step(votes, defaulted=["p05", "p06", "p07"])
    res = m.result()
    assert res["elimination_candidate"] == "p12"
    assert res["tokens_of_life"] == {p: 1 for p in winners}
    assert res["garnets"] == {p: 3 for p in winners}
    assert res["ranking"] == [winners, ["p08", "p09", "p10", "p11"], ["p13"], ["p12"]]


def test_W6_no_winner_votes():
    m, _ = _w6({})
    m.step({p: GAME.default_action(m.state, p, None) for p in m.pending}, defaulted=list(m.pending))
    res = m.result()
    assert res["elimination_candidate"] == "p13"
    assert res["ranking"][-3:] == [["p08", "p09", "p10", "p11"], ["p12"], ["p13"]]


def test_W6_variant_unique_least():
    m, events = _w6({}, p12_amount=26)
    assert m.over
    assert m.view(None)["history"][0]["swaps"][0]["paid_by"] == ["p12"]
    assert m.result()["elimination_candidate"] == "p12"
    assert events[-1] == {"audience": "public", "type": "game_over", "elimination_candidate": "p12"}


W7_NUMBERS = [12, 13, 1, 2, 3, 9, 7, 11, 6, 4, 8, 10, 5]


def test_W7_wrap():
    m = match(config(W7_NUMBERS))
    assert m.view(None)["longest_streak"] == 5
    m.step(round_of(jk=[trade("p06", "p10", 1)]))
    assert nums_by_seat(m) == [12, 13, 1, 2, 3, 4, 7, 11, 6, 9, 8, 10, 5]
    winners = ["jk", "dh", "sm", "p04", "p05", "p10"]
    candidates = ["p06", "p07", "p08", "p09", "p11", "p12", "p13"]
    assert m.view(None)["end"]["winners"] == winners
    assert m.view(None)["end"]["ec_candidates"] == candidates
    votes = {"jk": "p08", "dh": "p09", "sm": "p08", "p04": "p09", "p05": "p11", "p10": "p06"}
    m.step({p: {"ec": c} for p, c in votes.items()})
    res = m.result()
    assert res["elimination_candidate"] == "p09"
    assert res["ranking"] == [winners, ["p06", "p07", "p08", "p11", "p12", "p13"], ["p09"]]


def test_W7_no_votes():
    m = match(config(W7_NUMBERS))
    m.step(round_of(jk=[trade("p06", "p10", 1)]))
    assert all(GAME.default_action(m.state, p, None) == {"ec": "p13"} for p in m.pending)
    m.step({p: {"ec": "p13"} for p in m.pending}, defaulted=list(m.pending))
    assert m.result()["elimination_candidate"] == "p13"


def _quiet_rounds(m, n):
    for _ in range(n):
        m.step(round_of())


def test_W8_garnets():
    m = match(config(garnets={"jk": 5}))
    with pytest.raises(IllegalAction, match="you hold 5 garnets; cannot spend 6"):
        GAME.validate(m.state, "jk", {"garnets": 6, "trades": [trade("jk", "jk", 105)]})
    m.step(round_of(jk={"garnets": 5, "trades": [trade("jk", "jk", 105)]}))
    assert m.view("jk")["you"]["money"] == 100  # $0 after paying, then round 2's income
    _quiet_rounds(m, 3)
    end = m.view(None)["end"]
    assert end["money"]["jk"] == 300 and all(end["money"][p] == 400 for p in P[1:])
    assert end["winners"] == ["jk"] and end["choosers"] == ["jk"] and end["tied_for_most"] == P[1:]
    assert GAME.default_action(m.state, "jk", None) == {"ec": "p13"}
    m.step({"jk": {"ec": "p05"}})
    res = m.result()
    assert res["elimination_candidate"] == "p05"
    assert res["tokens_of_life"] == {"jk": 2} and res["garnets"] == {"jk": 3}
    assert res["garnets_spent"] == {"jk": 5}
    assert res["ranking"] == [["jk"], [p for p in P[1:] if p != "p05"], ["p05"]]


def test_W9_round_limit_unique_richest():
    m = match()
    acts = round_of(**{p: [trade(p, p, 1)] for p in P[1:12]}, p13=[trade("p13", "p13", 5)])
    events = m.step(acts)
    assert len(events[0]["swaps"]) == 12
    _quiet_rounds(m, 3)
    assert m.over
    res = m.result()
    assert res["details"]["money"]["jk"] == 400 and res["details"]["money"]["p13"] == 395
    assert res["details"]["money"]["dh"] == 399
    assert res["tokens_of_life"] == {"jk": 2} and res["garnets"] == {"jk": 3}
    assert res["elimination_candidate"] == "p13"
    assert res["ranking"] == [["jk"], P[1:12], ["p13"]]


@pytest.mark.parametrize(
    "tiebreak, vote, ec",
    [(None, "p12", "p12"), (None, None, "p13"), (list(reversed(P)), None, "p12")],
)
def test_W9_variant_least_money_tie(tiebreak, vote, ec):
    m = match(config(tiebreak=tiebreak))
    m.step(
        round_of(
            **{p: [trade(p, p, 1)] for p in P[1:11]},
            p12=[trade("p12", "p12", 5)],
            p13=[trade("p13", "p13", 5)],
        )
    )
    _quiet_rounds(m, 3)
    assert m.pending == {"jk": {"kind": "choose_ec", "candidates": ["p12", "p13"]}}
    action = {"ec": vote} if vote else GAME.default_action(m.state, "jk", None)
    m.step({"jk": action})
    res = m.result()
    assert res["elimination_candidate"] == ec
    if vote == "p12":
        assert res["ranking"] == [["jk"], P[1:11], ["p13"], ["p12"]]


def _w10(p04_amount=2):
    m = match()
    m.step(
        round_of(
            sm=[trade("sm", "sm", 1)],
            p04=[trade("p04", "p04", p04_amount)],
            **{p: [trade(p, p, 2)] for p in P[4:]},
        )
    )
    _quiet_rounds(m, 3)
    return m


@pytest.mark.parametrize("vote, ec", [("dh", "dh"), (None, "dh"), ("jk", "jk")])
def test_W10_tie_for_most(vote, ec):
    m = _w10()
    end = m.view(None)["end"]
    assert end["money"]["jk"] == 400 and end["money"]["sm"] == 399 and end["money"]["p05"] == 398
    assert end["tied_for_most"] == ["jk", "dh"] and end["ec_candidates"] == ["jk", "dh"]
    assert end["winners"] == ["sm"] and m.pending == {
        "sm": {"kind": "choose_ec", "candidates": ["jk", "dh"]}
    }
    m.step({"sm": {"ec": vote} if vote else GAME.default_action(m.state, "sm", None)})
    res = m.result()
    assert res["elimination_candidate"] == ec
    assert res["tokens_of_life"] == {"sm": 2} and res["garnets"] == {"sm": 3}
    if ec == "dh":
        assert res["ranking"] == [["sm"], P[3:], ["jk"], ["dh"]]


@pytest.mark.parametrize(
    "votes, ec",
    [
        ({"sm": "jk", "p04": "dh"}, "dh"),
        ({"sm": "jk", "p04": None}, "dh"),
        ({"sm": "jk", "p04": "jk"}, "jk"),
    ],
)
def test_W11_tie_for_next_most_split_vote(votes, ec):
    m = _w10(p04_amount=1)
    assert m.view(None)["end"]["winners"] == ["sm", "p04"]
    assert set(m.pending) == {"sm", "p04"}
    m.step({p: {"ec": c} if c else GAME.default_action(m.state, p, None) for p, c in votes.items()})
    res = m.result()
    assert res["elimination_candidate"] == ec
    assert res["tokens_of_life"] == {"sm": 2, "p04": 2}
    if ec == "dh":
        assert res["ranking"] == [["sm", "p04"], P[4:], ["jk"], ["dh"]]


@pytest.mark.parametrize(
    "tiebreak, ec, ranking",
    [
        (None, "p13", [P[:12], ["p13"]]),
        (list(reversed(P)), "jk", [P[1:], ["jk"]]),
    ],
)
def test_W12_nobody_trades(tiebreak, ec, ranking):
    m = match(config(tiebreak=tiebreak))
    for _ in range(4):
        m.step({p: GAME.default_action(m.state, p, None) for p in P}, defaulted=P)
    assert m.over
    res = m.result()
    assert res["elimination_candidate"] == ec and res["ranking"] == ranking
    assert res["tokens_of_life"] == {} and res["garnets"] == {}
    assert res["details"]["tied_for_most"] == P and res["details"]["winners"] == []


@pytest.mark.parametrize(
    "action, message",
    [
        (
            {"trades": [trade("dh", "sm", 60), trade("sm", "dh", 50)]},
            "trade dh-sm is listed twice; put it once with the total amount",
        ),
        (
            {"trades": [trade("dh", "sm", 0)]},
            "trade dh-sm: amount must be a whole number of dollars >= 1",
        ),
        (
            {"trades": [trade("dh", "sm", 60), trade("jk", "p04", 50)]},
            "trades total $110 but you have $100 ($100 + 0 garnets)",
        ),
        ({"bid": 1}, 'unknown fields [\'bid\']; use "garnets" and "trades"'),
        ({"trades": [trade("dh", "sm", 5.0)]}, "amount must be a whole number"),
        ({"trades": [trade("dh", "sm", True)]}, "amount must be a whole number"),
        ({"garnets": None}, "garnets must be a whole number"),
        ({"garnets": True}, "garnets must be a whole number"),
        ({"trades": None}, "trades must be a list"),
        (
            {"trades": [{"players": ["dh", "zz"], "amount": 1}]},
            "'zz' is not a player in this match",
        ),
        (
            {"trades": [{"players": [["dh"], "sm"], "amount": 1}]},
            '["dh"] is not a player in this match',
        ),
        ({"trades": [{"players": ["dh"], "amount": 1}]}, "must list exactly two player ids"),
        # a missing field, in the player's words (issue #17)
        (
            {"trades": [{"players": ["dh", "sm"]}]},
            "trade 1 (dh and sm): enter the amount you pay, in whole dollars",
        ),
        ({"trades": [{"amount": 5}]}, "trade 1: choose the two players to swap"),
        ({"trades": [{"players": ["dh", "sm"], "amount": 1, "x": 1}]}, 'exactly "players"'),
    ],
)
def test_W13_validation_rejected(action, message):
    m = match()
    with pytest.raises(IllegalAction) as err:
        GAME.validate(m.state, "jk", action)
    assert message in str(err.value)


@pytest.mark.parametrize("action", [{"trades": [trade("dh", "sm", 60), trade("jk", "sm", 40)]}, {}])
def test_W13_validation_accepted(action):
    GAME.validate(match().state, "jk", action)


def test_W14_all_13_in_the_streak():
    m = match(config([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 12]))
    assert m.view(None)["longest_streak"] == 11 and m.view(None)["phase"] == "trade"
    m.step(round_of(jk=[trade("p12", "p13", 1)]))
    res = m.result()
    assert res["details"]["longest_streak"] == 13
    assert res["tokens_of_life"] == {p: 1 for p in P} and res["garnets"] == {p: 3 for p in P}
    assert res["elimination_candidate"] is None
    assert res["ranking"] == [P]


def test_W15_all_in_last_round_events_zero_balance():
    m = match()
    _quiet_rounds(m, 3)
    events = m.step(round_of(p05=[trade("p05", "p05", 400)]))
    others = [p for p in P if p != "p05"]
    assert events[0] == {
        "audience": "public",
        "type": "round_result",
        "round": 4,
        "swaps": [{"players": ["p05", "p05"], "paid_by": ["p05"]}],
        "seats": P,
        "longest_streak": 5,
    }
    your = [e for e in events if e["type"] == "your_round"]
    assert [e["audience"] for e in your] == [[p] for p in P]
    assert your[0] == {
        "audience": ["jk"],
        "type": "your_round",
        "round": 4,
        "spent": 0,
        "garnets_spent": 0,
        "money": 400,
    }
    assert your[4] == {
        "audience": ["p05"],
        "type": "your_round",
        "round": 4,
        "spent": 400,
        "garnets_spent": 0,
        "money": 0,
    }
    assert [e["type"] for e in events[14:]] == ["play_over", "choose_ec"]
    assert events[15] == {"audience": ["p05"], "type": "choose_ec", "candidates": others}
    expected_end = {
        "condition": "rounds",
        "money": {p: (0 if p == "p05" else 400) for p in P},
        "numbers": {
            "jk": 1,
            "dh": 2,
            "sm": 3,
            "p04": 4,
            "p05": 5,
            "p06": 7,
            "p07": 6,
            "p08": 9,
            "p09": 11,
            "p10": 13,
            "p11": 8,
            "p12": 12,
            "p13": 10,
        },
        "streak_players": [],
        "winners": ["p05"],
        "tied_for_most": others,
        "ec_candidates": others,
        "choosers": ["p05"],
        "ec_votes": {},
        "elimination_candidate": None,
    }
    assert m.view(None)["end"] == expected_end
    assert events[14] == {"audience": "public", "type": "play_over", **expected_end}
    with pytest.raises(IllegalAction):
        GAME.validate(m.state, "p05", {"ec": "jk", "note": 1})
    events = m.step({"p05": {"ec": "jk"}})
    assert events == [
        {
            "audience": "public",
            "type": "game_over",
            "ec_votes": {"p05": "jk"},
            "elimination_candidate": "jk",
        }
    ]
    assert m.view(None)["end"]["ec_votes"] == {"p05": "jk"}
    res = m.result()
    assert (
        res["tokens_of_life"] == {"p05": 2}
        and res["garnets"] == {"p05": 3}
        and res["garnets_spent"] == {}
    )
    assert res["details"]["money"]["p05"] == 0
    assert res["ranking"] == [["p05"], [p for p in others if p != "jk"], ["jk"]]
    bids = m.view("p05")["you"]["bids"]
    assert len(bids) == 4
    assert bids[:3] == [{"round": r, "garnets": 0, "trades": [], "spent": 0} for r in (1, 2, 3)]


def test_W16_public_view_before_round_1():
    m = match()
    assert m.view(None) == {
        "game": "seat_exchange",
        "players": P,
        "phase": "trade",
        "round": 1,
        "rounds": 4,
        "income": 100,
        "seats": P,
        "longest_streak": 5,
        "history": [],
        "end": None,
    }
    m.step(round_of(jk=[trade("dh", "sm", 20)], dh=[trade("dh", "jk", 10)]))
    pub = m.view(None)
    assert (
        pub["round"] == 2
        and pub["seats"][:4] == ["jk", "sm", "dh", "p04"]
        and pub["longest_streak"] == 2
    )
    assert pub["history"] == [
        {"round": 1, "swaps": [{"players": ["dh", "sm"], "paid_by": ["jk"]}], "longest_streak": 2}
    ]
    assert m.view("jk")["you"] == {
        "player": "jk",
        "number": 1,
        "money": 180,
        "garnets": 0,
        "garnets_spent": 0,
        "bids": [
            {
                "round": 1,
                "garnets": 0,
                "trades": [{"players": ["dh", "sm"], "amount": 20}],
                "spent": 20,
            }
        ],
    }


@pytest.mark.parametrize(
    "amounts, swaps", [((20, 10), [{"players": ["dh", "sm"], "paid_by": ["jk"]}]), ((10, 10), [])]
)
def test_W17_one_payer_two_overlapping_trades(amounts, swaps):
    m = match()
    events = m.step(round_of(jk=[trade("dh", "sm", amounts[0]), trade("dh", "p04", amounts[1])]))
    assert m.view(None)["history"][0]["swaps"] == swaps
    assert events[1]["spent"] == sum(amounts)
