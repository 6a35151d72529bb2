"""Replay's one-pass round of trades (docs/decisions/performance.md PE15) against §3.1's
ordered checks: ``checked_next_state`` gives a state only for a step whose
every action ``validate`` accepts, and then exactly ``next_state``'s; for the
plain JSON of a legal step it never declines; a record whose step it declines
is still refused with the rule-by-rule message, step and player."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine import IllegalAction, Match, RecordError, replay
from mainmatch.engine.match import play_random
from mainmatch.games.seat_exchange import GAME

PLAYERS = list(GAME.default_players)


def _trade_states() -> list:
    out = []
    for seed in range(4):
        rng = random.Random(seed)
        match = Match(GAME, GAME.random_config(PLAYERS, rng))
        while match.pending:
            if match.state.phase == "trade":
                out.append(match.state)
            match.step({p: GAME.random_action(match.state, p, rng) for p in match.pending})
    return out


STATES = _trade_states()
_ids = st.one_of(st.sampled_from(PLAYERS), st.just("nobody"), st.integers(0, 3), st.just([1]))
_amount = st.one_of(st.integers(-1, 150), st.booleans(), st.just(2.0), st.none(), st.just("5"))
_trade = st.one_of(
    st.fixed_dictionaries({"players": st.lists(_ids, min_size=0, max_size=3), "amount": _amount}),
    st.fixed_dictionaries(
        {
            "players": st.lists(st.sampled_from(PLAYERS), min_size=2, max_size=2),
            "amount": st.integers(1, 60),
        }
    ),
    st.fixed_dictionaries(
        {
            "players": st.tuples(st.sampled_from(PLAYERS), st.sampled_from(PLAYERS)),
            "amount": st.integers(1, 9),
        }
    ),
    st.fixed_dictionaries(
        {"players": st.just("ab")}, optional={"amount": st.just(1), "x": st.just(1)}
    ),
    st.none(),
)
_trades = st.one_of(st.lists(_trade, max_size=3), st.none(), st.just({}), st.just(()), st.just(""))
_action = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "garnets": st.one_of(st.integers(-1, 25), st.booleans(), st.just(1.0), st.none()),
            "trades": _trades,
            "note": st.just(1),
        },
    ),
    st.fixed_dictionaries(
        {
            "trades": st.lists(
                st.fixed_dictionaries(
                    {
                        "players": st.lists(st.sampled_from(PLAYERS), min_size=2, max_size=2),
                        "amount": st.integers(1, 40),
                    }
                ),
                max_size=3,
            )
        }
    ),
    st.one_of(st.none(), st.just([]), st.just("trades"), st.integers()),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STATES), st.data())
def test_a_checked_round_is_a_validated_round(state, data):
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    actions = {p: GAME.random_action(state, p, rng) for p in PLAYERS}
    for p in data.draw(st.lists(st.sampled_from(PLAYERS), max_size=3, unique=True)):
        actions[p] = data.draw(_action)
    before = copy.deepcopy(actions)
    legal = True
    for p in PLAYERS:
        try:
            GAME.validate(state, p, actions[p])
        except IllegalAction:
            legal = False
    after = GAME.checked_next_state(state, actions)
    assert actions == before  # the actions are only read
    if after is not None:
        assert legal
        assert after == GAME.next_state(state, actions)
    elif legal:
        # only what plain JSON cannot hold may take the long way
        assert any(
            not isinstance(a, dict)
            or type(a.get("garnets", 0)) is not int
            or any(type(t.get("players")) is not list for t in a.get("trades", []))
            for a in actions.values()
        )


@pytest.mark.parametrize("seed", range(3))
def test_plain_legal_rounds_never_take_the_long_way(seed: int) -> None:
    rng = random.Random(seed)
    record = play_random(GAME, GAME.random_config(PLAYERS, rng), rng).record()
    state = GAME.initial_state(record["config"])
    for step in record["steps"]:
        if state.phase == "trade":
            checked = GAME.checked_next_state(state, step["actions"])
            assert checked is not None and checked == GAME.next_state(state, step["actions"])
        state = GAME.next_state(state, step["actions"])


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"trades": None}, "trades must be a list"),
        ({"garnets": 0, "trades": [{"players": PLAYERS[:2], "amount": 0}]}, "amount must be"),
        ({"trades": [{"players": [PLAYERS[0], "zed"], "amount": 3}]}, "'zed' is not a player"),
        ({"trades": [{"players": PLAYERS[:2], "amount": 3}] * 2}, "listed twice"),
        ({"garnets": 10**6}, "cannot spend"),
    ],
)
def test_a_declined_round_is_refused_by_the_rules(bad: dict, message: str) -> None:
    rng = random.Random(9)
    record = play_random(GAME, GAME.random_config(PLAYERS, rng), rng).record()
    step = record["steps"][1]
    victim = PLAYERS[4]
    step["actions"][victim] = bad
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert caught.value.step == 2 and caught.value.player == victim
    assert message in str(caught.value)
