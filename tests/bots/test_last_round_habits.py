"""Issue 31's last-round habits as family numbers: the MVP ``strategist``'s
``control_from`` and the Homeostasis ``steerer``'s ``last_aggression`` / ``last_reserve``."""

from __future__ import annotations

import random

import pytest

from mainmatch import games
from mainmatch.bots.families import get_family
from mainmatch.engine.driver import Driver
from mainmatch.games.homeostasis.bots.strategy import Habits
from mainmatch.games.mvp.bots.strategy import MvpStrategyBot


def _mvp_view() -> tuple[dict, dict]:
    view = {
        "you": {"team": "red", "bids": {"U": 2}},
        "pattern": {
            "U": {"status": "exposed", "flag": "red", "flag_total": 7},
            "V": {"status": "exposed", "flag": "green", "flag_total": 3},
            "P": {"status": "nearly_exposed", "flag": None, "flag_total": 0},
        },
    }
    return view, {"biddable": ["P", "U", "V"]}


def test_spare_chips_take_the_lead_on_the_team_flags_only() -> None:
    view, request = _mvp_view()
    bids: dict[str, int] = {}
    # the rest of the team holds 5 of U's 7: 2 + 4 = 6 > 5
    assert MvpStrategyBot._take_control(view, request, bids, 10) == 4
    assert bids == {"U": 4}
    bids = {}
    assert MvpStrategyBot._take_control(view, request, bids, 3) == 0 and bids == {}


def test_control_from_is_a_strategist_number_off_by_default() -> None:
    family = get_family("mvp", "strategist")
    assert family.defaults()["control_from"] == 0 == MvpStrategyBot.control_from
    assert family.bot({"control_from": 10}).control_from == 10  # type: ignore[attr-defined]


def _first_bid(chips: int) -> tuple[dict, dict]:
    game = games.get("mvp")
    config = game.random_config(
        list(game.default_players), random.Random(0), variant={"chips": chips}
    )
    driver = Driver(game, config, events=False)
    player, request = next(iter(driver.pending.items()))
    return game.view(driver.state, player), request


@pytest.mark.parametrize(("chips", "rich"), [(30, False), (44, False), (45, True), (60, True)])
def test_with_chips_to_spare_some_matches_take_control_from_round_one(
    chips: int, rich: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From 1.5 times the spec's 30 chips (a ``chips`` variant) a player takes control
    from round 1 in a share ``control_rich`` of its matches (drawn once a match), else
    from round 10; under that, never (the official play, its random draws untouched)."""
    calls: list[int] = []

    def take(view: dict, request: dict, bids: dict, spare: int) -> int:
        calls.append(spare)
        return 0

    monkeypatch.setattr(MvpStrategyBot, "_take_control", staticmethod(take))
    view, request = _first_bid(chips)
    taken = 0
    for seed in range(40):
        calls.clear()
        MvpStrategyBot().act(view, request, random.Random(seed))
        taken += bool(calls)
    assert (0 < taken < 40) is rich and (taken == 0) is (not rich)
    family = get_family("mvp", "strategist")
    assert family.defaults()["control_rich"] == MvpStrategyBot.control_rich == 0.4
    for share, always in ((0.0, False), (1.0, rich)):
        calls.clear()
        family.bot({"control_rich": share}).act(view, request, random.Random(1))
        assert bool(calls) is always


def test_round_three_may_have_habits_of_its_own() -> None:
    bot = get_family("homeostasis", "steerer").bot({"last_aggression": 4.0, "last_reserve": 0})
    habits = Habits(1.6, 0.05, 4.0)
    bot._current = ("positive", habits)  # type: ignore[attr-defined]
    assert bot._habit({"round": 2}, "positive") == habits  # type: ignore[attr-defined]
    assert bot._habit({"round": 3}, "positive") == Habits(6.4, 1.0, 4.0)  # type: ignore[attr-defined]
    plain = get_family("homeostasis", "steerer").bot({})
    plain._current = ("positive", habits)  # type: ignore[attr-defined]
    assert plain._habit({"round": 3}, "positive") == habits  # type: ignore[attr-defined]
