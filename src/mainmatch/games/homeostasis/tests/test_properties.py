"""Properties of random legal play (Hypothesis over seeds and configs):
it never crashes and always ends; chips never go negative and are only ever
spent on bids; garnets and saved cards add up; ``pending`` names exactly who
acts; ``apply`` never mutates its input; no view shows another player's
secret (homeostasis spec §5 "Secret", D34); replay reproduces everything."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

from homeostasis_helpers import PLAYERS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine import Match, replay
from mainmatch.games.homeostasis import GAME
from mainmatch.games.homeostasis.bands import band, settle
from mainmatch.games.homeostasis.cards import DECK, save_cost

SINGLE = {"draft", "bid", "place_saved", "choose_ec"}
MAX_STEPS = 1000


def _play(seed: int, default_rate: float, check) -> Match:
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(PLAYERS, rng))
    for _ in range(MAX_STEPS):
        pending = match.pending
        if not pending:
            return match
        actions, defaulted = {}, []
        for p in pending:
            if rng.random() < default_rate:
                actions[p] = GAME.default_action(match.state, p, rng)
                defaulted.append(p)
            else:
                actions[p] = GAME.random_action(match.state, p, rng)
        before = match.state
        public_before = json.dumps(GAME.view(before, None))
        private_before = [json.dumps(GAME.view(before, p)) for p in PLAYERS]
        match.step(actions, defaulted)
        # apply never mutates its input
        assert json.dumps(GAME.view(before, None)) == public_before
        assert [json.dumps(GAME.view(before, p)) for p in PLAYERS] == private_before
        check(match, before)
    raise AssertionError(f"no end after {MAX_STEPS} steps")


def _invariants(match: Match, before) -> None:
    state = match.state
    view = match.view(None)
    cfg = match.config
    pending = match.pending
    # pending names exactly who acts, in config order, with the step's kind
    assert view["pending"] == list(pending) == [p for p in PLAYERS if p in pending]
    kinds = {r["kind"] for r in pending.values()}
    assert len(kinds) <= 1
    if kinds & SINGLE:
        assert len(pending) == 1
    if pending:
        assert (
            view["phase"]
            == {
                "draft": "draft",
                "bid": "auction",
                "final_bid": "final_auction",
                "place_saved": "place_saved",
                "brackets": "brackets",
                "choose_ec": "choose_ec",
                "save_cards": "save_cards",
            }[kinds.pop()]
        )
    else:
        assert view["phase"] == "over"
    # chips: never negative, only ever spent on live bids and a won final auction
    spent = Counter()
    for events in match.events:
        for e in events:
            if e["type"] == "bid":
                spent[e["player"]] += e["chips"]
            elif e["type"] == "final_won":
                spent[e["winner"]] += e["paid"]
    for p in PLAYERS:
        assert view["chips"][p] >= 0
        assert view["chips"][p] == cfg["chips"] - spent[p]
    # garnets and saved cards add up
    saved_events = (
        {e["audience"][0]: e for e in match.events[0] if e["type"] == "cards_saved"}
        if match.events
        else {}
    )
    for p in PLAYERS:
        you = match.view(p)["you"]
        assert you["garnets"] >= 0
        if saved_events:
            cards = saved_events[p]["cards"]
            assert Counter(you["saved_cards"]) + Counter(you["used_saved_cards"]) == Counter(cards)
            assert you["garnets_spent"] == save_cost(len(cards)) == saved_events[p]["garnets_spent"]
            assert you["garnets"] == cfg["garnets"][p] - you["garnets_spent"]
    # every finished round's expression is front + a permutation of the deck + back
    for r in view["rounds"]:
        assert Counter(DECK) <= Counter(r["expression"])
    # no view holds another player's secret (D34)
    _secrets_stay_secret(state)


def _secrets_stay_secret(state) -> None:
    for q in PLAYERS:
        changed_cfg = dict(
            state.config, garnets={**state.config["garnets"], q: state.config["garnets"][q] + 37}
        )
        other = dataclasses.replace(
            state,
            config=changed_cfg,
            saved={
                **state.saved,
                q: ("1", "2", "x") if state.saved[q] != ("1", "2", "x") else ("/",),
            },
            used_saved={**state.used_saved, q: state.used_saved[q] + ("3",)},
            garnets_spent={**state.garnets_spent, q: state.garnets_spent[q] + 5},
        )
        assert GAME.view(other, None) == GAME.view(state, None)
        for p in PLAYERS:
            if p != q:
                assert GAME.view(other, p) == GAME.view(state, p), f"{p} sees {q}'s secret"
        assert GAME.view(other, q)["you"] != GAME.view(state, q)["you"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), default_rate=st.sampled_from([0.0, 0.1, 0.5]))
def test_random_play_keeps_every_invariant(seed: int, default_rate: float) -> None:
    match = _play(seed, default_rate, _invariants)
    result = match.result()
    details = result["details"]
    from fractions import Fraction

    total = sum(Fraction(r) for r in details["round_results"])
    assert str(total) == details["total"] and band(total) == details["outcome"]
    tokens, garnets, ec, death = settle(details["outcome"], match.config["teams"], PLAYERS)
    assert result["tokens_of_life"] == tokens and result["garnets"] == garnets
    assert death == details["death_match"]
    if ec is not None:
        assert result["elimination_candidate"] == ec


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), default_rate=st.sampled_from([0.0, 0.2, 1.0]))
def test_random_play_ends_and_replays_exactly(seed: int, default_rate: float) -> None:
    views = []
    match = _play(seed, default_rate, lambda m, _before: views.append(m.view(None)))
    record = json.loads(json.dumps(match.record()))
    rep = replay(record).to_json()
    assert rep["result"] == match.result()
    assert rep["public_views"] == views
    assert rep["steps_applied"] == len(match.steps)
    # the result never names a zero amount and ranks everyone once
    result = match.result()
    for key in ("tokens_of_life", "garnets", "garnets_spent"):
        assert all(result[key].values())
    assert sorted(p for g in result["ranking"] for p in g) == sorted(PLAYERS)


def test_default_play_commits_nothing_but_the_forced_first_bids() -> None:
    """D42: with every player silent nobody saves, bids beyond the forced
    first bid (1 chip each, D17), wins the final auction or places brackets."""
    rng = random.Random(5)
    match = Match(GAME, GAME.new_config(PLAYERS, 5))
    while match.pending:
        match.step(
            {p: GAME.default_action(match.state, p, rng) for p in match.pending},
            defaulted=list(match.pending),
        )
    result = match.result()
    assert result["garnets_spent"] == {}
    assert sum(100 - c for c in result["details"]["chips_left"].values()) == 3 * 9
    assert all(not r["brackets"] for r in match.view(None)["rounds"])
    assert all(fa is None for fa in [match.view(None)["saved_placed"]])
