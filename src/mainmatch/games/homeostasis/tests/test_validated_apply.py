"""``apply`` trusts only the very action ``validate`` just accepted at the very
state (docs/decisions/performance.md PE17): any other action is checked again, so an
illegal one is refused with the rules' message and nothing changes."""

from __future__ import annotations

import random

import pytest

from mainmatch.engine import IllegalAction, Match
from mainmatch.games.homeostasis import GAME


def _auction_state():
    rng = random.Random(4)
    match = Match(GAME, GAME.random_config(list(GAME.default_players), rng))
    while match.state.phase != "auction" or not match.state.auction.bids:
        match.step({p: GAME.random_action(match.state, p, rng) for p in match.pending})
    return match.state, rng


def _validated():
    """An auction state, its bidder and a legal action ``validate`` has just accepted."""
    state, rng = _auction_state()
    (player,) = GAME.pending(state)
    action = GAME.random_action(state, player, rng)
    GAME.validate(state, player, action)  # remembered: this action, this state
    return state, player, action


def test_the_validated_action_is_applied_as_checked() -> None:
    state, player, action = _validated()
    after, events = GAME.apply(state, {player: action})
    assert (after, events) == GAME.apply_validated(state, {player: dict(action)})


@pytest.mark.parametrize(
    "bad",
    [{"slot": 0, "chips": 1}, {"pass": False}, {"slot": 1, "chips": 10**6}, {"chips": 1}],
)
def test_another_action_than_the_validated_one_is_checked_again(bad: dict) -> None:
    state, player, legal = _validated()
    with pytest.raises(IllegalAction):
        GAME.apply(state, {player: bad})
    # an equal copy of the validated action is checked too, and passes
    assert GAME.apply(state, {player: dict(legal)})[0] == GAME.apply(state, {player: legal})[0]


def test_the_validated_action_at_another_state_is_checked_again() -> None:
    state, player, action = _validated()
    later, _ = GAME.apply(state, {player: action})
    if player in GAME.pending(later):
        pytest.skip("the same player bids again at once")
    with pytest.raises(IllegalAction):
        GAME.apply(later, {player: action})  # not pending there: refused, not trusted
