"""Every worked example of mvp spec §9 as a test of its own, named after it.

Rounds are written as in the spec: ``t.round({"r1": {"U": 3}})`` is
``R1: r1 {U:3}``; players not named submit the default ``{}``.
"""

from __future__ import annotations

import pytest
from mvp_table import PLAYERS, Table, l0_config

from mainmatch.engine import IllegalAction, Match
from mainmatch.games.mvp import GAME
from mainmatch.games.mvp.scoring import card_points, team_score


def pattern_by_status(t: Table) -> dict[str, str]:
    out: dict[str, str] = {}
    for x, entry in t.pattern().items():
        out[entry["status"]] = out.get(entry["status"], "") + x
    return out


def illegal(t: Table, player: str, action) -> str:
    with pytest.raises(IllegalAction) as err:
        GAME.validate(t.state, player, action)
    return str(err.value)


# ---------------------------------------------------------------- 9.1 examples from the seed


def test_S1_start(table):
    view = table.view()
    p = view["pattern"]
    assert [x for x in p if p[x]["status"] == "exposed"] == ["U", "V", "W", "X"]
    for x, card in zip("UVWX", ("apples-1", "apples-2", "apples-3", "lemons-1")):
        assert p[x] == {"status": "exposed", "card": card, "flag": None, "flag_total": None}
    for x, card in zip("PQRST", ("pears-1", "grapes-1", "apples-4", "lemons-2", "lemons-3")):
        assert p[x] == {"status": "nearly_exposed", "card": card}
    for x in "ABCDEFGHIJKLMNO":
        assert p[x] == {"status": "hidden"}
    assert list(p) == list("ABCDEFGHIJKLMNOPQRSTUVWX")
    assert {k: v for k, v in view.items() if k != "pattern"} == {
        "game": "mvp",
        "players": PLAYERS,
        "phase": "round",
        "round": 1,
        "rounds_played": 0,
        "last_round": 13,
        "teams": {"red": ["r1", "r2", "r3"], "green": ["g1", "g2", "g3"]},
        "claimed": {"red": [], "green": []},
        "end_reason": None,
        "final": None,
    }
    req = GAME.pending(table.state)["r1"]
    assert req["biddable"] == list("PQRSTUVWX")


def test_S2_removing_U(table):
    table.round({"r1": {"U": 1}})
    assert table.pattern()["U"] == {
        "status": "exposed",
        "card": "apples-1",
        "flag": "red",
        "flag_total": 1,
    }
    table.round()
    assert table.pattern()["U"] == {
        "status": "claimed",
        "card": "apples-1",
        "team": "red",
        "paid": 1,
        "round": 2,
    }
    assert table.view()["phase"] == "round"  # a claim: not a stalemate
    s = pattern_by_status(table)
    assert s["exposed"] == "PVWX"
    assert s["nearly_exposed"] == "JQRST"
    assert table.pattern()["J"] == {"status": "nearly_exposed", "card": "pears-2"}
    assert table.pattern()["K"] == {"status": "hidden"}
    e = table.last("round_resolved")
    assert e["revealed"] == [{"letter": "J", "card": "pears-2"}]
    assert e["newly_exposed"] == ["P"]
    assert e["claimed"] == [{"letter": "U", "card": "apples-1", "team": "red", "paid": 1}]


def test_S3_removing_W_alone(table):
    table.rounds({"g1": {"W": 2}}, None)
    assert table.pattern()["W"]["team"] == "green"
    s = pattern_by_status(table)
    assert s["exposed"] == "UVX"
    assert s["nearly_exposed"] == "PQRST"
    e = table.last("round_resolved")
    assert e["newly_exposed"] == [] and e["revealed"] == []


