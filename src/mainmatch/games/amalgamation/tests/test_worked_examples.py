"""Every worked example of amalgamation spec §9 (and the examples of §3 and §5), each its own test."""

from __future__ import annotations

import copy
import functools
import operator

import pytest

from mainmatch.engine import IllegalAction
from mainmatch.games.amalgamation import GAME
from mainmatch.games.amalgamation.invest import misers, top_investor
from mainmatch.games.amalgamation.invest import ranking as invest_ranking
from mainmatch.games.amalgamation.minus import ranking as minus_ranking
from mainmatch.games.amalgamation.minus import streak_score
from mainmatch.games.amalgamation.setup import garnet_rate
from mainmatch.games.amalgamation.thief import split_chips

from .helpers import P, act, config, events_of, match, play_rounds, rng, step

ROLES6 = lambda *roles: dict(zip(P, roles))


# ------------------------------------------------------------------ drivers for E9-E12


def scripted(
    investor: dict[int, str],
    zero_donors: dict[int, set[str]],
    thief_round1: dict[str, tuple[str, int]],
    taker: dict[int, str] | None = None,
    tiles=None,
):
    """Per-round actions of E10-E12: who invests $1 alone in each round, who
    donates $0 in rounds 1-2 (everyone else $1; all $0 from round 3), round 1's
    roles and bets, and (E12) who takes which tile with a -1 bid."""

    def per_round(r: int) -> dict[str, dict]:
        out = {}
        for p in P:
            kw: dict = {}
            if investor.get(r) == p:
                kw["invest"] = 1
            if r in zero_donors and p not in zero_donors[r]:
                kw["donate"] = 1
            if r == 1 and p in thief_round1:
                kw["role"], kw["bet"] = thief_round1[p]
            if taker is not None:
                kw["bids"] = [-1 if taker.get(t, "a") == p else 0 for t in tiles[r - 1]]
            out[p] = act(**kw)
        return out

    return per_round


E10 = scripted(
    {1: "e", 2: "e", 3: "e", 4: "b", 5: "b", 6: "c"},
    {1: {"a"}, 2: {"a", "f"}},
    {"e": ("mafia", 10)},
)
E11 = scripted(
    {1: "f", 2: "f", 3: "f", 4: "b", 5: "b", 6: "c"},
    {1: {"a"}, 2: {"a", "e"}},
    {
        "c": ("police", 40),
        "a": ("police", 30),
        "b": ("police", 20),
        "f": ("police", 10),
        "d": ("beggar", 0),
        "e": ("beggar", 0),
    },
)


def e12_match():
    cfg = config()
    per_round = scripted(
        {1: "c", 2: "c", 3: "c", 4: "b", 5: "b", 6: "a"},
        {1: {"d"}, 2: {"d", "e"}},
        {
            "d": ("police", 5),
            "e": ("police", 4),
            "f": ("police", 3),
            "a": ("police", 2),
            "b": ("police", 1),
            "c": ("beggar", 0),
        },
        taker={-1: "e", -2: "d", -3: "c", -4: "b"},
        tiles=cfg["minus_tiles"],
    )
    m = match(cfg)
    play_rounds(m, per_round)
    return m


# ------------------------------------------------------------------ from the seed


def test_S1_chip_split_two_mafia_one_cartel():
    roles = ROLES6("mafia", "mafia", "cartel", "beggar", "police", "police")
    assert split_chips(roles, tuple(P)) == {"a": 2, "b": 2, "c": 0, "d": 1, "e": 0, "f": 0}
    m = match()
    events = step(m, **{p: act(role=r) for p, r in roles.items()})
    assert events_of(events, "thief_round")[0]["chips"] == {
        "a": 2,
        "b": 2,
        "c": 0,
        "d": 1,
        "e": 0,
        "f": 0,
    }
    assert m.view(None)["thief"]["chips"] == {"a": 2, "b": 2, "c": 0, "d": 1, "e": 0, "f": 0}


def test_S2_two_beggars():
    roles = ROLES6("mafia", "mafia", "cartel", "beggar", "beggar", "police")
    assert split_chips(roles, tuple(P)) == {"a": 2, "b": 2, "c": 0, "d": 0, "e": 0, "f": 0}


