"""The Sealed Bid keeps the engine contract and plays its golden match
unchanged (the testing kit's one call, mainmatch.testing.check_game), and its
chips, garnets and points add up, at every table size it takes (3 to 5
players)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import sealed_bid
from hypothesis import given, settings
from hypothesis import strategies as st
from sealed_bid import GAME

from mainmatch.bots import get_bot
from mainmatch.engine import Match, contract
from mainmatch.engine.registry import get_game
from mainmatch.testing import check_game, golden_path

COUNTS = list(contract.player_counts(GAME))


def test_the_installed_entry_point_is_this_game() -> None:
    assert get_game("sealed_bid") is GAME and COUNTS == [3, 4, 5]


def test_the_contract_and_the_golden_match_hold_at_every_table_size() -> None:
    """Random play at 3, 4 and 5 players over six seeds each, the declared
    types, secrecy, replay, and golden/sealed_bid.txt (MAINMATCH_UPDATE_GOLDEN=1
    rewrites it)."""
    assert golden_path("sealed_bid") == Path(sealed_bid.__file__).with_name("golden").joinpath(
        "sealed_bid.txt"
    )
    check_game("sealed_bid", seeds=range(6))


@pytest.mark.parametrize("count", COUNTS)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_chips_garnets_and_points_add_up(count: int, seed: int) -> None:
    """Conservation (rules.md §2): a player's chips are the start, less every
    bid, plus every garnet turned in; garnets held are the start less those
    turned in; points are the prizes of the rounds won, and nobody wins a tied
    round."""
    match, _ = contract.check_random_play(GAME, seed, contract.players_for(GAME, count))
    config, players = match.config, match.config["players"]
    start = GAME.rule_values(config)["chips"]
    history = match.view(None)["history"]
    final = match.view(None)
    for p in players:
        paid = sum(h["bids"][p] for h in history)
        turned = sum(h["garnets"][p] for h in history)
        assert final["chips"][p] == start - paid + turned >= 0
        assert match.view(p)["you"]["garnets"] == config["garnets"][p] - turned
        assert final["points"][p] == sum(h["prize"] for h in history if h["winner"] == p)
    for h in history:
        top = max(h["bids"].values())
        leaders = [p for p in players if h["bids"][p] == top]
        assert h["winner"] == (leaders[0] if len(leaders) == 1 else None)


@pytest.mark.parametrize("count", COUNTS)
def test_the_strategy_bot_plays_legally_at_every_size(count: int) -> None:
    rng = random.Random(count)
    for seed in range(20):
        m = Match(GAME, GAME.random_config(contract.players_for(GAME, count), random.Random(seed)))
        bots = {p: get_bot("sealed_bid", "strategy") for p in m.config["players"]}
        while m.pending:
            actions = {p: bots[p].act(m.view(p), dict(req), rng) for p, req in m.pending.items()}
            for p, a in actions.items():
                GAME.validate(m.state, p, a)
            m.step(actions)