def test_S4_newly_exposed_card_is_flagged_not_claimed(table):
    table.round({"r1": {"U": 1}, "r2": {"P": 3}, "g1": {"P": 2}})
    assert table.pattern()["U"]["flag"] == "red"
    assert table.pattern()["P"] == {"status": "nearly_exposed", "card": "pears-1"}
    assert table.you("g1")["bids"] == {"P": 2} and table.you("g1")["chips"] == 28
    table.round()
    assert table.pattern()["U"]["status"] == "claimed"
    assert table.pattern()["P"] == {
        "status": "exposed",
        "card": "pears-1",
        "flag": "red",
        "flag_total": 3,
    }
    assert table.you("g1")["chips"] == 30 and table.you("g1")["bids"] == {}
    assert table.last("round_private", "g1")["returned"] == {"P": 2}
    assert table.last("round_resolved")["flagged"] == [
        {"letter": "P", "card": "pears-1", "team": "red", "total": 3}
    ]
    table.round()
    assert table.pattern()["P"] == {
        "status": "claimed",
        "card": "pears-1",
        "team": "red",
        "paid": 3,
        "round": 3,
    }
    assert table.you("r2")["controls"] == ["P"] and table.you("r2")["chips"] == 27
    assert table.pattern()["J"]["status"] == "exposed"


def test_S5_a_tie_keeps_the_flag_and_claims(table):
    table.round({"r1": {"V": 4}, "g1": {"V": 2}})
    assert table.pattern()["V"]["flag"] == "red" and table.pattern()["V"]["flag_total"] == 4
    assert table.you("g1")["chips"] == 30
    table.round({"g1": {"V": 4}})
    assert table.pattern()["V"] == {
        "status": "claimed",
        "card": "apples-2",
        "team": "red",
        "paid": 4,
        "round": 2,
    }
    assert table.you("r1")["controls"] == ["V"] and table.you("r1")["chips"] == 26
    assert table.you("g1")["chips"] == 30
    assert table.last("round_private", "g1")["returned"] == {"V": 4}


def test_S6_scoring():
    def held(*cards):
        return dict(zip("ABCDEFGHIJ", cards))

    assert team_score(held("apples-3", "lemons-3", "pears-3")) == 3
    assert team_score(held("apples-3", "lemons-3", "pears-3", "grapes-3")) == 12
    for n, total in ((3, 3), (4, 4), (5, 10), (6, 24)):
        assert team_score(held(*[f"pears-{r}" for r in range(1, n + 1)])) == total
    assert team_score(held("pears-1", "pears-2", "pears-3", "pears-4")) == 4
    assert team_score(held("pears-1", "pears-2", "pears-3", "pears-5", "pears-6")) == 3
    assert team_score(held("pears-1", "pears-2", "lemons-3")) == 0
    twos = held("apples-2", "lemons-2", "pears-2", "grapes-2")
    pts = card_points(twos)
    assert set(pts.values()) == {3}
    assert pts["A"] + pts["B"] == 6  # a player controlling two of them
    mixed = held("apples-1", "apples-2", "apples-3", "lemons-1", "pears-1")
    assert card_points(mixed) == {"A": 2, "B": 1, "C": 1, "D": 1, "E": 1} and team_score(mixed) == 6
    big = held(*[f"apples-{r}" for r in range(1, 7)], "lemons-6", "pears-6", "grapes-6")
    assert team_score(big) == 36 and card_points(big)["F"] == 7  # F is apples-6


def play_x9() -> Table:
    t = Table()
    t.rounds(
        {
            "r1": {"U": 1, "V": 1, "W": 1, "R": 1},
            "r2": {"Q": 1},
            "r3": {"X": 1},
            "g1": {"S": 1, "T": 1},
            "g2": {"P": 1},
        },
        None,
        {"r1": {"L": 1}, "r2": {"K": 1, "N": 1}, "g1": {"O": 1}, "g2": {"J": 1, "M": 1}},
        {"r1": {"E": 1}, "r2": {"G": 1}, "g1": {"H": 1}, "g3": {"F": 1, "I": 1}},
        {"r2": {"A": 1, "D": 1}, "g1": {"B": 1}, "g3": {"C": 1}},
        None,
    )
    return t


def test_S7_garnets():
    t = play_x9()
    final = t.view()["final"]
    assert final["team_scores"] == {"red": 51, "green": 34}
    assert t.result()["garnets"] == {"r1": 10, "r2": 10, "r3": 10, "g1": 6, "g2": 6, "g3": 6}


