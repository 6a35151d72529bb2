"""The bot families of The Amalgamation, Homeostasis and The MVP: whole matches
without faults at their defaults and at the ends of every range, and a tiny
search whose saved bot ``simulate --bot-params`` replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mainmatch.bots.families import Family, get_family
from mainmatch.cli import main
from mainmatch.sim import simulate

FAMILIES = [("amalgamation", "splitter"), ("homeostasis", "steerer"), ("mvp", "chaser")]


def _ends(family: Family, high: bool) -> dict[str, float]:
    out: dict[str, float] = {}
    for p in family.params:
        value = p.high if high else p.low
        out[p.name] = int(value) if p.integer else float(value)
    return out


@pytest.mark.parametrize(("game", "name"), FAMILIES)
def test_family_plays_whole_matches_without_faults_at_defaults_and_extremes(
    game: str, name: str
) -> None:
    family = get_family(game, name)
    tuned = {"low": (name, _ends(family, False)), "high": (name, _ends(family, True))}
    # a table of the three settings and the strategy bot, seats rotated
    sim = simulate(
        game,
        [name, "low", "high", "strategy"],
        2,
        seed=3,
        workers=1,
        time_limit=None,
        tuned=tuned,
    )
    rows = {r["bot"]: r for r in sim.report["bots"]}
    assert set(rows) == {name, "low", "high", "strategy"}
    for bot in (name, "low", "high"):
        assert rows[bot]["decisions"] > 0, bot
        assert rows[bot]["faults"] == {"raised": 0, "timeout": 0, "illegal": 0}, (
            bot,
            rows[bot]["fault_examples"],
        )


def test_family_shares_above_one_are_scaled_into_the_budget() -> None:
    bot = get_family("amalgamation", "splitter").bot({"kong": 1.0, "invest": 1.0, "thief": 0.5})
    shares = (bot.KONG_SHARE, bot.INVEST_SHARE, bot.THIEF_SHARE)  # type: ignore[attr-defined]
    assert shares == pytest.approx((0.4, 0.4, 0.2))


@pytest.mark.parametrize(("game", "name"), FAMILIES)
def test_tiny_search_saves_a_bot_simulate_replays(
    game: str, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, bot = tmp_path / "s.json", tmp_path / "bot.json"
    args = ["search", game, "--family", name, "--trials", "3", "-n", "4", "--confirm", "4"]
    assert main([*args, "--seed", "2", "-q", "--json", str(out), "--save-bot", str(bot)]) == 0
    result = json.loads(out.read_text())
    assert result["family"] == name and len(result["trials"]) == 3
    assert -1.0 <= result["rate"] <= 1.0 and -2.0 <= result["gain"]["value"] <= 2.0
    saved = json.loads(bot.read_text())
    assert saved["game"] == game and saved["params"] == result["params"]
    assert get_family(game, name).checked(saved["params"]) == saved["params"]
    capsys.readouterr()
    sim_out = tmp_path / "sim.json"
    sim_args = ["simulate", game, "--bot-params", str(bot), "--bots", f"{saved['name']},strategy"]
    assert main([*sim_args, "-n", "2", "-w", "1", "-q", "--json", str(sim_out)]) == 0
    report = json.loads(sim_out.read_text())
    assert saved["name"] in {r["bot"] for r in report["bots"]}


# The Amalgamation's strategy bot is a mixture of splitter plans; its family's defaults
# are the ``classic`` bot (src/mainmatch/games/amalgamation/tests/test_strategy_mix.py)
@pytest.mark.parametrize(("game", "name"), [FAMILIES[1]])
def test_family_defaults_play_exactly_as_the_strategy_bot(game: str, name: str) -> None:
    # the families open the strategy bot's numbers: at their defaults nothing changes
    seats = [
        simulate(game, bots, 2, seed=4, workers=1, time_limit=None).report["seats"]
        for bots in ([name, "strategy"], ["strategy"])
    ]
    assert seats[0] == seats[1]