def test_S3_bet_100_times_2_chips():
    roles = ROLES6("mafia", "mafia", "cartel", "beggar", "police", "police")
    m = match()
    step(m, **{p: act(role=r, bet=100 if p == "a" else 0) for p, r in roles.items()})
    you = m.view("a")["you"]
    assert you["thief_points"] == 200
    assert you["rounds"][0]["thief_points"] == 200 and you["rounds"][0]["chips"] == 2
    assert m.view(None)["balances"]["a"] == 300


def test_S4_streaks():
    assert streak_score([-17, -18, -19, -20]) == -17
    assert streak_score([-17, -19, -21]) == -57


def test_S5_penalty_resets():
    m = match()
    balances, penalized = [], []
    for _ in range(4):
        events = step(m, a=act(bids=[1, 1, 1, 1, 1]))
        balances.append(m.view(None)["balances"]["a"])
        penalized.append(events_of(events, "minus_round")[0]["penalized"])
        assert all(
            len(m.view(None)["minus"]["received"][p]) == len(m.view(None)["minus"]["rounds"])
            for p in P[1:]
        )
    assert balances == [395, 370, 365, 340]
    assert penalized == [[], ["a"], [], ["a"]]
    assert m.view(None)["minus"]["received"]["a"] == []
    assert [r["penalty"] for r in m.view("a")["you"]["rounds"]] == [0, 20, 0, 20]


def test_S6_kong_zero_zero():
    m = match(config(gamewide_tiebreak=["d", "a", "b", "c", "e", "f"]))
    events = step(m, a=act(contribute=10), d=act(contribute=10))
    assert events_of(events, "kong_round")[0] == {
        "audience": "public",
        "type": "kong_round",
        "round": 1,
        "winner": None,
        "loser": None,
        "loser_total": None,
    }
    play_rounds(m, lambda r: {})
    final = m.view(None)["final"]
    assert m.view(None)["kong"]["points"] == {"red": 0, "white": 0}
    assert final["kong_winner"] == "white"
    assert final["rankings"]["kong"] == ["d", "e", "f", "b", "c", "a"]


# ------------------------------------------------------------------ more


def test_E1_kong_reached_first():
    contributions = {
        1: {"a": 10, "d": 4},
        2: {"b": 6, "e": 6},
        3: {"d": 5},
        4: {"e": 7, "c": 3},
        5: {"a": 10},
    }
    m = match()
    play_rounds(m, lambda r: {p: act(contribute=x) for p, x in contributions.get(r, {}).items()})
    pub = m.view(None)
    assert pub["kong"]["rounds"] == [
        {"round": 1, "winner": "red", "loser": "white", "loser_total": 4},
        {"round": 2, "winner": None, "loser": None, "loser_total": None},
        {"round": 3, "winner": "white", "loser": "red", "loser_total": 0},
        {"round": 4, "winner": "white", "loser": "red", "loser_total": 3},
        {"round": 5, "winner": "red", "loser": "white", "loser_total": 0},
        {"round": 6, "winner": None, "loser": None, "loser_total": None},
        {"round": 7, "winner": None, "loser": None, "loser_total": None},
    ]
    assert pub["kong"]["points"] == {"red": 2, "white": 2}
    assert pub["final"]["kong_winner"] == "white"
    assert {p: m.view(p)["you"]["spent"]["kong"] for p in P} == {
        "a": 20,
        "b": 6,
        "c": 3,
        "d": 9,
        "e": 13,
        "f": 0,
    }
    assert pub["final"]["rankings"]["kong"] == ["e", "d", "f", "c", "b", "a"]


