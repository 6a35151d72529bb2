"""The ``habits`` family (issue 31): one fixed habit per sub-game, played as a seat, as a
family line and as a plan of the strategy mixture."""

from __future__ import annotations

import random

import pytest

from mainmatch.bots import get_bot
from mainmatch.bots.families import get_family
from mainmatch.engine.driver import Driver
from mainmatch.games.amalgamation import GAME
from mainmatch.games.amalgamation.bots.habits import HabitBot
from mainmatch.games.amalgamation.bots.strategy import StrategyBot, plan_bot

from .helpers import P


def _play(bots: dict, seed: int, variant: dict | None = None) -> list[dict]:
    """Every step's actions of one match (each action checked by the game); the last
    entry is the final balances."""
    rng = random.Random(seed)
    extra = {"variant": variant} if variant else {}
    cfg = GAME.random_config(list(P), rng, **extra)
    driver = Driver(GAME, cfg, events=False)
    steps = []
    while driver.pending:
        actions = {
            p: bots[p].act(GAME.view(driver.state, p), request, rng)
            for p, request in driver.pending.items()
        }
        driver.step(actions)  # validates: a bad action raises
        steps.append(actions)
    assert driver.result() is not None
    return [*steps, GAME.view(driver.state, None)["balances"]]


@pytest.mark.parametrize("variant", [None, {"budget": 100}, {"budget": 600}])
def test_a_dodging_seat_bids_its_dodge_on_every_tile_and_spends_everything(variant):
    seat = HabitBot({"dodge": 3, "last": 2})
    bots = {p: seat if p == "a" else get_bot("amalgamation", "strategy") for p in P}
    steps = _play(bots, 5, variant)
    rounds = [s["a"] for s in steps[:-1] if "a" in s and "minus" in s["a"]]
    assert len(rounds) == 7
    scale = (variant or {}).get("budget", 400) / 400
    assert all(r["minus"]["bids"] == [max(1, round(3 * scale))] * 5 for r in rounds)
    assert steps[-1]["a"] == 0  # money left at the end is worth nothing: none is left


def test_dodge_zero_plays_the_classic_minus_bids():
    bot = HabitBot({"dodge": 0})
    steps = _play({p: bot for p in P}, 2)
    bids = [b for s in steps[:-1] for a in s.values() if "minus" in a for b in a["minus"]["bids"]]
    assert any(b < 0 for b in bids)  # wanted tiles are bid for, as the classic bot does


def test_the_family_line_and_the_mixture_plan_are_the_same_bot():
    family = get_family("amalgamation", "habits")
    line = family.checked({"dodge": 5, "kong": 0.5})
    plan = plan_bot({"kind": "habits", **line})
    assert isinstance(plan, HabitBot) and plan.p == family.bot(line).p
    mixture = ((1.0,), ({"kind": "habits", **line},))
    steps_mix = _play({p: StrategyBot(mixture) for p in P}, 9)
    steps_fam = _play({p: family.bot(line) for p in P}, 9)
    assert steps_mix == steps_fam


def test_bad_habit_numbers_are_refused():
    family = get_family("amalgamation", "habits")
    with pytest.raises(Exception, match="dodge"):
        family.checked({"dodge": 21})
    with pytest.raises(Exception, match="unknown parameter"):
        family.checked({"spend": 1})
