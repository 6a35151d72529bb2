"""``benchmarks/deviations.py``, issue 24's one-seat deviation tables, run in-process at a
tiny size for every game: the yardstick, the rows, the paired gain, ``--json``, ``--grid``'s
guard and bad input."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "deviations.py"


@pytest.fixture(scope="module")
def script() -> dict[str, Any]:
    return runpy.run_path(str(SCRIPT))


#: per game, two deviations picked by label or number (the first row of each list is 1)
PICKS = {
    "seat_exchange": ("guards its seat $100 a round,random", "guards its seat $100 a round"),
    "amalgamation": ("random,passive (mafia)", "passive (mafia)"),
    "homeostasis": ("1,random", "near-passive: opening bids only, no final bids"),
    "mvp": ("passive,chaser_5x6", "passive"),
    "second_to_won": ("minimum,aimer_tol", "minimum"),
}


@pytest.mark.parametrize("game", sorted(PICKS))
def test_each_game_prints_the_yardstick_and_the_picked_rows(
    game: str, script: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    only, label = PICKS[game]
    out_file = tmp_path / "table.json"
    assert script["main"]([game, "-n", "4", "--only", only, "--json", str(out_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{game} official rules: 4 matches per table")
    assert any(line.startswith("| strategy (all-strategy table") for line in lines)
    assert any(line.startswith(f"| {label} |") for line in lines)
    [table] = json.loads(out_file.read_text())
    assert table["game"] == game and table["matches"] == 4
    assert len(table["rows"]) == 2
    for row in table["rows"]:
        # a seat's ToL - EC lies in [-1, 1]; the paired gain in [-2, 2]
        assert row["diff"] == pytest.approx(row["tol"] - row["ec"])
        assert -1 <= row["diff"] <= 1 and -2 <= row["gain"] <= 2


def test_the_gain_is_paired_with_the_yardstick_on_the_same_seats(script: dict[str, Any]) -> None:
    """A deviation that is the field bot itself gains exactly nothing in every seat: the
    same seeds give the same configs, so the pairing is seat by seat."""
    from mainmatch.bots import get_bot

    deviation = script["Deviation"](
        "strategy again", "twin", make=lambda: get_bot("amalgamation", "strategy")
    )
    base = script["play"]("amalgamation", None, "strategy", 5, 3, None)
    same = script["play"]("amalgamation", deviation, "strategy", 5, 3, None)
    f = script["figures"](same, base)
    assert f["gain"] == 0 and f["gain_half"] == 0
    assert len(same) == 5 and len(base) == 5 * 6


def test_every_game_keeps_its_own_list(script: dict[str, Any]) -> None:
    deviations = script["DEVIATIONS"]
    assert set(deviations) == set(script["GAMES"])
    counts = {game: len(rows) for game, rows in deviations.items()}
    assert counts == {
        "seat_exchange": 16,
        "amalgamation": 77,
        "homeostasis": 15,
        "mvp": 24,
        "second_to_won": 15,
    }
    assert len(script["amalgamation_grid"]()) == 324


def test_all_games_in_one_run(script: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert script["main"](["all", "-n", "2", "--only", "random"]) == 0
    out = capsys.readouterr().out
    for game in script["GAMES"]:
        assert f"{game} official rules: 2 matches per table" in out
    assert out.count("| random |") == 5


@pytest.mark.parametrize(
    "argv",
    [
        ["mvp", "--grid"],
        ["amalgamation", "--bot-params", "x.json"],
        ["nosuchgame"],
        ["mvp", "--only", "nosuchrow"],
        ["mvp", "--variant", "chips"],
    ],
)
def test_bad_input_is_one_line_of_error(
    argv: list[str], script: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        script["main"](argv)
    assert exit_.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_a_variant_reaches_the_tables(
    script: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """``--variant`` plays the variant (homeostasis's ``big_band``), named in the heading."""
    assert script["main"](["homeostasis", "-n", "3", "--only", "1", "--variant", "big_band=6"]) == 0
    out = capsys.readouterr().out
    assert "homeostasis {'big_band': 6}: 3 matches per table" in out
    assert "| near-passive: opening bids only, no final bids |" in out
