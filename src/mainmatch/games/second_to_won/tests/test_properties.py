"""Hypothesis properties of Second to Won over random legal play."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine import Match, random_actions, replay
from mainmatch.games.second_to_won import GAME
from mainmatch.games.second_to_won.game import Table

from .helpers import P, filler

SEEDS = st.integers(0, 2**32 - 1)
PUBLIC_KEYS = ["game", "players", "phase", "auction", "max_auctions", "auctions", "end"]
YOU_KEYS = [
    "player",
    "chips",
    "garnets",
    "garnets_spent",
    "points",
    "points_history",
    "bids",
    "won",
    "info",
]


def _play(seed: int, default_rate: float = 0.1):
    """A match of random play (now and then a default), with every step's events."""
    rng = random.Random(seed)
    m = Match(GAME, GAME.random_config(P, rng))
    states = [m.state]
    while m.pending:
        actions, defaulted = random_actions(GAME, m.state, rng, default_rate)
        m.step(actions, defaulted)
        states.append(m.state)
    return m, states


def _reference_auction(config: dict, k: int, points: dict, actions: dict) -> dict:
    """§4.4 written out plainly, copy by copy, as an independent check."""
    items = config["auctions"][k - 1]
    mult = {p: Fraction(1) for p in P}
    add = {p: 0 for p in P}
    for letter, it in zip("ABCDEF", items):
        values = {
            p: b["chips"] + 3 * b.get("garnets", 0)
            for p in P
            for l, b in actions[p]["bids"].items()
            if l == letter
        }
        if not values:
            continue
        top = max(values.values())
        for w in [p for p in P if values.get(p) == top]:
            for e in it["effects"]:
                targets = {
                    "you": [w],
                    "choice": [actions[w]["bids"][letter].get("choice")],
                    "others": [q for q in P if q != w],
                }[e["target"]]
                for t in targets:
                    mult[t] *= Fraction(e.get("multiply", "1"))
                    add[t] += e.get("add", 0)
    return {p: math.ceil(points[p] * mult[p]) + add[p] for p in P}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_random_play_ends_conserves_chips_and_garnets_and_scores_as_section_4(seed):
    m, states = _play(seed)
    cfg = m.config
    n = len(cfg["auctions"])
    assert 1 <= len(m.steps) <= n
    for before, after, step in zip(states, states[1:], m.steps):
        assert (
            _reference_auction(cfg, before.auction, before.points, step["actions"]) == after.points
        )
    s = m.state
    for p in P:
        v = GAME.view(s, p)["you"]
        assert v["chips"] >= 0 and v["garnets"] >= 0
        # chips: 40, less the winning bids; lost bids came back
        assert v["chips"] == 40 - sum(w["chips"] for w in v["won"])
        assert (
            sum(w["garnets"] for w in v["won"])
            <= v["garnets_spent"]
            == sum(
                b.get("garnets", 0) for st_ in m.steps for b in st_["actions"][p]["bids"].values()
            )
        )
        # garnets: held = start + from items - bid
        assert v["garnets"] == cfg["garnets"][p] + s.garnets_from_items[p] - v["garnets_spent"]
        assert v["points_history"] == [h[p] for h in s.history] and v["points"] == s.history[-1][p]
    res = m.result()
    d = res["details"]
    assert d["scores"] == s.history[-1] and d["auctions_played"] == len(m.steps)
    over = [p for p in P if d["scores"][p] > 200]
    assert (d["end_reason"] == "over_200") == bool(over)
    if d["end_reason"] == "complete":
        assert len(m.steps) == n
    else:
        assert all(
            max(h.values()) <= 200 for h in s.history[:-1]
        )  # the first auction over 200 ends it
    # 2 to a single Second, 1 each to several, never to the top group or last place
    assert set(res["tokens_of_life"]) <= set(d["second"])
    assert all(n == (2 if len(d["second"]) == 1 else 1) for n in res["tokens_of_life"].values())
    assert res["elimination_candidate"] in d["elimination_candidates"]
    assert all(p not in res["tokens_of_life"] for p in d["first"] + d["last_place"])
    assert res["garnets"] == {
        p: d["garnets_from_items"][p] + d["garnet_award"][p]
        for p in P
        if d["garnets_from_items"][p] + d["garnet_award"][p]
    }
    assert res["garnets_spent"] == {p: s.garnets_spent[p] for p in P if s.garnets_spent[p]}