def test_E2_minus_tiebreak_order_within_a_round():
    tiles = _e2_tiles()
    m = match(config(minus_tiles=tiles))
    record_step = {
        "a": act(bids=[-5, 0, 0, 3, -2]),
        "b": act(bids=[-5, 0, 0, 3, 5]),
        "c": act(bids=[0, 0, 0, 3, 5]),
        "d": act(bids=[0, 0, 0, 3, 5]),
        "e": act(bids=[0, 0, 0, 3, -2]),
        "f": act(bids=[0, 0, -1, 3, 5]),
    }
    events = m.step(record_step)
    assert m.view(None)["minus"]["rounds"][0] == {
        "round": 1,
        "tiles": [-10, -11, -30, -2, -20],
        "awards": [
            {"tile": -10, "winner": "a"},
            {"tile": -11, "winner": "b"},
            {"tile": -30, "winner": "f"},
            {"tile": -2, "winner": "c"},
            {"tile": -20, "winner": "e"},
        ],
        "tiebreak_order": ["d", "f", "a", "b", "c", "e"],
        "penalized": [],
    }
    assert events_of(events, "minus_round")[0]["tiebreak_order"] == ["d", "f", "a", "b", "c", "e"]
    pub = m.view(None)
    assert pub["minus"]["received"] == {
        "a": [-10],
        "b": [-11],
        "c": [-2],
        "d": [],
        "e": [-20],
        "f": [-30],
    }
    assert pub["minus"]["rounds_without_tiles"] == {"a": 0, "b": 0, "c": 0, "d": 1, "e": 0, "f": 0}
    assert pub["balances"] == {"a": 390, "b": 387, "c": 392, "d": 392, "e": 395, "f": 391}


def _e2_tiles() -> list[list[int]]:
    first = [-10, -11, -30, -2, -20]
    rest = [t for t in range(-1, -36, -1) if t not in first]
    return [first] + [rest[i * 5 : (i + 1) * 5] for i in range(6)]


def test_E3_minus_ranking_ties():
    gt = {p: i for i, p in enumerate(["f", "e", "d", "c", "b", "a"])}
    scores = {"a": -20, "b": -20, "c": -20, "d": -5, "e": -57, "f": -5}
    spend = {"a": 30, "b": 30, "c": 40, "d": 0, "e": 100, "f": 10}
    assert minus_ranking(scores, spend, gt) == ["f", "d", "c", "b", "a", "e"]


def test_E4_top_investor_and_miser():
    ps = tuple(P)
    assert top_investor(dict(zip(P, [50, 50, 30, 30, 10, 0])), ps) == "e"
    assert top_investor(dict.fromkeys(P, 20), ps) is None
    assert top_investor(dict(zip(P, [0, 10, 10, 10, 10, 10])), ps) == "a"
    assert misers(dict(zip(P, [0, 0, 5, 5, 9, 1])), ps) == ["a", "b"]
    assert misers(dict.fromkeys(P, 3), ps) == P
    # and through a round
    m = match()
    events = step(
        m,
        **{
            p: act(invest=i, donate=d)
            for p, i, d in zip(P, [50, 50, 30, 30, 10, 0], [0, 0, 5, 5, 9, 1])
        },
    )
    assert events_of(events, "invest_round")[0] == {
        "audience": "public",
        "type": "invest_round",
        "round": 1,
        "top_investor": "e",
        "misers": ["a", "b"],
    }


def test_E5_invest_snake():
    gt = {p: i for i, p in enumerate(P)}
    ti = dict(zip(P, [3, 3, 1, 0, 0, 0]))
    miser = dict(zip(P, [0, 2, 4, 4, 4, 1]))
    spend = dict(zip(P, [100, 100, 20, 20, 30, 0]))
    assert invest_ranking(ti, miser, spend, gt) == ["a", "b", "e", "f", "c", "d"]


@pytest.mark.parametrize(
    "roles, chips",
    [
        (["police", "police", "beggar", "beggar", "beggar", "beggar"], [2, 2, 0, 0, 0, 0]),
        (["beggar"] * 6, [0] * 6),
        (["mafia", "cartel", "beggar", "beggar", "beggar", "beggar"], [0, 0, 1, 1, 1, 1]),
        (["mafia", "cartel", "police", "beggar", "beggar", "beggar"], [0, 0, 5, 0, 0, 0]),
        (["cartel", "cartel", "cartel", "mafia", "mafia", "beggar"], [1, 1, 1, 0, 0, 2]),
        (["police"] * 6, [0] * 6),
        (["police", "police", "police", "beggar", "beggar", "beggar"], [1, 1, 1, 0, 0, 0]),
    ],
)
def test_E6_chip_thief_edges(roles, chips):
    assert split_chips(ROLES6(*roles), tuple(P)) == dict(zip(P, chips))