def play_s8() -> Table:
    t = Table()
    t.round({"r1": {"U": 1, "V": 1}, "r2": {"V": 1}, "r3": {"W": 1}, "g1": {"X": 1}})
    return t


def test_S8_tied_teams_void_tokens_of_life():
    t = play_s8()
    p = t.pattern()
    assert [p[x]["flag"] for x in "UVWX"] == ["red", "red", "red", "green"]
    t.round({"g2": {"S": 1}, "g3": {"T": 1}})
    p = t.pattern()
    assert [p[x]["team"] for x in "UVWX"] == ["red", "red", "red", "green"]
    assert [(p[x]["status"], p[x]["flag"]) for x in "PQRST"] == [("exposed", None)] * 3 + [
        ("exposed", "green")
    ] * 2
    assert t.last("round_resolved")["newly_exposed"] == list("PQRST")
    assert [p[x]["status"] for x in "JKLMNO"] == ["nearly_exposed"] * 6
    assert t.you("r2")["controls"] == [] and t.you("r1")["controls"] == ["U"]
    t.round()
    assert t.pattern()["S"]["status"] == t.pattern()["T"]["status"] == "claimed"
    t.round()
    view = t.view()
    assert view["phase"] == "over" and view["end_reason"] == "stalemate"
    final = view["final"]
    assert final["rounds_played"] == 4
    assert final["team_scores"] == {"red": 3, "green": 3}
    assert final["individual_scores"] == {"r1": 1, "r2": 0, "r3": 1, "g1": 1, "g2": 1, "g3": 1}
    assert final["controllers"]["V"] is None and final["card_points"]["V"] == 1
    assert final["winning_team"] is None and final["winners"] == ["r1", "r3", "g1", "g2", "g3"]
    assert final["tokens_of_life"] == {} and final["void_tokens_of_life"] is True
    r = t.result()
    assert r["tokens_of_life"] == {} and r["void_tokens_of_life"] is True
    assert (
        r["elimination_candidate"] == "r2"
        and final["ec_candidates"] == ["r2"]
        and final["voters"] == []
    )
    assert r["ranking"] == [["r1", "r3", "g1", "g2", "g3"], ["r2"]]
    assert r["garnets"] == {} and r["details"]["rounds_played"] == 4


# ---------------------------------------------------------------- 9.2 more scenarios


def test_X1_switch_then_claim_on_a_tie(table):
    table.round({"r1": {"V": 4}, "g1": {"V": 2}})
    assert table.pattern()["V"]["flag"] == "red"
    table.round({"g1": {"V": 3}, "g2": {"V": 2}})
    assert table.pattern()["V"] == {
        "status": "exposed",
        "card": "apples-2",
        "flag": "green",
        "flag_total": 5,
    }
    assert table.last("round_private", "r1")["returned"] == {"V": 4}
    table.round({"r1": {"V": 5}})
    assert table.pattern()["V"] == {
        "status": "claimed",
        "card": "apples-2",
        "team": "green",
        "paid": 5,
        "round": 3,
    }
    assert table.you("g1")["controls"] == ["V"]
    assert [table.you(p)["chips"] for p in ("g1", "g2", "r1")] == [27, 28, 30]
    g2 = table.last("round_private", "g2")
    assert g2["control"] == {"V": False} and g2["paid"] == {"V": 2}
    assert table.last("round_private", "g1")["control"] == {"V": True}
    assert table.last("round_private", "r1")["control"] == {}


def test_X2_unflagged_tie(table):
    table.round({"r1": {"X": 3}, "g1": {"X": 3}})
    assert table.pattern()["X"] == {
        "status": "exposed",
        "card": "lemons-1",
        "flag": None,
        "flag_total": None,
    }
    assert table.you("r1")["bids"] == {"X": 3} and table.you("g1")["bids"] == {"X": 3}
    assert table.last("round_resolved")["flagged"] == []
    table.round({"r2": {"X": 1}})
    assert table.pattern()["X"]["flag"] == "red" and table.pattern()["X"]["flag_total"] == 4
    assert table.you("g1")["bids"] == {} and table.you("g1")["chips"] == 30


