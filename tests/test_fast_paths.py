"""The shortcuts of The MVP and The Amalgamation (docs/decisions/performance.md PE5,
PM1-PM3, PA1-PA3) against the rules they skip: the one-pass checks of plainly
legal round actions agree with the ordered checks of mvp spec §3.1 and
amalgamation spec §3.1; a step shares the state's unchanged parts yet never
changes a state; views, results and private rounds stay fresh copies."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine import Game, IllegalAction, Match
from mainmatch.games.amalgamation import GAME as AMALGAMATION
from mainmatch.games.amalgamation.validate import check_round, plainly_legal
from mainmatch.games.mvp import GAME as MVP
from mainmatch.games.mvp.models import LAST_ROUND
from mainmatch.games.mvp.pattern import LETTERS
from mainmatch.games.mvp.validate import check_round_action
from mainmatch.games.mvp.validate import plainly_legal as mvp_plainly_legal

SLOW = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


def _round_states(game: Game, seeds: range) -> list:
    """The states of random matches at which a round is open."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        match = Match(game, game.random_config(list(game.default_players), rng))
        while match.pending:
            if match.state.phase == "round":
                out.append(match.state)
            match.step({p: game.random_action(match.state, p, rng) for p in match.pending})
    return out


def _scribble(value) -> None:
    """Change every container inside ``value`` in place (as a caller may)."""
    if isinstance(value, dict):
        for v in value.values():
            _scribble(v)
        value["scribbled"] = 1
    elif isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append("scribbled")


def _views(game: Game, state) -> dict:
    return {p: game.view(state, p) for p in [None, *game.default_players]}


# ------------------------------------------------------------------ The MVP

MVP_STATES = _round_states(MVP, range(6))
_amounts = st.one_of(
    st.integers(-2, 40), st.booleans(), st.floats(0, 3), st.just("2"), st.none(), st.just([1])
)
_bids = st.dictionaries(
    st.one_of(st.sampled_from(LETTERS), st.sampled_from(["Z", "u", ""])), _amounts, max_size=4
)
_mvp_actions = st.one_of(
    st.just({}),
    st.fixed_dictionaries({"bids": _bids}),
    st.fixed_dictionaries({"bids": st.one_of(_bids, st.none(), st.just([]), st.just(3))}),
    st.fixed_dictionaries({"bids": _bids}, optional={"buy_chips": st.integers(0, 2)}),
    st.one_of(st.none(), st.just([]), st.just("bids"), st.integers()),
)


@settings(max_examples=400, **SLOW)
@given(st.sampled_from(MVP_STATES), st.sampled_from(MVP.default_players), _mvp_actions)
def test_mvp_plainly_legal_agrees_with_the_ordered_checks(state, player, action):
    e = state.exposure
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
    plain = mvp_plainly_legal(state, player, action)
    if plain:
        assert legal, action
    simple = type(action) is dict and set(action) <= {"bids"}
    if legal and simple and all(type(a) is int for a in action.get("bids", {}).values()):
        assert plain, action  # the shortcut does take the common case
    try:  # and validate says the same, through either path
        MVP.validate(state, player, action)
        assert legal
    except IllegalAction:
        assert not legal


# ------------------------------------------------------------------ The Amalgamation

AMALGAMATION_STATES = _round_states(AMALGAMATION, range(4))
_num = st.one_of(st.integers(-3, 150), st.booleans(), st.just(1.0), st.just("1"), st.none())
_amalgamation_actions = st.fixed_dictionaries(
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


@settings(max_examples=500, **SLOW)
@given(
    st.sampled_from(AMALGAMATION_STATES),
    st.sampled_from(AMALGAMATION.default_players),
    _amalgamation_actions,
)
def test_amalgamation_plainly_legal_agrees_with_the_ordered_checks(state, player, action):
    args = (state.balances[player], state.garnets_held[player], state.setup.rate)
    try:
        check_round(action, state.setup.tiles[state.round - 1], *args)
        legal = True
    except IllegalAction:
        legal = False
    # on JSON values the shortcut decides exactly as the rules (a legal action
    # has exact types), so it takes every legal action and no other
    assert plainly_legal(action, *args) == legal, action


# ------------------------------------------------------------------ both games


@settings(max_examples=15, **SLOW)
@given(st.sampled_from([MVP, AMALGAMATION]), st.integers(0, 2**32 - 1))
def test_a_step_never_changes_a_state_and_copies_stay_fresh(game, seed):
    rng = random.Random(seed)
    players = list(game.default_players)
    match = Match(game, game.random_config(players, rng))
    sent: dict[str, list[dict]] = {p: [] for p in players}
    while match.pending:
        state = match.state
        kept = copy.deepcopy(state)
        views = _views(game, state)
        shown = copy.deepcopy(views)
        if game.fresh_views:  # else views share parts with later ones (PE16)
            _scribble(views)
        assert _views(game, state) == shown
        actions = {p: game.random_action(state, p, rng) for p in match.pending}
        copies = copy.deepcopy(actions)
        game.apply(state, actions)
        game.next_state(state, actions)
        match.step(actions)
        assert state == kept  # states share unchanged parts, so none may change
        if game is AMALGAMATION and state.phase == "round":
            for p in players:
                sent[p].append(copies[p])
            _scribble(actions)  # the state keeps its own copy of each action
            for p in players:
                rounds = game.view(match.state, p)["you"]["rounds"]
                assert [e["action"] for e in rounds] == sent[p]
    result = game.result(match.state)
    again = copy.deepcopy(result)
    _scribble(result)
    assert game.result(match.state) == again