def test_E7_money_and_garnets():
    cfg = config(garnets={"a": 2}, garnet_rate_submissions=[5, 20])
    m = match(cfg)
    assert m.view(None)["garnet_rate"] == 13
    legal = act(contribute=300, bids=[-100, 26, 0, 0, 0], buy=2)
    GAME.validate(m.state, "a", legal)
    with pytest.raises(IllegalAction, match=r"total spend of \$427"):
        GAME.validate(m.state, "a", act(contribute=301, bids=[-100, 26, 0, 0, 0], buy=2))
    with pytest.raises(IllegalAction, match="buy_garnets of 3 exceeds your 2 garnets"):
        GAME.validate(m.state, "a", act(buy=3))
    step(m, a=legal)
    assert m.view(None)["balances"]["a"] == 0
    assert m.view("a")["you"]["garnets_held"] == 0 and m.view("a")["you"]["garnets_spent"] == 2
    assert m.view("a")["you"]["rounds"][0]["money_bought"] == 26
    play_rounds(m, lambda r: {})
    assert m.view(None)["final"]["garnets_spent"] == {"a": 2}
    assert m.result()["garnets_spent"] == {"a": 2}
    assert [garnet_rate(s) for s in ([5, 6], [5, 5, 6], [20, 20, 5], [10, 11, 11, 11])] == [
        6,
        5,
        15,
        11,
    ]


def test_E8_spend_before_penalty_clamp():
    m = match()
    step(m, a=act(contribute=385, bids=[1, 1, 1, 1, 1]))
    assert m.view(None)["balances"]["a"] == 10
    assert m.view(None)["minus"]["received"]["a"] == []
    others = {p: act(bids=[-1] * 5) for p in P[1:]}
    GAME.validate(m.state, "a", act(bet=10))  # legal: spending is checked before the penalty
    events = step(m, a=act(bet=10), **others)
    assert events_of(events, "minus_round")[0]["penalized"] == ["a"]
    assert m.view(None)["balances"]["a"] == 0
    entry = m.view("a")["you"]["rounds"][1]
    assert (entry["spent"], entry["penalty"], entry["balance"]) == (10, 0, 0)
    assert events_of(events, "private_round")[0] == {
        "audience": ["a"],
        "type": "private_round",
        **entry,
    }


def _e9():
    m = match()
    play_rounds(m, lambda r: {})
    return m


def test_E9_full_match_all_default():
    m = _e9()
    pub = m.view(None)
    final = pub["final"]
    assert final["kong_winner"] == "red"
    assert final["rankings"] == {
        "kong": P,
        "minus": ["f", "a", "b", "c", "d", "e"],
        "invest": P,
        "thief": P,
    }
    assert final["minus_scores"] == {"a": -96, "b": -102, "c": -108, "d": -114, "e": -120, "f": -90}
    assert all(r["penalized"] == [] for r in pub["minus"]["rounds"])
    flat = [a["winner"] for r in pub["minus"]["rounds"] for a in r["awards"]]
    assert flat == [P[k % 6] for k in range(35)]
    assert pub["invest"]["top_investor_tokens"] == dict.fromkeys(P, 0)
    assert pub["invest"]["miser_tokens"] == dict.fromkeys(P, 7)
    assert final["points"] == {"a": 75, "b": 57, "c": 46, "d": 38, "e": 28, "f": 32}
    result = m.result()
    assert result["tokens_of_life"] == {"a": 2}
    assert result["elimination_candidate"] == "e"
    assert result["garnets"] == {"a": 7, "b": 3, "f": 2}
    assert result["ranking"] == [["a"], ["b"], ["c"], ["d"], ["f"], ["e"]]
    assert m.pending == {}
    assert pub["phase"] == "over" and pub["round"] is None and final["elimination_candidate"] == "e"


def _e10(votes: dict[str, str] | None):
    m = match()
    play_rounds(m, E10)
    after7 = m.view(None)
    if votes is not None:
        m.step({p: {"ec": v} for p, v in votes.items()})
    return m, after7