def test_X3_controller_tie():
    t = play_s8()
    t.rounds({"g2": {"S": 1}, "g3": {"T": 1}})
    assert t.last("round_private", "r1")["control"] == {"U": True, "V": False, "W": False}
    assert t.last("round_private", "r2")["control"] == {"U": False, "V": False, "W": False}
    assert t.last("round_private", "r2")["paid"] == {"V": 1}
    t.rounds(None, None)
    assert t.view()["final"]["controllers"] == {
        "S": "g2",
        "T": "g3",
        "U": "r1",
        "V": None,
        "W": "r3",
        "X": "g1",
    }
    assert t.pattern()["V"]["controller"] is None
    assert (
        t.view()["final"]["team_scores"]["red"] == 3
    )  # the uncontrolled card still scores for the team


def test_X4_round_1_stalemate_six_way_vote(table):
    table.round()
    view = table.view()
    assert (
        view["phase"] == "choose_ec" and view["end_reason"] == "stalemate" and view["round"] is None
    )
    final = view["final"]
    assert final["team_scores"] == {"red": 0, "green": 0}
    assert final["winners"] == final["ec_candidates"] == final["voters"] == PLAYERS
    assert final["void_tokens_of_life"] is True and final["tokens_of_life"] == {}
    pending = GAME.pending(table.state)
    assert list(pending) == PLAYERS
    assert all(req == {"kind": "choose_ec", "candidates": PLAYERS} for req in pending.values())
    GAME.validate(table.state, "r1", {"ec": "r1"})
    assert "'zz' is not a candidate" in illegal(table, "r1", {"ec": "zz"})
    events = table.vote({"r1": "g1", "r2": "g1", "r3": "g2", "g1": "r1", "g2": "r1", "g3": "g2"})
    votes = {"r1": "g1", "r2": "g1", "r3": "g2", "g1": "r1", "g2": "r1", "g3": "g2"}
    assert events == [
        {"audience": "public", "type": "elimination_candidate", "player": "g2", "votes": votes}
    ]
    assert table.view()["final"]["ec_votes"] == votes
    r = table.result()
    assert r["elimination_candidate"] == "g2"
    assert r["ranking"] == [["r1", "r2", "r3", "g1", "g3"], ["g2"]]


def test_X5_round_13():
    t = Table()
    t.round({"r1": {"X": 1}, "g1": {"X": 1}, "r2": {"P": 5}})
    for _ in range(2, 12):
        t.round({"r1": {"X": 1}, "g1": {"X": 1}})
        assert t.pattern()["X"]["flag"] is None
        assert t.pattern()["P"]["status"] == "nearly_exposed"
    assert t.you("r2")["bids"] == {"P": 5}
    t.round({"r1": {"X": 1}, "g1": {"X": 1}, "r3": {"U": 1}})
    assert t.pattern()["U"]["flag"] == "red"
    assert t.view()["round"] == 13
    assert GAME.pending(t.state)["r2"]["biddable"] == ["U", "V", "W", "X"]
    assert "in round 13 you may bid only on exposed cards" in illegal(t, "r2", {"bids": {"P": 1}})
    t.round({"r1": {"X": 1}})
    p = t.pattern()
    assert p["X"] == {"status": "exposed", "card": "lemons-1", "flag": "red", "flag_total": 13}
    assert p["U"]["status"] == "claimed" and p["U"]["team"] == "red" and p["U"]["round"] == 13
    assert p["P"] == {"status": "exposed", "card": "pears-1", "flag": "red", "flag_total": 5}
    view = t.view()
    assert (
        view["end_reason"] == "round_limit"
        and view["rounds_played"] == 13
        and view["round"] is None
    )
    assert view["final"]["team_scores"] == {"red": 0, "green": 0}
    assert view["phase"] == "choose_ec" and list(GAME.pending(t.state)) == PLAYERS


