"""The MVP's shortcuts (docs/decisions.md PM1-PM3) against the rules they skip:
the one-pass check of plainly legal round actions accepts exactly what the
ordered checks of mvp.md §3.1 accept among actions of its form; a round
shares the state's unchanged parts yet never changes a state; views stay
fresh copies."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mvp_table import PLAYERS

from mainmatch.engine import IllegalAction, Match
from mainmatch.games.mvp import GAME
from mainmatch.games.mvp.models import LAST_ROUND
from mainmatch.games.mvp.pattern import LETTERS
from mainmatch.games.mvp.validate import check_round_action, plainly_legal


def _states(seed: int) -> list:
    """The round states of one random match."""
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(PLAYERS, rng))
    out = []
    while match.pending:
        if match.state.phase == "round":
            out.append(match.state)
        match.step({p: GAME.random_action(match.state, p, rng) for p in match.pending})
    return out


STATES = [s for seed in range(6) for s in _states(seed)]

_amounts = st.one_of(
    st.integers(-2, 40), st.booleans(), st.floats(0, 3), st.just("2"), st.none(), st.just([1])
)
_bids = st.dictionaries(
    st.one_of(st.sampled_from(LETTERS), st.sampled_from(["Z", "u", ""])), _amounts, max_size=4
)
_actions = st.one_of(
    st.just({}),
    st.fixed_dictionaries({"bids": _bids}),
    st.fixed_dictionaries({"bids": st.one_of(_bids, st.none(), st.just([]), st.just(3))}),
    st.fixed_dictionaries({"bids": _bids}, optional={"buy_chips": st.integers(0, 2)}),
    st.one_of(st.none(), st.just([]), st.just("bids"), st.integers()),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STATES), st.sampled_from(PLAYERS), _actions)
def test_plainly_legal_agrees_with_the_ordered_checks(state, player, action):
    e = state.exposure
    biddable = e.exposed_set if state.round == LAST_ROUND else e.biddable_set
    try:
        check_round_action(
            action,
            exposure=e,
            round_no=state.round,
            last_round=LAST_ROUND,
            chips=state.chips[player],
            garnets=state.garnets[player],
            where=state.where,
        )
        legal = True
    except IllegalAction:
        legal = False
    plain = plainly_legal(action, biddable, state.chips[player])
    if plain:
        assert legal, action
    simple = type(action) is dict and set(action) <= {"bids"}
    if legal and simple and all(type(a) is int for a in action.get("bids", {}).values()):
        assert plain, action  # the shortcut does take the common case
    # and GAME.validate says the same as the ordered checks, through either path
    try:
        GAME.validate(state, player, action)
        assert legal
    except IllegalAction:
        assert not legal


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_a_step_never_changes_a_state_and_views_are_fresh(seed):
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(PLAYERS, rng))
    while match.pending:
        state = match.state
        kept = copy.deepcopy(state)
        views = {p: GAME.view(state, p) for p in [None, *PLAYERS]}
        shown = copy.deepcopy(views)
        _scribble(views)  # a caller may change what it got
        assert {p: GAME.view(state, p) for p in [None, *PLAYERS]} == shown
        actions = {p: GAME.random_action(state, p, rng) for p in match.pending}
        GAME.apply(state, actions)
        GAME.next_state(state, actions)
        match.step(actions)
        assert state == kept  # states share unchanged parts, so none may change
        result = GAME.result(match.state)
        if result is not None:
            again = copy.deepcopy(result)
            _scribble(result)
            assert GAME.result(match.state) == again


def _scribble(value) -> None:
    """Change every container inside ``value`` in place."""
    if isinstance(value, dict):
        for v in value.values():
            _scribble(v)
        value["scribbled"] = 1
    elif isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append("scribbled")