def test_E10_two_winners_ec_vote():
    m, after7 = _e10(None)
    final = after7["final"]
    assert final["rankings"]["thief"] == ["e", "a", "b", "c", "d", "f"]
    assert final["thief_points"]["e"] == 50
    assert after7["invest"]["top_investor_tokens"] == {
        "a": 0,
        "b": 2,
        "c": 1,
        "d": 0,
        "e": 3,
        "f": 0,
    }
    assert after7["invest"]["miser_tokens"] == {"a": 7, "b": 5, "c": 5, "d": 5, "e": 5, "f": 6}
    assert final["rankings"]["invest"] == ["e", "b", "c", "d", "f", "a"]
    assert final["points"] == {"a": 54, "b": 54, "c": 44, "d": 36, "e": 52, "f": 36}
    assert final["winners"] == ["a", "b"] and final["tokens_of_life"] == {"a": 1, "b": 1}
    assert after7["phase"] == "choose_ec"
    assert m.pending == {
        "a": {"kind": "choose_ec", "candidates": ["d", "f"]},
        "b": {"kind": "choose_ec", "candidates": ["d", "f"]},
    }
    assert GAME.default_action(m.state, "a", rng()) == {"ec": "f"}
    assert final["garnets"] == {"a": 4, "b": 2, "e": 4, "f": 2}

    m, _ = _e10({"a": "d", "b": "f"})
    assert m.result()["elimination_candidate"] == "f"
    assert m.result()["ranking"] == [["a", "b"], ["e"], ["c"], ["d"], ["f"]]
    assert m.view(None)["phase"] == "over"
    m, _ = _e10({"a": "d", "b": "d"})
    assert m.result()["elimination_candidate"] == "d"
    assert m.result()["ranking"] == [["a", "b"], ["e"], ["c"], ["f"], ["d"]]
    assert m.view(None)["phase"] == "over"
    assert m.result()["garnets"] == {"a": 4, "b": 2, "e": 4, "f": 2}


def test_E11_four_winners_void():
    m = match()
    play_rounds(m, E11)
    final = m.view(None)["final"]
    assert final["rankings"]["thief"] == ["c", "a", "b", "f", "d", "e"]
    assert final["rankings"]["invest"] == ["f", "b", "c", "d", "e", "a"]
    assert final["points"] == {"a": 54, "b": 54, "c": 54, "d": 36, "e": 24, "f": 54}
    result = m.result()
    assert result["void_tokens_of_life"] is True and result["tokens_of_life"] == {}
    assert result["elimination_candidate"] == "e"
    assert m.view(None)["phase"] == "over" and m.pending == {}
    assert result["garnets"] == {"a": 4, "b": 2, "c": 2, "f": 4}
    assert result["ranking"] == [["a", "b", "c", "f"], ["d"], ["e"]]


@pytest.mark.parametrize(
    "votes, ec, ranking",
    [
        (
            {"a": "a", "b": "b", "c": "c", "d": "c", "e": "c", "f": "c"},
            "c",
            [["a", "b", "d", "e", "f"], ["c"]],
        ),
        (
            {"a": "a", "b": "b", "c": "a", "d": "b", "e": "e", "f": "f"},
            "b",
            [["a", "c", "d", "e", "f"], ["b"]],
        ),
        (None, "f", [["a", "b", "c", "d", "e"], ["f"]]),
    ],
)
def test_E12_all_six_tie(votes, ec, ranking):
    m = e12_match()
    final = m.view(None)["final"]
    assert final["rankings"] == {
        "kong": P,
        "minus": ["f", "e", "d", "c", "b", "a"],
        "invest": ["c", "b", "a", "f", "e", "d"],
        "thief": ["d", "e", "f", "a", "b", "c"],
    }
    assert final["points"] == dict.fromkeys(P, 46)
    assert final["void_tokens_of_life"] is True and final["winners"] == P
    assert final["ec_candidates"] == P and final["ec_choosers"] == P
    assert set(m.pending) == set(P)
    if votes is None:
        votes = {p: GAME.default_action(m.state, p, rng())["ec"] for p in P}
        assert set(votes.values()) == {"f"}
    m.step({p: {"ec": v} for p, v in votes.items()})
    assert m.result()["elimination_candidate"] == ec
    assert m.result()["ranking"] == ranking


