"""The view-only random bot, read off the step descriptions, plays legal
actions in every registered game, from ``(view, request)`` alone."""

from __future__ import annotations

import copy
import random
from types import SimpleNamespace

import pytest

from mainmatch import games
from mainmatch.bots.random_view import ViewRandomBot, draw
from mainmatch.engine import Match
from mainmatch.engine.choices import shape
from mainmatch.engine.errors import IllegalAction

#: matches per game: enough steps for a rate, quick on two shared cores
MATCHES = 6


def _descriptions_only(game) -> SimpleNamespace:
    """The game as the bot may know it: its step descriptions and nothing that
    reads a state (a bot reaching for more fails with AttributeError)."""
    return SimpleNamespace(step=game.step, action_models=game.action_models)


@pytest.mark.parametrize("game_id", games.ids())
def test_view_random_actions_are_legal(game_id: str) -> None:
    game = games.get(game_id)
    bot = ViewRandomBot(_descriptions_only(game))
    low = game.players_range()[0]
    players = [*game.default_players, *(f"p{i}" for i in range(20))][:low]
    steps = refused = 0
    for seed in range(MATCHES):
        rng = random.Random(seed)
        match = Match(game, game.random_config(players, rng))
        while match.pending:
            actions = {}
            for p, request in match.pending.items():
                view, asked = match.view(p), copy.deepcopy(request)
                action = bot.act(copy.deepcopy(view), asked, rng)
                assert asked == request, "the bot changed its request"
                steps += 1
                try:
                    game.validate(match.state, p, action)
                except IllegalAction:
                    refused += 1
                    action = game.default_action(match.state, p, rng)
                actions[p] = action
            match.step(actions)
    assert steps > 50
    # every game states its cross-field rules in a step's own draw: none refused
    assert refused == 0, f"{refused} of {steps} actions refused"


def test_a_field_is_drawn_from_its_offers_and_bounds() -> None:
    """Seat Exchange's choose_ec names no draw of its own: the generic one names a candidate."""
    step = shape(games.get("seat_exchange").step("choose_ec"))
    request = {"kind": "choose_ec", "candidates": ["b", "c"]}
    named = {draw(step, request, ["a", "b", "c"], random.Random(s))["ec"] for s in range(20)}
    assert named == {"b", "c"}