def test_X6_purchases(table):
    bad = [
        ({"bids": {"U": 31}, "buy_chips": 1}, "your bids total 31 chips but you have 30"),
        ({"bids": {"U": 0}}, "bid on U must be a positive integer number of chips (got 0)"),
        ({"bids": {"J": 1}}, "card J is hidden; you may bid on: P, Q, R, S, T, U, V, W, X"),
        ({"buy_identity": ["P"]}, "buy_identity: card P is nearly exposed and public"),
        ({"buy_identity": ["J", "J"]}, "buy_identity lists the same letter twice"),
        (
            {"buy_location": ["apples-1"]},
            "buy_location: apples-1 is already public (card U is exposed)",
        ),
        ({"buy_chips": 6}, "your purchases cost 6 garnets but you have 5"),
        (
            {"buy_identity": ["A", "B"], "buy_location": ["grapes-6", "pears-6"]},
            "your purchases cost 6 garnets but you have 5",
        ),
    ]
    for action, message in bad:
        assert message in illegal(table, "r1", action), action
    GAME.validate(
        table.state, "r1", {"buy_identity": ["A"], "buy_location": ["grapes-6", "pears-6"]}
    )
    table.round(
        {
            "r1": {
                "bids": {"U": 30},
                "buy_chips": 1,
                "buy_identity": ["J"],
                "buy_location": ["grapes-6"],
            }
        }
    )
    assert table.you("r1") == {
        "player": "r1",
        "team": "red",
        "chips": 1,
        "bids": {"U": 30},
        "garnets": 1,
        "garnets_spent": 4,
        "controls": [],
        "known_cards": {"D": "grapes-6", "J": "pears-2"},
    }
    assert table.pattern()["J"] == {"status": "hidden"} and "you" not in table.view()
    assert "your purchases cost 2 garnets but you have 1" in illegal(
        table, "r1", {"buy_location": ["grapes-6"]}
    )
    GAME.validate(table.state, "r1", {"buy_identity": ["J"]})
    table.round({"g1": {"buy_identity": ["J"]}})
    assert table.pattern()["U"]["status"] == "claimed"
    assert table.pattern()["J"] == {"status": "nearly_exposed", "card": "pears-2"}
    assert table.last("round_resolved")["revealed"] == [{"letter": "J", "card": "pears-2"}]
    g1 = table.you("g1")
    assert (g1["known_cards"], g1["garnets"], g1["garnets_spent"]) == ({"J": "pears-2"}, 4, 1)
    assert table.last("round_private", "g1")["identity"] == {"J": "pears-2"}


FINAL_X7 = {
    "end_reason": "stalemate",
    "rounds_played": 3,
    "team_scores": {"red": 3, "green": 0},
    "individual_scores": {"r1": 2, "r2": 1, "r3": 0, "g1": 0, "g2": 0, "g3": 0},
    "winning_team": "red",
    "winners": ["r1"],
    "tokens_of_life": {"r1": 2},
    "void_tokens_of_life": False,
    "garnets": {},
    "controllers": {"U": "r1", "V": "r1", "W": "r2", "X": "g1"},
    "card_points": {"U": 1, "V": 1, "W": 1, "X": 0},
    "combinations": {
        "red": [
            {
                "kind": "run",
                "suit": "apples",
                "ranks": [1, 2, 3],
                "letters": ["U", "V", "W"],
                "points_per_card": 1,
                "total": 3,
            }
        ],
        "green": [],
    },
    "ec_candidates": ["g1", "g2", "g3"],
    "voters": ["r1"],
    "ec_votes": None,
    "elimination_candidate": None,
}