def test_E13_defaults_of_new_config():
    for seed in (0, 1, 12345):
        cfg = GAME.new_config(P, seed)
        assert cfg["gamewide_tiebreak"] == P
        assert cfg["garnets"] == dict.fromkeys(P, 0)
        assert GAME.check_config(copy.deepcopy(cfg)) == cfg
        assert GAME.new_config(P, seed) == cfg
        reverse = ["f", "e", "d", "c", "b", "a"]
        given = GAME.new_config(P, seed, gamewide_tiebreak=reverse)
        assert given["gamewide_tiebreak"] == reverse
        assert {k: v for k, v in given.items() if k != "gamewide_tiebreak"} == {
            k: v for k, v in cfg.items() if k != "gamewide_tiebreak"
        }
        for team in ("red", "white"):
            assert cfg["teams"][team] == [p for p in P if p in cfg["teams"][team]]  # players order
    assert GAME.new_config(P, 0) != GAME.new_config(P, 1)


def test_E14_view_shapes_at_the_edges():
    pub = match().view(None)
    assert pub["round"] == 1 and pub["rounds_played"] == 0
    assert pub["minus"]["tiles"] == [-1, -2, -3, -4, -5]
    assert pub["minus"]["tiebreak_order"] == P
    assert pub["minus"]["received"] == {p: [] for p in P}
    assert pub["thief"]["chips"] == dict.fromkeys(P, 0)
    assert pub["final"] is None

    m = _e9()
    pub = m.view(None)
    final = pub["final"]
    assert pub["thief"]["chips"] == dict.fromkeys(P, 0) and final["thief_points"] == dict.fromkeys(
        P, 0
    )
    assert (
        final["ec_candidates"] == ["e"] and final["ec_choosers"] == [] and final["ec_votes"] is None
    )
    assert final["garnets_spent"] == {}
    assert pub["minus"]["tiles"] == [] and pub["round"] is None and pub["rounds_played"] == 7
    details = m.result()["details"]
    assert details["top_investor_tokens"] == dict.fromkeys(P, 0)
    assert details["miser_tokens"] == dict.fromkeys(P, 7)
    assert details["kong_points"] == {"red": 0, "white": 0}

    m, after7 = _e10(None)
    m.step({"a": {"ec": "d"}, "b": {"ec": "f"}})
    after = m.view(None)
    assert after7["phase"] == "choose_ec" and after["phase"] == "over"
    assert after7["final"]["ec_votes"] is None and after["final"]["ec_votes"] == {
        "a": "d",
        "b": "f",
    }
    assert (
        after7["final"]["elimination_candidate"] is None
        and after["final"]["elimination_candidate"] == "f"
    )
    changed = {k for k in after if after[k] != after7[k]}
    assert changed == {"phase", "final"}
    changed_final = {k for k in after["final"] if after["final"][k] != after7["final"][k]}
    assert changed_final == {"ec_votes", "elimination_candidate"}


SECTION_3_1_ACTION = {
    "buy_garnets": 0,
    "kong": {"contribute": 30},
    "minus": {"bids": [-5, 0, 12, 0, -1]},
    "invest": {"invest": 20, "donate": 5},
    "thief": {"bet": 40, "role": "police"},
}


def test_E15_the_private_view_of_section_5():
    m = match(config(garnets={"a": 2}))
    step(m, a=copy.deepcopy(SECTION_3_1_ACTION), b=act(), **{p: act(role="beggar") for p in "cdef"})
    assert m.view(None)["thief"]["chips"] == {"a": 2, "b": 2, "c": 0, "d": 0, "e": 0, "f": 0}
    assert m.view(None)["minus"]["received"]["a"] == [-1, -2, -5]
    assert m.view("a")["you"] == {
        "player": "a",
        "team": "red",
        "garnets_held": 2,
        "garnets_spent": 0,
        "spent": {"kong": 30, "minus": 18, "invest": 20, "donate": 5, "thief": 40},
        "thief_points": 80,
        "rounds": [
            {
                "round": 1,
                "action": SECTION_3_1_ACTION,
                "money_bought": 0,
                "spent": 113,
                "penalty": 0,
                "chips": 2,
                "thief_points": 80,
                "balance": 287,
            }
        ],
    }
    # partial submissions, merged per top-level key by the host
    action, defaulted = GAME.complete_action(m.state, "a", {"kong": {"contribute": 7}}, rng(3))
    assert defaulted
    role = action["thief"]["role"]
    assert action == {
        "buy_garnets": 0,
        "kong": {"contribute": 7},
        "minus": {"bids": [0, 0, 0, 0, 0]},
        "invest": {"invest": 0, "donate": 0},
        "thief": {"bet": 0, "role": role},
    }
    GAME.validate(m.state, "a", action)
    merged, _ = GAME.complete_action(m.state, "a", {"thief": {"role": "mafia"}}, rng(3))
    with pytest.raises(IllegalAction, match="thief must be an object with exactly bet, role"):
        GAME.validate(m.state, "a", merged)


