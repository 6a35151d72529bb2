"""The fast paths (``quick``) agree with the general code at every step.

A step unit's ``quick`` must give exactly the state and events of resolving
the step on a ``Work`` draft (its ``run``), and its ``plainly_legal`` may
accept only what the rule-by-rule checks accept (homeostasis spec §3, §4.3, §4.4).
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.engine import Match
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.match import random_actions
from mainmatch.games.homeostasis import GAME
from mainmatch.games.homeostasis.bots.strategy import StrategyBot
from mainmatch.games.homeostasis.work import QuietWork, Work

PLAYERS = list(GAME.default_players)


def _resolve(w, state, actions) -> None:
    """The general resolution: the asked unit's step on a ``Work`` draft."""
    GAME.asks(state).run(w, actions)


def quick_step(state, actions, events):
    return GAME.asks(state).quick(state, actions, events)


def plainly_legal(state, player, action) -> bool:
    return GAME.asks(state).plainly_legal(state, player, action)


def check_action(state, player, action) -> None:
    """The rule-by-rule checks, without the fast path."""
    unit = GAME.asks(state)
    if not unit.acts(state, player):
        raise IllegalAction(f"{player!r} is not asked")
    unit.validate(state, player, action)


def _general(state, actions):
    w = Work(state)
    _resolve(w, state, copy.deepcopy(actions))
    return w.freeze(), w.events


def _check_step(state, actions) -> bool:
    """The fast and the general resolution of one step agree; True if fast."""
    slow, slow_events = _general(state, actions)
    quiet = QuietWork(state)
    _resolve(quiet, state, copy.deepcopy(actions))
    assert quiet.freeze() == slow and quiet.events == []
    events: list[dict] = []
    fast = quick_step(state, copy.deepcopy(actions), events)
    if fast is None:
        assert events == []
        return False
    assert fast == slow
    assert events == slow_events
    assert quick_step(state, actions, None) == slow
    return True


def _strategy_matches(seed: int, count: int):
    """States and actions of all-strategy and mixed tables."""
    rng = random.Random(seed)
    for n in range(count):
        match = Match(GAME, GAME.random_config(PLAYERS, rng))
        bots = {p: StrategyBot() for p in PLAYERS if n % 2 == 0 or p in ("a", "c")}
        while match.pending:
            actions = {}
            for p, request in match.pending.items():
                if p in bots:
                    actions[p] = bots[p].act(GAME.view(match.state, p), dict(request), rng)
                else:
                    actions[p] = GAME.random_action(match.state, p, rng)
            yield match.state, actions
            match.step(actions)


def _random_matches(seed: int, count: int, default_rate: float):
    rng = random.Random(seed)
    for _ in range(count):
        match = Match(GAME, GAME.random_config(PLAYERS, rng))
        while match.pending:
            actions, defaulted = random_actions(GAME, match.state, rng, default_rate)
            yield match.state, actions
            match.step(actions, defaulted)


@pytest.mark.parametrize("seed", range(4))
def test_quick_steps_are_the_general_steps_in_random_play(seed: int) -> None:
    fast = total = 0
    for state, actions in _random_matches(seed, 6, (0.0, 0.3)[seed % 2]):
        fast += _check_step(state, actions)
        total += 1
    assert fast > total / 2  # most steps take the fast path


def test_quick_steps_are_the_general_steps_in_strategy_play() -> None:
    for state, actions in _strategy_matches(5, 4):
        _check_step(state, actions)


_JUNK = (None, True, False, 0, 1, -1, 2, 3, 9, 10, 11, 1.0, "1", "x", "/", "", [], {}, "pass")
_KEYS = ("slot", "chips", "pass", "card", "position", "other")


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**16),
    edits=st.lists(
        st.tuples(st.sampled_from(_KEYS), st.sampled_from(_JUNK) | st.integers(-3, 120)),
        max_size=3,
    ),
    drop=st.sampled_from((None, *_KEYS)),
    someone=st.booleans(),
)
def test_plainly_legal_only_accepts_what_the_rules_accept(seed, edits, drop, someone) -> None:
    """Every action ``plainly_legal`` accepts, the rule-by-rule checks accept."""
    rng = random.Random(seed)
    accepted = 0
    for state, actions in _random_matches(seed, 1, 0.2):
        # the unedited actions of the step are accepted (draft choices at least):
        # the check below is exercised whatever the edits and players drawn
        accepted += sum(plainly_legal(state, p, a) for p, a in actions.items())
        for p in PLAYERS:
            action = copy.deepcopy(actions.get(p, {"slot": 1, "chips": 1}))
            if rng.random() < 0.5:
                for key, value in edits:
                    action[key] = value
                action.pop(drop, None)
            player = p if not someone else rng.choice((*PLAYERS, "z", None))
            if plainly_legal(state, player, action):
                check_action(state, player, action)  # raises if the rules refuse it
            else:
                try:
                    check_action(state, player, action)
                except IllegalAction:
                    pass
    assert accepted > 0
