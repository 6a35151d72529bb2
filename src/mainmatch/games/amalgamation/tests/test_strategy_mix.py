"""The strategy bot as a mixture of plans, the classic bot, the ``splitter``
family's plan numbers, the budget variant and the mixture's training command."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mainmatch.bots import get_bot
from mainmatch.bots.families import get_family
from mainmatch.engine.driver import Driver
from mainmatch.games.amalgamation import GAME
from mainmatch.games.amalgamation.bots import train
from mainmatch.games.amalgamation.bots.strategy import (
    DEFAULTS,
    SplitBot,
    StrategyBot,
    load_mixture,
    starting_budget,
)

from .helpers import P, act, match, step


def _records(bot_name: str, seeds: range, variant: dict | None = None) -> list[list[dict]]:
    """The steps of all-``bot_name`` matches, one per seed (a new bot per seat and match)."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        extra = {"variant": variant} if variant else {}
        cfg = GAME.random_config(list(P), rng, **extra)
        bots = {p: get_bot("amalgamation", bot_name) for p in cfg["players"]}
        driver = Driver(GAME, cfg, events=False)
        while driver.pending:
            driver.step(
                {
                    p: bots[p].act(GAME.view(driver.state, p), request, rng)
                    for p, request in driver.pending.items()
                }
            )
        out.append([s["actions"] for s in driver.record()["steps"]])
    return out


def _round_spend(action: dict) -> int:
    return (
        action["kong"]["contribute"]
        + sum(map(abs, action["minus"]["bids"]))
        + action["invest"]["invest"]
        + action["invest"]["donate"]
        + action["thief"]["bet"]
    )


def test_the_shipped_mixture_loads_and_its_plans_are_family_lines():
    weights, plans = load_mixture()
    assert abs(sum(weights) - 1) < 1e-3 and all(w > 0 for w in weights)
    for params in plans:
        # every plan is a valid splitter line, or a valid habits line with its kind
        if params.get("kind") == "habits":
            line = {k: v for k, v in params.items() if k != "kind"}
            assert get_family("amalgamation", "habits").checked(line) == line
        else:
            assert get_family("amalgamation", "splitter").checked(params) == train.plan(params)


def test_habit_ranges_are_the_habits_family_ranges():
    family = get_family("amalgamation", "habits")
    assert {p.name: (p.low, p.high) for p in family.params} == train.HABIT_RANGES


def test_classic_is_the_splitter_family_at_its_defaults():
    assert get_family("amalgamation", "splitter").defaults() == DEFAULTS
    assert _records("classic", range(3)) == _records("splitter", range(3))


def test_training_ranges_are_the_family_ranges():
    family = get_family("amalgamation", "splitter")
    assert {p.name: (p.low, p.high) for p in family.params} == train.RANGES


def test_strategy_draws_one_plan_per_player_and_match_from_the_rng():
    mixture = ((0.5, 0.5), ({"kong": 1.0, "invest": 0.0, "thief": 0.0}, {}))
    bot = StrategyBot(mixture)
    m = match()
    chosen = set()
    for seed in range(20):
        bot.act(GAME.view(m.state, "a"), m.pending["a"], random.Random(seed))
        chosen.add(id(bot.drawn["a"]))
    assert len(chosen) == 2  # both plans drawn over a few matches
    # later rounds keep the plan drawn in round 1
    bot.act(GAME.view(m.state, "a"), m.pending["a"], random.Random(3))
    first = bot.drawn["a"]
    step(m)
    bot.act(GAME.view(m.state, "a"), m.pending["a"], random.Random(4))
    assert bot.drawn["a"] is first


def test_strategy_is_deterministic_given_the_seed():
    assert _records("strategy", range(4)) == _records("strategy", range(4))