def test_X7_solo_winner_one_voter(table):
    table.round({"r1": {"U": 3, "V": 2}, "r2": {"W": 1}, "g1": {"X": 1}})
    table.round()
    s = pattern_by_status(table)
    assert s["exposed"] == "PQRST" and s["nearly_exposed"] == "JKLMNO" and s["claimed"] == "UVWX"
    assert all("controller" not in table.pattern()[x] for x in "UVWX")
    table.round()
    view = table.view()
    assert view["phase"] == "choose_ec" and view["final"] == FINAL_X7
    assert [view["pattern"][x]["controller"] for x in "UVWX"] == ["r1", "r1", "r2", "g1"]
    assert GAME.pending(table.state) == {
        "r1": {"kind": "choose_ec", "candidates": ["g1", "g2", "g3"]}
    }
    game_over = table.last("game_over")
    assert game_over == {
        "audience": "public",
        "type": "game_over",
        **{
            k: FINAL_X7[k]
            for k in (
                "end_reason",
                "rounds_played",
                "team_scores",
                "individual_scores",
                "winning_team",
                "winners",
                "controllers",
                "combinations",
                "ec_candidates",
                "voters",
                "elimination_candidate",
            )
        },
    }
    before = table.view()
    table.vote({"r1": "g2"})
    after = table.view()
    assert after["final"]["elimination_candidate"] == "g2" and after["final"]["ec_votes"] == {
        "r1": "g2"
    }
    before["phase"] = "over"
    before["final"]["ec_votes"] = {"r1": "g2"}
    before["final"]["elimination_candidate"] = "g2"
    assert after == before  # nothing else changes
    r = table.result()
    assert r["tokens_of_life"] == {"r1": 2} and r["elimination_candidate"] == "g2"
    assert r["ranking"] == [["r1"], ["r2"], ["r3"], ["g1", "g3"], ["g2"]]


def test_X8_tied_teams_solo_winner_not_void(table):
    table.rounds(
        {"r1": {"U": 1, "V": 1}, "r3": {"W": 1}, "g1": {"X": 1}},
        {"g2": {"S": 1}, "g3": {"T": 1}},
        None,
        None,
    )
    final = table.view()["final"]
    assert final["end_reason"] == "stalemate"
    assert final["team_scores"] == {"red": 3, "green": 3}
    assert final["individual_scores"] == {"r1": 2, "r2": 0, "r3": 1, "g1": 1, "g2": 1, "g3": 1}
    assert (
        final["winners"] == ["r1"]
        and final["tokens_of_life"] == {"r1": 2}
        and not final["void_tokens_of_life"]
    )
    r = table.result()
    assert r["elimination_candidate"] == "r2"
    assert r["ranking"] == [["r1"], ["r3", "g1", "g2", "g3"], ["r2"]]


def test_X9_pipelined_full_clear():
    t = Table()
    t.round(
        {
            "r1": {"U": 1, "V": 1, "W": 1, "R": 1},
            "r2": {"Q": 1},
            "r3": {"X": 1},
            "g1": {"S": 1, "T": 1},
            "g2": {"P": 1},
        }
    )
    assert [t.pattern()[x]["flag"] for x in "UVWX"] == ["red"] * 4
    assert all(t.pattern()[x]["status"] == "nearly_exposed" for x in "PQRST")
    assert t.you("g1")["bids"] == {"S": 1, "T": 1}
    t.round()
    p = t.pattern()
    assert all(p[x]["status"] == "claimed" and p[x]["team"] == "red" for x in "UVWX")
    assert {x: p[x]["flag"] for x in "PQRST"} == {
        "P": "green",
        "Q": "red",
        "R": "red",
        "S": "green",
        "T": "green",
    }
    assert all(p[x]["status"] == "nearly_exposed" for x in "JKLMNO")
    t.round({"r1": {"L": 1}, "r2": {"K": 1, "N": 1}, "g1": {"O": 1}, "g2": {"J": 1, "M": 1}})
    p = t.pattern()
    assert all(p[x]["status"] == "claimed" for x in "PQRST") and all(p[x]["flag"] for x in "JKLMNO")
    t.round({"r1": {"E": 1}, "r2": {"G": 1}, "g1": {"H": 1}, "g3": {"F": 1, "I": 1}})
    p = t.pattern()
    assert all(p[x]["status"] == "claimed" for x in "JKLMNO") and all(p[x]["flag"] for x in "EFGHI")
    t.round({"r2": {"A": 1, "D": 1}, "g1": {"B": 1}, "g3": {"C": 1}})
    p = t.pattern()
    assert all(p[x]["status"] == "claimed" for x in "EFGHI") and all(p[x]["flag"] for x in "ABCD")
    t.round()
    view = t.view()
    assert (
        view["end_reason"] == "all_claimed"
        and view["rounds_played"] == 6
        and view["phase"] == "over"
    )
    final = view["final"]
    assert final["team_scores"] == {"red": 51, "green": 34}
    assert final["individual_scores"] == {"r1": 25, "r2": 25, "r3": 1, "g1": 10, "g2": 12, "g3": 12}
    red_combos = [
        (c["kind"], c.get("suit"), c.get("rank"), c["total"]) for c in final["combinations"]["red"]
    ]
    assert red_combos == [
        ("set", None, 1, 3),
        ("run", "apples", None, 24),
        ("run", "grapes", None, 24),
    ]
    green_combos = [(c["kind"], c.get("suit"), c["total"]) for c in final["combinations"]["green"]]
    assert green_combos == [("run", "lemons", 10), ("run", "pears", 24)]
    r = t.result()
    assert r["tokens_of_life"] == {"r1": 1, "r2": 1}
    assert r["elimination_candidate"] == "g1"
    assert r["garnets"] == {"r1": 10, "r2": 10, "r3": 10, "g1": 6, "g2": 6, "g3": 6}
    assert r["ranking"] == [["r1", "r2"], ["r3"], ["g2", "g3"], ["g1"]]
    assert r["garnets_spent"] == {} and r["details"]["ec_votes"] is None


