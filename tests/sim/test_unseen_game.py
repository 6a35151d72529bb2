"""A trained player for a game nobody wrote a bot for (issue 31, "a game you have not seen").

The Lantern Market (``tests/lantern_game.py``) is registered as a plugin's entry
point would register it, ``mainmatch train`` makes its bot with no line about
it, and one seat tries the deviations of ``sim/learn_deviations.py`` (random
play and simple policies read off the step descriptions) at a table of the
trained bot. The size here is CI's (a fixed ``--budget``: the same seed gives
the same file, so the figures below are the same on every run); the full-size
figure (``--minutes 8``) is measured by ``benchmarks/unseen_game.py``
(docs/decisions/learn.md LRN14, LRN15).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from mainmatch.bots import bot_names
from mainmatch.bots.learned import check_learned
from mainmatch.engine import contract, registry
from mainmatch.sim.labcommands import register as register_lab
from mainmatch.sim.learn_deviations import HABITS, deviations

# the game lives beside the tests (pytest imports them without putting tests/ on the path)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from lantern_game import LanternMarket

app = typer.Typer()
register_lab(app)
TRAIN = ["--players", "4", "--budget", "640", "--iterations", "2", "--eval-matches", "20"]


@pytest.fixture(scope="module")
def lanterns() -> Iterator[LanternMarket]:
    game = LanternMarket()
    registry.register_game(game)
    yield game
    registry.reset()


@pytest.fixture(scope="module")
def table(lanterns, tmp_path_factory) -> dict:
    """The trained file and the deviations at its table (300 matches each)."""
    out = tmp_path_factory.mktemp("unseen") / "lanterns.json"
    args = ["train", "lanterns", *TRAIN, "--seed", "0", "-w", "1", "-q", "-o", str(out)]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    data = check_learned(json.loads(out.read_text()))
    rows = {r["deviation"]: r for r in deviations(data, 300, seed=1)}
    return {"data": data, "rows": rows}


def test_the_game_keeps_the_engine_contract_and_has_no_bot(lanterns) -> None:
    contract.check_game(lanterns, seeds=range(3))
    assert bot_names("lanterns") == ["random"]


def test_train_makes_a_bot_from_the_step_descriptions_alone(table) -> None:
    data = table["data"]
    assert data["game"] == "lanterns" and data["players"] == 4
    assert set(data["decisions"]) == {"bid.bid"}  # the one amount of the one step
    assert data["training"]["fixed_bots"] == ["random"]  # no bot of its own to lean on
    assert set(table["rows"]) == {"random", *HABITS}


def test_the_trained_bot_beats_random_and_the_extreme_policies(table) -> None:
    rows = table["rows"]
    for name in ("random", "all-in", "minimum", "one", "quarter", "three-quarters"):
        high = rows[name]["interval"][1]
        assert high < 0.05, (name, rows[name]["gain"], rows[name]["interval"])


@pytest.mark.xfail(
    strict=True,
    reason="issue 31's 5-point target is not met at CI's size: `half` (every bid half the "
    "chips) gains about +16 points at a table trained on 640 matches (LRN15)",
)
def test_no_deviation_gains_more_than_five_points(table) -> None:
    gains = {name: r["gain"] for name, r in table["rows"].items()}
    assert max(gains.values()) <= 0.05, gains
