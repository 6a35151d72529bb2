"""Views are fresh copies: the logs copied in one pass are the field-by-field copies."""

from __future__ import annotations

import random

import pytest

from mainmatch.engine import Match
from mainmatch.engine.match import random_actions
from mainmatch.games.homeostasis import GAME
from mainmatch.games.homeostasis.views import pending_players


def _field_by_field(entries) -> list[dict]:
    """The view's own shape, rebuilt key by key (homeostasis.md §5)."""
    out = []
    for e in entries:
        copy = {}
        for key, value in e.items():
            if isinstance(value, list):
                value = [dict(v) if isinstance(v, dict) else v for v in value]
            copy[key] = value
        out.append(copy)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_logs_are_fresh_and_exact(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(list(GAME.default_players), rng))
    while match.pending:
        match.step(random_actions(GAME, match.state, rng)[0])
        view = match.view(None)
        state = match.state
        assert view["auction_log"] == _field_by_field(state.auction_log)
        assert view["rounds"] == _field_by_field(state.rounds)
        for entry in view["auction_log"]:
            entry["bids"].append({"player": "x"})  # a caller may change what it gets
            entry["passed"].clear()
        for entry in view["rounds"]:
            entry["expression"].append("?")
            for b in entry["brackets"]:
                b["first"] = -1
        assert match.view(None) == GAME.view(state, None)
        assert match.view(None)["auction_log"] == _field_by_field(state.auction_log)
        assert all("?" not in r["expression"] for r in match.view(None)["rounds"])


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
