"""Views copy the state: the logs, copied once per entry and shown again by
later views (docs/decisions/performance.md PE16), are the field-by-field copies; no
container of a view is one of the state's, so a caller that changes a view
cannot change the match (a shared view may show the state's own)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mainmatch.engine import Match
from mainmatch.engine.match import random_actions
from mainmatch.games.homeostasis import GAME
from mainmatch.games.homeostasis.views import pending_players


def _field_by_field(entries) -> list[dict]:
    """The view's own shape, rebuilt key by key (homeostasis spec §5)."""
    out = []
    for e in entries:
        copy = {}
        for key, value in e.items():
            if isinstance(value, list):
                value = [dict(v) if isinstance(v, dict) else v for v in value]
            copy[key] = value
        out.append(copy)
    return out


def _containers(value, into: dict[int, object]) -> dict[int, object]:
    """Every list, dict and dataclass reachable from ``value``, by id."""
    if isinstance(value, (list, dict, tuple)) or dataclasses.is_dataclass(value):
        if id(value) in into:
            return into
        into[id(value)] = value
        if isinstance(value, dict):
            items = list(value.values())
        elif isinstance(value, (list, tuple)):
            items = list(value)
        else:
            items = [getattr(value, f.name) for f in dataclasses.fields(value)]
        for item in items:
            _containers(item, into)
    return into


@pytest.mark.parametrize("seed", range(3))
def test_logs_are_exact_and_views_hold_nothing_of_the_state(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(list(GAME.default_players), rng))
    earlier = None
    while match.pending:
        match.step(random_actions(GAME, match.state, rng)[0])
        state = match.state
        view = match.view(None)
        assert view["auction_log"] == _field_by_field(state.auction_log)
        assert view["rounds"] == _field_by_field(state.rounds)
        mine = _containers(state, {})
        for p in (None, *GAME.default_players):
            shown = _containers(GAME.view(state, p), {})
            assert not [v for k, v in shown.items() if k in mine and not isinstance(v, tuple)]
        # what the check would catch: a shared view shows the state's own dicts
        assert id(GAME.shared_view(state, None)["teams"]) in mine
        if earlier is not None and earlier["auction_log"] and view["auction_log"]:
            # an entry an earlier view showed is shown again, not copied again
            assert view["auction_log"][0] is earlier["auction_log"][0]
        earlier = view
        assert GAME.shared_view(state, None) == view


@pytest.mark.parametrize("seed", range(6))
def test_pending_players_is_who_pending_asks(seed: int) -> None:
    """The view's ``pending`` (who acts) is the keys of ``pending``, in order, at every state."""
    rng = random.Random(100 + seed)
    match = Match(GAME, GAME.random_config(list(GAME.default_players), rng))
    while True:
        assert pending_players(match.state) == list(GAME.pending(match.state))
        if not match.pending:
            break
        actions, defaulted = random_actions(GAME, match.state, rng, default_rate=0.2)
        match.step(actions, defaulted)
