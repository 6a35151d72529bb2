"""``balance --learned-minutes`` (issue 31): the learned best response trains
for a wall-clock time read between batches, the report names its minutes and
the matches it trained on and re-measures it on its own fresh matches, and a
bad value is one line with exit 2 (docs/decisions/brs.md)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from mainmatch.sim import learn_eval
from mainmatch.sim.balance import run_balance
from mainmatch.sim.balance_spec import LEARNED_CONFIRM, BalanceSpec, planned_total
from mainmatch.sim.labcommands import register as register_lab

GAME = "sealed_bid"
app = typer.Typer()
register_lab(app)
SMALL = ["balance", GAME, "--check", "strategy", "--budget", "300", "--seed", "0", "-w", "1"]


def test_learned_minutes_is_a_wall_clock_budget_named_in_the_report(tmp_path: Path) -> None:
    out = tmp_path / "result.json"
    started = time.perf_counter()
    r = CliRunner().invoke(app, [*SMALL, "--learned-minutes", "0.05", "-q", "--json", str(out)])
    took = time.perf_counter() - started
    assert r.exit_code == 0, r.output
    result = json.loads(out.read_text())
    x = result["exploitability"]
    got = x["learned"]
    trained = got["training_matches"]
    # whole batches, the first always; 3 seconds of training, checked between batches
    assert trained >= 64 and trained % 64 == 0
    assert 0 < got["seconds"] < 3 + 5 and got["minutes"] == 0.05
    assert f"a learned best response (0.05 minutes: {trained:,} training matches)" in x["oracles"]
    assert result["plan"]["learned_minutes"] == 0.05 and result["plan"]["learned_budget"] is None
    # its own re-measure: fresh matches, an interval around the gain
    assert got["matches"] == LEARNED_CONFIRM
    low, high = got["interval"]
    assert low < got["gain"] < high and high - low < 0.3
    assert "The learned best response (0.05 minutes" in r.output
    assert f"on {LEARNED_CONFIRM:,} fresh matches" in r.output
    # the whole run: the non-learned part is small at this budget
    assert took < 60, took


def test_the_clock_stops_after_the_first_batch_and_learned_budget_repeats_it(monkeypatch) -> None:
    """A deadline already past still trains one batch (a policy to measure); the
    matches the report names, given as --learned-budget, train the same policy
    (the same seed, the same batches: docs/decisions/brs.md BRS1)."""
    with monkeypatch.context() as m:
        m.setattr(learn_eval.Clock, "over", lambda self, share=1.0: True)
        spec = BalanceSpec(GAME, budget=300, check="strategy", learned_minutes=1, workers=1)
        timed = run_balance(spec)
    x = timed["exploitability"]
    assert x["learned"]["training_matches"] == 64
    assert "a learned best response (1 minute: 64 training matches)" in x["oracles"]
    # the progress bar's plan holds the re-measure (the clock's training is on top)
    assert planned_total(spec) <= timed["matches_played"]
    spec = BalanceSpec(GAME, budget=300, check="strategy", learned_budget=64, workers=1)
    sized = run_balance(spec)["exploitability"]
    assert sized["learned"]["training_matches"] == 64 and sized["learned"]["minutes"] is None
    assert "a learned best response (64 training matches)" in sized["oracles"]
    # the learned candidate's gain on the evaluation seeds: the same policy
    assert [c for c in x["candidates"] if c["label"] == "learned-x"] == [
        c for c in sized["candidates"] if c["label"] == "learned-x"
    ]
    # with --learned-budget the re-measure is the exploitability's size
    assert sized["learned"]["matches"] == sized["matches"] < LEARNED_CONFIRM


@pytest.mark.parametrize(
    "extra, says",
    [
        (["--learned-minutes", "0"], "--learned-minutes must be above 0 and at most 1,440"),
        (["--learned-minutes", "-1"], "--learned-minutes must be above 0 and at most 1,440"),
        (["--learned-minutes", "1441"], "--learned-minutes must be above 0 and at most 1,440"),
        (["--learned-minutes", "nan"], "--learned-minutes must be above 0"),
        (
            ["--learned-minutes", "1", "--learned-budget", "640"],
            "give --learned-minutes or --learned-budget, not both",
        ),
    ],
)
def test_a_bad_learned_minutes_is_one_line(extra: list[str], says: str) -> None:
    r = CliRunner().invoke(app, [*SMALL, *extra, "-q"])
    assert r.exit_code == 2, r.output
    assert says in r.output and "Traceback" not in r.output
