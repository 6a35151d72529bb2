"""What the strategy tables' speed-ups rely on (issue 35; docs/decisions/tables.md):
the shortcuts compute exactly what the rules' code computes.

- The MVP bot's points of a hand (``bots.mvp._points``) are ``card_points`` of
  that hand (mvp spec §7.1), for any hand of the 24 cards.
- Second to Won's plans (``bots.second_to_won._plans``) give the very floats of
  ``own_total`` for every plan, whatever the bot's points.
- The MVP's shared views show one public part per state to every player, and
  each is still exactly ``view(state, player)``.
"""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch import games
from mainmatch.games.mvp.bots.strategy import _BIT, _SORTED, _points
from mainmatch.games.mvp.pattern import LETTERS
from mainmatch.games.mvp.scoring import card_points
from mainmatch.games.second_to_won.bots.strategy import _read, own_total, read_lots


@settings(max_examples=400)
@given(st.integers(min_value=0, max_value=(1 << 24) - 1))
def test_mvp_points_of_a_hand_are_card_points(hand: int) -> None:
    ordered = [c for c in _SORTED if hand & _BIT[c]]
    points = card_points(dict(zip(LETTERS, ordered)))
    want = {c: points[x] for x, c in zip(LETTERS, ordered)}
    got = _points.__wrapped__(hand)
    assert dict(got) == want
    assert list(got) == list(want)


def _items(seed: int) -> list[dict]:
    game = games.get("second_to_won")
    config = game.random_config(game.default_lineup(9), random.Random(seed))
    state = game.initial_state(config)
    request = next(iter(game.pending(state).values()))
    return request["items"]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=400))
def test_second_to_won_plans_are_own_totals(seed: int, points: int) -> None:
    items = _items(seed)
    _, _, plans = _read(items)
    lots = read_lots(items)
    steering = [lot.letter for lot in lots if lot.steers]
    assert len(plans) == 2 ** len(steering)
    for _, chosen, mult, add, _ in plans:
        total = own_total(points, lots, set(chosen), set(chosen))
        assert math.ceil(points * mult - 1e-9) + add == total


def test_mvp_shared_views_share_the_public_part_and_are_the_views() -> None:
    game = games.get("mvp")
    rng = random.Random(3)
    state = game.initial_state(game.random_config(game.default_lineup(6), rng))
    players = list(state.players)
    for _ in range(4):
        shown = [game.shared_view(state, p) for p in players]
        assert all(v == game.view(state, p) for v, p in zip(shown, players))
        assert all(v["pattern"] is shown[0]["pattern"] for v in shown)
        assert len({id(v) for v in shown}) == len(players)  # each a new top-level dict
        assert game.shared_view(state, None) == game.view(state, None)
        actions = {p: game.random_action(state, p, rng) for p in game.pending(state)}
        state = game.next_state(state, actions)