def test_X10_the_holder_adds_and_keeps_it(table):
    table.round({"r1": {"U": 2}})
    assert table.pattern()["U"]["flag"] == "red" and table.pattern()["U"]["flag_total"] == 2
    table.round({"r2": {"U": 3}, "g1": {"U": 4}})
    assert table.pattern()["U"] == {
        "status": "claimed",
        "card": "apples-1",
        "team": "red",
        "paid": 5,
        "round": 2,
    }
    assert table.you("r2")["controls"] == ["U"] and table.you("r1")["controls"] == []
    assert (
        table.last("round_private", "g1")["returned"] == {"U": 4} and table.you("g1")["chips"] == 30
    )


def test_X11_purchases_are_not_bids(table):
    table.round({"r1": {"buy_chips": 2}, "g1": {"buy_identity": ["A"]}})
    view = table.view()
    assert view["end_reason"] == "stalemate" and view["rounds_played"] == 1
    assert table.you("r1")["chips"] == 32
    assert table.you("g1")["known_cards"] == {"A": "grapes-5"}
    assert view["final"]["voters"] == PLAYERS
    events = table.vote()
    assert events[0]["votes"] == {p: "g3" for p in PLAYERS} and events[0]["player"] == "g3"
    assert table.match.steps[-1]["defaulted"] == PLAYERS
    r = table.result()
    assert r["elimination_candidate"] == "g3"
    assert r["garnets_spent"] == {"r1": 2, "g1": 1} and r["garnets"] == {}
    assert r["ranking"] == [["r1", "r2", "r3", "g1", "g2"], ["g3"]]


def test_X12_self_votes_and_default_votes():
    tiebreak = ["g2", "r1", "r3", "g1", "g3", "r2"]
    t = Table(l0_config(gamewide_tiebreak=tiebreak))
    t.round()
    pending = GAME.pending(t.state)
    assert all(req["candidates"] == PLAYERS for req in pending.values())
    assert all(GAME.default_action(t.state, p, None) == {"ec": "r2"} for p in pending)
    t.vote({"r1": "r1", "g1": "r1", "r3": "g3", "g3": "g3", "g2": "g1"})
    assert t.match.steps[-1]["defaulted"] == ["r2"]
    votes = {"r1": "r1", "r2": "r2", "r3": "g3", "g1": "r1", "g2": "g1", "g3": "g3"}
    assert t.view()["final"]["ec_votes"] == votes
    r = t.result()
    assert r["elimination_candidate"] == "g3"
    assert r["details"]["ec_votes"] == votes
    assert r["ranking"] == [["r1", "r2", "r3", "g1", "g2"], ["g3"]]
    # had all six defaulted: six votes for r2
    again = Table(l0_config(gamewide_tiebreak=tiebreak))
    again.round()
    again.vote()
    assert again.result()["elimination_candidate"] == "r2"


