"""The Amalgamation's shortcuts (docs/decisions.md PE5, PA1-PA3) against the
rules they skip: ``plainly_legal`` accepts only what the ordered checks of
amalgamation.md §3.1 accept, and takes the common case; the private round
entries kept as tuples show each action exactly as it was sent; a round never
changes a state, and views stay fresh copies."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine import IllegalAction, Match
from mainmatch.games.amalgamation import GAME
from mainmatch.games.amalgamation.validate import check_round, plainly_legal

from .helpers import P


def _states(seed: int) -> list:
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(P, rng))
    out = []
    while match.pending:
        if match.state.phase == "round":
            out.append(match.state)
        match.step({p: GAME.random_action(match.state, p, rng) for p in match.pending})
    return out


STATES = [s for seed in range(4) for s in _states(seed)]

_num = st.one_of(st.integers(-3, 150), st.booleans(), st.just(1.0), st.just("1"), st.none())
_actions = st.fixed_dictionaries(
    {
        "kong": st.one_of(st.fixed_dictionaries({"contribute": _num}), st.just({})),
        "minus": st.fixed_dictionaries(
            {"bids": st.one_of(st.lists(_num, min_size=4, max_size=6), st.just((0,) * 5))}
        ),
        "invest": st.fixed_dictionaries({"invest": _num, "donate": _num}),
        "thief": st.fixed_dictionaries(
            {"bet": _num, "role": st.sampled_from(["mafia", "cartel", "police", "beggar", "x"])}
        ),
    },
    optional={"buy_garnets": _num, "extra": st.just(0)},
)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STATES), st.sampled_from(P), _actions)
def test_plainly_legal_agrees_with_the_ordered_checks(state, player, action):
    args = (state.balances[player], state.garnets_held[player], state.setup.rate)
    try:
        check_round(action, state.setup.tiles[state.round - 1], *args)
        legal = True
    except IllegalAction:
        legal = False
    # on JSON values the shortcut decides exactly as the rules (a legal action
    # has exact types), so it takes every legal action and no other
    assert plainly_legal(action, *args) == legal, action


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_a_round_never_changes_a_state_and_views_are_fresh(seed):
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(P, rng))
    sent: dict[str, list[dict]] = {p: [] for p in P}
    while match.pending:
        state = match.state
        kept = copy.deepcopy(state)
        views = {p: GAME.view(state, p) for p in [None, *P]}
        shown = copy.deepcopy(views)
        _scribble(views)
        assert {p: GAME.view(state, p) for p in [None, *P]} == shown
        actions = {p: GAME.random_action(state, p, rng) for p in match.pending}
        copies = copy.deepcopy(actions)
        GAME.next_state(state, actions)
        match.step(actions)
        assert state == kept
        if state.phase == "round":
            for p in P:
                sent[p].append(copies[p])
            _scribble(actions)  # the state keeps its own copy of each action
        for p in P:
            assert [e["action"] for e in GAME.view(match.state, p)["you"]["rounds"]] == sent[p]


def _scribble(value) -> None:
    if isinstance(value, dict):
        for v in value.values():
            _scribble(v)
        value["scribbled"] = 1
    elif isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append("scribbled")
