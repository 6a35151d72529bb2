"""Deadline policies (manual, minutes:N, daily:HH:MM UTC), their defaults from
each game's seed, and Discord timestamps."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mainmatch import games
from mainmatch.host import deadlines as dl


def _utc(*args) -> float:
    return datetime(*args, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    "text, parsed",
    [
        ("manual", ("manual", None)),
        ("minutes:60", ("minutes", 60.0)),
        ("minutes:0.5", ("minutes", 0.5)),
        (" daily:08:05 ", ("daily", (8, 5))),
        ("daily:0:00", ("daily", (0, 0))),
    ],
)
def test_policies_are_read(text, parsed):
    assert dl.parse_policy(text) == parsed


@pytest.mark.parametrize(
    "text, message",
    [
        ("hourly", "unknown deadline policy 'hourly'"),
        ("minutes:0", "more than 0"),
        ("minutes:-5", "unknown deadline policy"),
        ("daily:24:00", "between 00:00 and 23:59"),
        ("daily:12:60", "between 00:00 and 23:59"),
        (5, "a deadline policy is a string"),
    ],
)
def test_bad_policies_are_one_clear_line(text, message):
    with pytest.raises(dl.PolicyError, match=message):
        dl.parse_policy(text)


def test_deadlines_count_from_the_step_opening():
    opened = _utc(2025, 3, 1, 17, 30)
    assert dl.deadline_after("manual", opened) is None
    assert dl.deadline_after("minutes:1440", opened) == _utc(2025, 3, 2, 17, 30)
    assert dl.deadline_after("daily:18:00", opened) == _utc(2025, 3, 1, 18, 0)
    assert dl.deadline_after("daily:17:30", opened) == _utc(2025, 3, 2, 17, 30), (
        "the first HH:MM strictly after"
    )
    assert dl.deadline_after("daily:00:00", _utc(2025, 12, 31, 23, 59)) == _utc(2026, 1, 1, 0, 0)


def test_a_step_with_several_kinds_takes_the_earliest_deadline():
    policies = {"a": "minutes:10", "b": "minutes:5", "c": "manual"}
    assert dl.step_deadline(policies, {"a", "b", "c"}, 0.0) == 300.0
    assert dl.step_deadline(policies, {"c"}, 0.0) is None


@pytest.mark.parametrize("game_id", games.ids())
def test_defaults_come_from_the_seeds_time_per_step(game_id):
    game = games.get(game_id)
    policies = dl.default_policies(game)
    assert set(policies) == set(game.action_models)
    for kind, policy in policies.items():
        minutes = game.step_minutes.get(kind)
        if kind in game.step_daily_at:
            assert policy == f"daily:{game.step_daily_at[kind]}"
        else:
            assert policy == (f"minutes:{minutes:g}" if minutes else "manual")
    assert dl.check_policies(game, None) == policies


def test_defaults_of_the_daily_and_the_live_games():
    assert dl.default_policies(games.get("seat_exchange"))["trades"] == "minutes:1440"
    assert dl.default_policies(games.get("homeostasis"))["bid"] == "minutes:1"
    assert dl.default_policies(games.get("amalgamation"))["round"] == "minutes:1440"
    assert dl.default_policies(games.get("second_to_won"))["bids"] == "minutes:1440"
    assert dl.default_policies(games.get("mvp"))["round"] == "daily:15:00", (
        "the seed: deadline at 3pm UTC"
    )


def test_discord_timestamps_and_the_post():
    from mainmatch.host.service import discord_post

    assert dl.discord_timestamp(1700000000.9) == "<t:1700000000:F> (<t:1700000000:R>)"
    assert (
        discord_post("## Round 1", 1700000000)
        == "## Round 1\n\n**Next deadline:** <t:1700000000:F> (<t:1700000000:R>)"
    )
    assert discord_post("## Game over", None) == "## Game over"
