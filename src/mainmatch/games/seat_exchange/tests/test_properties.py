"""Hypothesis properties of Seat Exchange over random legal play."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.engine import IllegalAction, Match, replay
from mainmatch.games.seat_exchange import GAME

from .helpers import P

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=5)
    | st.sampled_from(P),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["garnets", "trades", "players", "amount", "ec", "x"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


def _random_match(seed: int) -> Match:
    rng = random.Random(seed)
    m = Match(GAME, GAME.random_config(P, rng))
    while m.pending:
        m.step({p: GAME.random_action(m.state, p, rng) for p in m.pending})
    return m


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_money_conserved_never_negative_and_seating_a_permutation(seed):
    rng = random.Random(seed)
    m = Match(GAME, GAME.random_config(P, rng))
    start_garnets = dict(m.config["garnets"])
    income = 100
    while m.pending:
        kind = next(iter(m.pending.values()))["kind"]
        m.step({p: GAME.random_action(m.state, p, rng) for p in m.pending})
        s = m.state
        assert sorted(s.seats) == sorted(P)
        assert all(v >= 0 for v in s.money.values())
        assert all(v >= 0 for v in s.garnets.values())
        if kind == "trades":
            paid = sum(b["spent"] for round_bids in s.bids for b in round_bids.values())
            converted = sum(s.garnets_spent.values())
            # every dollar is income, a converted garnet, or was paid away
            rounds_paid = s.round if s.phase == "trade" else len(s.history)
            assert sum(s.money.values()) == income * 13 * rounds_paid + converted - paid
            assert all(s.garnets[p] + s.garnets_spent[p] == start_garnets[p] for p in P)
    res = m.result()
    assert sum(res["garnets_spent"].values()) == sum(m.state.garnets_spent.values())


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_views_hold_no_other_players_secrets(seed, noise):
    """Changing every other player's secrets (number, money, garnets, bids) while
    trading leaves a player's view unchanged; the public view shows none of them."""
    rng = random.Random(seed)
    fuzz = random.Random(noise)
    m = Match(GAME, GAME.random_config(P, rng))
    while m.pending:
        s = m.state
        if s.phase == "trade":
            for p in P:
                others = [q for q in P if q != p]
                shuffled = others[:]
                fuzz.shuffle(shuffled)
                numbers = dict(s.numbers)
                for q, r in zip(others, shuffled):
                    numbers[q] = s.numbers[r]
                changed = replace(
                    s,
                    numbers=numbers,
                    money={q: (v if q == p else fuzz.randint(0, 999)) for q, v in s.money.items()},
                    garnets={
                        q: (v if q == p else fuzz.randint(0, 9)) for q, v in s.garnets.items()
                    },
                    garnets_spent={
                        q: (v if q == p else fuzz.randint(0, 9)) for q, v in s.garnets_spent.items()
                    },
                    bids=tuple(
                        {
                            q: (
                                b
                                if q == p
                                else {"round": b["round"], "garnets": 9, "trades": [], "spent": 7}
                            )
                            for q, b in rb.items()
                        }
                        for rb in s.bids
                    ),
                )
                assert GAME.view(changed, p) == GAME.view(s, p)
            pub = json.dumps(GAME.view(s, None))
            assert '"money"' not in pub and '"numbers"' not in pub and '"bids"' not in pub
        m.step({p: GAME.random_action(m.state, p, rng) for p in m.pending})


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_replaying_a_record_reproduces_result_and_every_public_view(seed):
    m = _random_match(seed)
    record = json.loads(json.dumps(m.record()))
    rep = replay(record)
    assert rep.result() == m.result()
    again = Match(GAME, record["config"])
    for step, rstep in zip(record["steps"], rep.steps):
        again.step(step["actions"])
        assert GAME.view(rstep.state, None) == again.view(None)


@settings(max_examples=300, deadline=None)
@given(json_values, st.sampled_from(P))
def test_any_json_action_is_legal_or_an_illegal_action(action, player):
    m = Match(GAME, GAME.new_config(P, 5, garnets={"jk": 3}))
    try:
        GAME.validate(m.state, player, action)
    except IllegalAction as exc:
        assert str(exc)
    else:  # a legal action must apply cleanly
        GAME.apply(m.state, {p: (action if p == player else {}) for p in P})


def test_random_play_reaches_every_end():
    """random_action reaches streak ends, EC ties (choose_ec), ties for most money."""
    seen = set()
    for seed in range(400):
        d = _random_match(seed).result()["details"]
        seen.add(d["end_condition"])
        if d["ec_candidates"]:
            seen.add("choose_ec:" + d["end_condition"])
        if d["tied_for_most"]:
            seen.add("tied_for_most")
    assert {"streak", "rounds", "choose_ec:streak", "choose_ec:rounds", "tied_for_most"} <= seen


def test_new_config_draws_a_valid_config_without_an_initial_streak():
    for seed in range(50):
        cfg = GAME.new_config(P, seed, garnets={"dh": 2})
        s = GAME.initial_state(cfg)
        assert s.longest < 6
        assert cfg["garnets"]["dh"] == 2 and cfg["garnets"]["jk"] == 0
        assert cfg["gamewide_tiebreak"] == P
    assert GAME.new_config(P, 11) == GAME.new_config(P, 11)