def _disguised(s, p: str, fuzz: random.Random):
    """``s`` with every secret ``p`` may not know changed: the others' points,
    chips, garnets, bids, items won, information, and the auctions ``p`` has
    not seen."""

    def other(d: dict, make) -> dict:
        return {q: (v if q == p else make()) for q, v in d.items()}

    seen = set(range(1, s.auction + 1)) | set(s.info[p])
    items = tuple(
        a if j in seen else tuple(fuzz.choice(filler()) for _ in range(6))
        for j, a in enumerate(s.table.items, 1)
    )
    table = Table(
        items=items,
        compiled=s.table.compiled,
        choice_letters=s.table.choice_letters,
        others=s.table.others,
        tiebreak=s.table.tiebreak,
    )
    return replace(
        s,
        table=table,
        points=other(s.points, lambda: fuzz.randint(-50, 300)),
        chips=other(s.chips, lambda: fuzz.randint(0, 40)),
        garnets=other(s.garnets, lambda: fuzz.randint(0, 9)),
        garnets_spent=other(s.garnets_spent, lambda: fuzz.randint(0, 9)),
        garnets_from_items=other(s.garnets_from_items, lambda: fuzz.randint(0, 9)),
        history=tuple(other(h, lambda: fuzz.randint(-50, 300)) for h in s.history),
        bids=other(s.bids, lambda: ({"auction": 1, "bids": {"A": {"chips": 9, "garnets": 1}}},)),
        won=other(s.won, lambda: ({"auction": 1, "letter": "F", "chips": 9, "garnets": 0},)),
        info=other(s.info, lambda: (2, 3)),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, SEEDS)
def test_views_hold_no_other_players_secrets(seed, noise):
    fuzz = random.Random(noise)
    _m, states = _play(seed)
    for s in states[:-1]:  # during play (the end reveals every score, decision 30)
        pub = GAME.view(s, None)
        assert list(pub) == PUBLIC_KEYS and pub["end"] is None
        assert [a["auction"] for a in pub["auctions"]] == list(range(1, s.auction + 1))
        for p in P:
            mine = GAME.view(s, p)
            assert list(mine["you"]) == YOU_KEYS
            assert GAME.view(_disguised(s, p, fuzz), p) == mine
            assert GAME.pending(_disguised(s, p, fuzz))[p] == GAME.pending(s)[p]
        # the public view knows no one's secrets at all
        everyone = s
        for p in P:
            everyone = _disguised(everyone, p, fuzz)
        assert GAME.view(everyone, None) == pub


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_events_tell_each_player_only_their_own_secrets(seed):
    m, states = _play(seed)
    for s_after, events in zip(states[1:], m.events):
        for e in events:
            if e["audience"] == "public":
                assert e["type"] in ("auction_closed", "auction_open", "game_over")
                if e["type"] == "auction_open":
                    assert e["auction"] == s_after.auction
                continue
            (p,) = e["audience"]
            you = GAME.view(s_after, p)["you"]
            if e["type"] == "auction_result":
                assert (e["points"], e["chips"], e["garnets"]) == (
                    you["points"],
                    you["chips"],
                    you["garnets"],
                )
                assert e["won"] == [w["letter"] for w in you["won"] if w["auction"] == e["auction"]]
            else:
                assert e["type"] == "information"
                assert {"auction": e["auction"], "items": e["items"]} in you["info"]
        results = [e["audience"][0] for e in events if e["type"] == "auction_result"]
        assert results == P


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_replaying_a_record_reproduces_result_and_every_public_view(seed):
    m, states = _play(seed)
    record = json.loads(json.dumps(m.record()))
    rep = replay(record)
    out = rep.to_json()
    assert out["result"] == m.result()
    assert out["public_views"] == [GAME.view(s, None) for s in states[1:]]
    # and a record cut short replays to the views so far, with no result
    record["steps"] = record["steps"][:-1]
    short = replay(record).to_json()
    assert short["result"] is None and short["public_views"] == out["public_views"][:-1]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_apply_never_mutates_its_input(seed):
    rng = random.Random(seed)
    s = GAME.initial_state(GAME.random_config(P, rng))
    while GAME.pending(s):
        snapshot = json.dumps([GAME.view(s, p) for p in [None, *P]], sort_keys=True)
        actions = {p: GAME.random_action(s, p, rng) for p in P}
        frozen = json.dumps(actions, sort_keys=True)
        new, _ = GAME.apply(s, actions)
        assert json.dumps([GAME.view(s, p) for p in [None, *P]], sort_keys=True) == snapshot
        assert json.dumps(actions, sort_keys=True) == frozen
        # a view's own part is a copy: changing it changes nothing; the listed
        # auctions, shared by the views (PE16), are copies of the config's items
        GAME.view(new, "ana")["you"]["won"].append("MUTATED")
        shown = GAME.view(new, None)["auctions"][0]["items"][0]
        assert shown["effects"] is not new.config["auctions"][0][0]["effects"]
        s = new
    assert "MUTATED" not in json.dumps(GAME.view(s, "ana"))