# ------------------------------------------------------------------ §3.1's request and messages


def test_section_3_1_request_example():
    tiles = [[-2, -3, -4, -5, -6], [-8, -9, -10, -11, -13], [-12, -30, -7, -21, -1]]
    rest = [t for t in range(-1, -36, -1) if t not in functools.reduce(operator.iadd, tiles, [])]
    tiles += [rest[i * 5 : (i + 1) * 5] for i in range(4)]
    m = match(config(minus_tiles=tiles, garnets={"a": 2}, garnet_rate_submissions=[13]))
    step(m, a=act(contribute=100))
    step(m, a=act(contribute=50))
    assert m.pending["a"] == {
        "kind": "round",
        "round": 3,
        "tiles": [-12, -30, -7, -21, -1],
        "balance": 250,
        "garnets_held": 2,
        "garnet_rate": 13,
        "max_spend": 276,
        "roles": ["mafia", "cartel", "police", "beggar"],
    }
    GAME.validate(m.state, "a", SECTION_3_1_ACTION)


@pytest.mark.parametrize(
    "action, message",
    [
        (
            {**SECTION_3_1_ACTION, "bonus": 1},
            "unknown key 'bonus'; an action has kong, minus, invest, thief and optionally buy_garnets",
        ),
        (
            {k: v for k, v in SECTION_3_1_ACTION.items() if k != "thief"},
            "missing 'thief'; an action has kong, minus, invest, thief and optionally buy_garnets",
        ),
        (
            {**SECTION_3_1_ACTION, "invest": {"invest": 1}},
            "invest must be an object with exactly invest, donate",
        ),
        (
            {**SECTION_3_1_ACTION, "kong": {"contribute": -5}},
            "kong.contribute must be a non-negative integer of dollars, got -5",
        ),
        ({**SECTION_3_1_ACTION, "buy_garnets": 3}, "buy_garnets of 3 exceeds your 2 garnets"),
        (
            {**SECTION_3_1_ACTION, "minus": {"bids": [0, 0]}},
            "minus.bids must be a list of 5 integers, one per tile of [-12, -30, -7, -21, -1], got [0, 0]",
        ),
        (
            {**SECTION_3_1_ACTION, "thief": {"bet": 0, "role": "thief"}},
            "thief.role must be one of mafia, cartel, police, beggar, got 'thief'",
        ),
    ],
)
def test_section_3_1_messages(action, message):
    tiles = [[-12, -30, -7, -21, -1]] + [
        [t for t in range(-1, -36, -1) if t not in (-12, -30, -7, -21, -1)][i * 5 : (i + 1) * 5]
        for i in range(6)
    ]
    m = match(config(minus_tiles=tiles, garnets={"a": 2}))
    with pytest.raises(IllegalAction) as err:
        GAME.validate(m.state, "a", action)
    assert str(err.value).startswith(message)


def test_section_3_1_debt_message():
    m = match(config(garnets={"a": 2}, garnet_rate_submissions=[13]))
    step(m, a=act(contribute=300))
    action = act(contribute=20, bids=[-50, 7, 0, 0, 0], invest=30, donate=10, bet=10, buy=2)
    with pytest.raises(IllegalAction) as err:
        GAME.validate(m.state, "a", action)
    assert str(err.value) == (
        "total spend of $127 (kong $20 + minus $57 + invest $30 + donate $10 + thief $10) "
        "exceeds your $126 ($100 balance + 2 garnets x $13)"
    )
    GAME.validate(
        m.state,
        "a",
        act(contribute=19, bids=[-50, 7, 0, 0, 0], invest=30, donate=10, bet=10, buy=2),
    )


def test_section_3_2_choose_ec_message():
    m, _ = _e10(None)
    with pytest.raises(IllegalAction) as err:
        GAME.validate(m.state, "a", {"ec": "a"})
    assert str(err.value) == "ec must be one of d, f, got 'a'"