def test_X13_strict_types_two_purchases_of_one_place(table):
    for action, fragment in [
        ({"buy_chips": True}, "buy_chips must be a non-negative integer (got true)"),
        ({"buy_chips": 1.0}, "buy_chips must be a non-negative integer (got 1.0)"),
        ({"bids": {"U": 2.0}}, "bid on U must be a positive integer number of chips (got 2.0)"),
        ({"bids": {"U": True}}, "bid on U must be a positive integer number of chips (got true)"),
        ({"bids": None}, "bids is null"),
        ({"buy_identity": None}, "buy_identity is null"),
    ]:
        assert fragment in illegal(table, "r1", action), action
    GAME.validate(table.state, "r1", {"buy_identity": ["D"], "buy_location": ["grapes-6"]})
    table.round({"r1": {"buy_identity": ["D"], "buy_location": ["grapes-6"]}, "r2": {"U": 1}})
    you = table.you("r1")
    assert (you["known_cards"], you["garnets"], you["garnets_spent"]) == ({"D": "grapes-6"}, 2, 3)
    private = table.last("round_private", "r1")
    assert private["identity"] == {"D": "grapes-6"} and private["location"] == {"grapes-6": "D"}
    assert table.pattern()["D"] == {"status": "hidden"}
    assert table.pattern()["U"]["flag"] == "red"
    assert table.view()["round"] == 2 and table.view()["phase"] == "round"


# ---------------------------------------------------------------- the annotated examples of §3.1, §5.1


def test_view_example_of_5_1_after_round_2(table):
    table.rounds({"g1": {"W": 2}}, {"r1": {"U": 3}})
    view = table.view()
    assert view["round"] == 3 and view["rounds_played"] == 2 and view["last_round"] == 13
    p = view["pattern"]
    assert p["A"] == {"status": "hidden"}
    assert p["P"] == {"status": "nearly_exposed", "card": "pears-1"}
    assert p["U"] == {"status": "exposed", "card": "apples-1", "flag": "red", "flag_total": 3}
    assert p["V"] == {"status": "exposed", "card": "apples-2", "flag": None, "flag_total": None}
    assert p["W"] == {
        "status": "claimed",
        "card": "apples-3",
        "team": "green",
        "paid": 2,
        "round": 2,
    }
    assert (
        view["claimed"] == {"red": [], "green": ["W"]}
        and view["end_reason"] is None
        and view["final"] is None
    )
    assert list(view) == [
        "game",
        "players",
        "phase",
        "round",
        "rounds_played",
        "last_round",
        "teams",
        "pattern",
        "claimed",
        "end_reason",
        "final",
    ]


def test_request_example_of_3_1():
    # U claimed (P exposed, J nearly exposed) in round 3 with 27 chips and 4 garnets left
    t = Table()
    t.rounds({"r1": {"bids": {"U": 3}, "buy_identity": ["A"]}}, None)
    req = GAME.pending(t.state)["r1"]
    assert req == {
        "kind": "round",
        "round": 3,
        "chips": 27,
        "garnets": 4,
        "biddable": ["J", "P", "Q", "R", "S", "T", "V", "W", "X"],
        "identity_targets": ["A", "B", "C", "D", "E", "F", "G", "H", "I", "K", "L", "M", "N", "O"],
        "location_targets": [
            "apples-5",
            "apples-6",
            "lemons-4",
            "lemons-5",
            "lemons-6",
            "pears-3",
            "pears-4",
            "pears-5",
            "pears-6",
            "grapes-2",
            "grapes-3",
            "grapes-4",
            "grapes-5",
            "grapes-6",
        ],
        "costs": {"identity": 1, "location": 2, "chip": 1},
    }


def test_every_example_ends_in_a_replayable_record():
    t = play_x9()
    again = Match.from_record(t.match.record())
    assert GAME.result(again.state) == t.result()
