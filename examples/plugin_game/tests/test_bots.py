"""The Sealed Bid's strategy bot: its family's defaults are the bot, its rules
(a sure win when it holds the most chips, nothing when it does not go), and it
stands clear of the random bot in mixed tables at every size (3 to 5 players)."""

from __future__ import annotations

import random

import pytest
from sealed_bid.bots import DEFAULTS, TARGETER, StrategyBot

from mainmatch.sim import simulate


def _view(chips: dict[str, int], prizes: list[int], round_: int = 1) -> dict:
    return {
        "round": round_,
        "rounds": len(prizes),
        "prizes": prizes,
        "chips": chips,
        "you": {"player": "a", "chips": chips["a"]},
    }


def _bid(bot: StrategyBot, view: dict, seed: int) -> int:
    return bot.act(view, {"kind": "bid", "chips": view["you"]["chips"]}, random.Random(seed))["bid"]


def test_the_targeter_family_defaults_are_the_strategy_bot() -> None:
    assert {p.name: p.default for p in TARGETER.params} == DEFAULTS


def test_holding_more_than_every_rival_bids_one_chip_over_the_richest() -> None:
    view = _view({"a": 9, "b": 4, "c": 6}, [1, 2, 3])
    assert {_bid(StrategyBot(), view, s) for s in range(50)} == {7}
    # without snipe it draws like any other round: never more than it holds
    assert {_bid(StrategyBot({"snipe": 0}), view, s) for s in range(50)} <= set(range(10))


def test_it_bids_all_its_chips_or_nothing_when_holdback_is_zero() -> None:
    bot = StrategyBot({"holdback": 0, "big": 1.0})
    view = _view({"a": 10, "b": 10, "c": 10}, [5, 2, 3])  # the first prize is the biggest left
    assert {_bid(bot, view, s) for s in range(50)} == {10}
    # deny is the all-in chance on the biggest prize left, allin on a smaller one
    assert {
        _bid(StrategyBot({"big": 1.0, "deny": 1.0, "allin": 0.0}), view, s) for s in range(50)
    } == {10}
    assert {
        _bid(StrategyBot({"big": 1.0, "deny": 0.0, "allin": 1.0}), view, s) for s in range(50)
    } == {6, 7, 8, 9}
    never = StrategyBot({"big": 0.0, "go": 0.0})
    assert {_bid(never, view, s) for s in range(50)} == {0}
    assert {_bid(never, _view({"a": 10, "b": 10, "c": 10}, [1, 2, 3]), s) for s in range(50)} == {0}


def test_the_biggest_prize_left_is_gone_for_more_often_than_a_small_one() -> None:
    big = _view({"a": 10, "b": 10, "c": 10}, [5, 1, 2])
    small = _view({"a": 10, "b": 10, "c": 10}, [1, 5, 2])
    went_big = sum(_bid(StrategyBot(), big, s) > 0 for s in range(400))
    went_small = sum(_bid(StrategyBot(), small, s) > 0 for s in range(400))
    assert went_big > 3 * went_small > 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_strategy_is_clearly_ahead_of_random_in_mixed_tables(players: int) -> None:
    """``mainmatch simulate sealed_bid --bots strategy,random -n 2000 --seed 0 -w 1
    --players N``: the ToL intervals apart, and a lower EC rate."""
    report = simulate(
        "sealed_bid", "strategy,random", 2000, seed=0, workers=1, players=players
    ).report
    by_bot = {b["bot"]: b for b in report["bots"]}
    s, r = by_bot["strategy"], by_bot["random"]
    assert s["tol_rate"]["low"] > r["tol_rate"]["high"], (s["tol_rate"], r["tol_rate"])
    assert s["ec_rate"]["value"] < r["ec_rate"]["value"], (s["ec_rate"], r["ec_rate"])
