"""The Homeostasis strategy bot plays the rules it is given (issue 24): the
band edges of a rule variant (homeostasis spec §7, D35), read from the view,
change its decisions; its chip reserve follows the richest rival (§4.5)."""

from __future__ import annotations

import random

import pytest

from mainmatch import games
from mainmatch.engine.driver import Driver
from mainmatch.games.homeostasis.bots.strategy import (
    HABITS,
    OFFICIAL_EDGES,
    StrategyBot,
    edges,
    utility,
)

GAME = games.get("homeostasis")
PLAYERS = list(GAME.default_players)


def _actions(variant: dict[str, int], seed: int) -> list[dict]:
    """Every step's actions of an all-strategy match under ``variant``."""
    config = GAME.new_config(PLAYERS, seed, variant=variant)
    bots = {p: StrategyBot() for p in PLAYERS}
    rng = random.Random(seed)
    driver = Driver(GAME, config, events=False)
    out = []
    while driver.pending:
        actions = {
            p: bots[p].act(GAME.view(driver.state, p), request, rng)
            for p, request in driver.pending.items()
        }
        out.append(actions)
        driver.step(actions)
    return out


@pytest.mark.parametrize(
    ("key", "low", "high"), [("big_band", 4, 8), ("neutral_band", 1, 3)], ids=["big", "neutral"]
)
def test_each_variant_key_changes_the_decisions(key: str, low: int, high: int) -> None:
    """Two values of each key (the other at its official value): the same
    seeded all-strategy matches are played differently."""
    differ = [_actions({key: low}, seed) != _actions({key: high}, seed) for seed in (1, 2, 3)]
    assert any(differ), f"{key}={low} and {key}={high} play the same matches"


def test_the_bot_reads_the_band_edges_from_the_view() -> None:
    assert edges({"total": "0"}) == OFFICIAL_EDGES == (1, 4)
    assert edges({"variant": {"big_band": 6}}) == (1, 6)
    assert edges({"variant": {"neutral_band": 2, "big_band": 9}}) == (2, 9)


def test_utility_follows_the_edges() -> None:
    """A final total of 5 is a neutral Token under big_band 6, the EC under the
    official 4 (§7); positive gets its Token above the neutral edge only."""
    assert utility("neutral", 5, 0) < 0 < utility("neutral", 5, 0, (1, 6))
    assert utility("positive", 2, 0) > 0.9 > utility("positive", 2, 0, (2, 6))
    assert utility("negative", -3, 0, (2, 6)) > utility("negative", -2, 0, (2, 6))


def test_spare_chips_follow_the_richest_rival() -> None:
    """With ``lag`` 0 a positive player keeps its team level with the richest
    rival (another team's player), unless a teammate already is; with 1 it may
    spend everything."""
    view = {
        "you": {"player": "a", "team": "positive"},
        "teams": dict(zip("abcde", ("positive", "positive", "negative", "negative", "neutral"))),
        "chips": {"a": 90, "b": 50, "c": 70, "d": 60, "e": 40},
    }
    bot = StrategyBot()
    assert bot._spare(view, 90, 0.0) == 20  # down to c's 70
    assert bot._spare(view, 90, 0.5) == 90  # b holds half of c's 70 already
    view["chips"]["b"] = 80
    assert bot._spare(view, 90, 0.0) == 90  # b keeps the team level with c
    view["chips"]["b"] = 50
    assert bot._spare(view, 90, 1.0) == 90


def test_habits_are_drawn_once_per_match_from_the_mixture() -> None:
    """A positive player mixes two habits (``HABITS``): over many matches it
    plays both, in about their weights, and keeps one for a whole match."""
    mixture = HABITS["positive"]
    rng = random.Random(0)
    seen = []
    for _ in range(400):
        bot = StrategyBot()
        bot._draw = rng.random()
        habit = bot._habit({}, "positive")
        assert bot._habit({}, "positive") is habit
        seen.append(habit)
    share = seen.count(mixture[0][1]) / len(seen)
    assert abs(share - mixture[0][0]) < 0.1


def test_a_bot_that_missed_the_saving_step_keeps_one_habit_all_match() -> None:
    """The host asks a new bot for every decision: its habit then comes from what
    the view shows all match long, the same at every step of the match."""
    config = GAME.new_config(PLAYERS, 5)
    driver = Driver(GAME, config, events=False)
    keeper = {p: StrategyBot() for p in PLAYERS}
    rng = random.Random(5)
    seen: dict[str, set] = {p: set() for p in PLAYERS}
    while driver.pending:
        actions = {}
        for p, request in driver.pending.items():
            view = GAME.view(driver.state, p)
            if view["round"]:
                seen[p].add(StrategyBot()._habit(view, view["you"]["team"]))
            actions[p] = keeper[p].act(view, request, rng)
        driver.step(actions)
    assert all(len(habits) == 1 for habits in seen.values())