@pytest.mark.parametrize("budget", [100, 600])
def test_the_budget_variant_changes_the_decisions(budget):
    """Each variant key (here the only one, ``budget``) changes an all-strategy table."""
    official = _records("strategy", range(4))
    variant = _records("strategy", range(4), {"budget": budget})
    assert official != variant
    spend = sum(_round_spend(a) for rec in official for a in rec[0].values())
    spend_v = sum(_round_spend(a) for rec in variant for a in rec[0].values())
    # round 1 spends a share of the starting balance: it moves with the budget
    assert (spend_v > spend) == (budget > 400)


def test_starting_budget_is_read_back_from_the_players_own_rounds():
    m = match()
    step(m, a=act(contribute=30, bids=[1, 1, 1, 1, 1]))
    step(m, a=act(invest=7, bids=[1, 1, 1, 1, 1]))  # a 2nd round without tiles: $20
    view = GAME.view(m.state, "a")
    assert view["you"]["rounds"][1]["penalty"] == 20
    assert starting_budget(m.pending["a"], view["you"]) == 400


def test_the_minus_bids_scale_with_the_budget():
    """The same plan bids smaller dollar amounts on a smaller budget (same rng draws)."""
    small = GAME.random_config(list(P), random.Random(1), variant={"budget": 40})
    big = GAME.random_config(list(P), random.Random(1))
    bids = {}
    for name, cfg in (("small", small), ("big", big)):
        driver = Driver(GAME, cfg, events=False)
        request = driver.pending["a"]
        action = SplitBot().act(GAME.view(driver.state, "a"), request, random.Random(0))
        GAME.validate(driver.state, "a", action)
        bids[name] = sum(map(abs, action["minus"]["bids"]))
    assert bids["small"] < bids["big"]


def test_training_runs_and_is_reproducible(tmp_path):
    """The mixture's command at a tiny size: a valid file, the same for the same seed."""
    out = tmp_path / "mix.json"
    small = {"iterations": 1, "drawn": 1, "matches": 2, "confirm": 2, "finalists": 1}
    data = train.train(seed=3, log=lambda _: None, **small)
    assert data == train.train(seed=3, log=lambda _: None, **small)
    assert len(data["plans"]) in (1, 2) and abs(sum(p["weight"] for p in data["plans"]) - 1) < 1e-6
    args = ["--seed", "3", "--iterations", "1", "--drawn", "1", "--matches", "2"]
    assert train.main([*args, "--confirm", "2", "--out", str(out)]) == 0
    weights, plans = load_mixture.__wrapped__("amalgamation_mix.json")  # the shipped one
    assert weights and plans
    written = json.loads(out.read_text())
    mixture = (
        tuple(p["weight"] for p in written["plans"]),
        tuple(p["params"] for p in written["plans"]),
    )
    bot = StrategyBot(mixture)
    m = match()
    GAME.validate(m.state, "a", bot.act(GAME.view(m.state, "a"), m.pending["a"], random.Random(0)))


def test_regret_matching_runs_and_is_reproducible(tmp_path):
    """The re-weighing command (``train_rm``) at a tiny size: a valid mixture
    file, the same for the same seed, keeping the start's plans."""
    from mainmatch.games.amalgamation.bots import train_rm as rm

    start = load_mixture.__wrapped__("amalgamation_mix.json")
    small = {"iterations": 2, "matches": 2, "log": lambda _: None}
    mixed = rm.regret_matching(start, seed=3, **small)
    assert mixed == rm.regret_matching(start, seed=3, **small)
    assert abs(sum(mixed[0]) - 1) < 1e-6 and all(w > 0 for w in mixed[0])
    out = tmp_path / "mix.json"
    here = Path(rm.__file__).with_name("amalgamation_mix.json")
    assert (
        rm.main(
            [
                "--seed",
                "3",
                "--iterations",
                "1",
                "--matches",
                "2",
                "--start",
                str(here),
                "--out",
                str(out),
            ]
        )
        == 0
    )
    written = json.loads(out.read_text())
    bot = StrategyBot(
        (tuple(p["weight"] for p in written["plans"]), tuple(p["params"] for p in written["plans"]))
    )
    m = match()
    GAME.validate(m.state, "a", bot.act(GAME.view(m.state, "a"), m.pending["a"], random.Random(0)))
