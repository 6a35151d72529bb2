"""``mainmatch simulate`` through its Typer command (on a Typer app of our own)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from mainmatch.engine import load_record, replay
from mainmatch.sim.commands import register

app = typer.Typer()
register(app)


@app.command("version")
def _version() -> None:  # a second command, so "simulate" stays a subcommand as in the real CLI
    typer.echo("test")


runner = CliRunner()


def test_simulate_prints_tables_and_writes_json_plot_and_records(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    png = tmp_path / "report.png"
    records = tmp_path / "records"
    result = runner.invoke(
        app,
        [
            "simulate",
            "seat_exchange",
            "--bots",
            "strategy,random",
            "-n",
            "8",
            "--seed",
            "3",
            "--workers",
            "2",
            "--json",
            str(out),
            "--plot",
            str(png),
            "--save-records",
            str(records),
            "--keep",
            "first:2",
        ],
    )
    assert result.exit_code == 0, result.output
    text = result.output
    for words in (
        "Per bot",
        "Per seat",
        "Matches",
        "ToL rate",
        "EC rate",
        "mean garnets",
        "mean rank",
        "game length",
        "strategy x7, random x6",
    ):
        assert words in text
    report = json.loads(out.read_text())
    assert report["matches"] == 8 and [b["bot"] for b in report["bots"]] == ["strategy", "random"]
    assert set(report["bots"][0]["tol_rate"]) == {"value", "low", "high", "n"}
    assert report["timing"]["backend"] == "local"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20_000
    saved = sorted(records.glob("match-*.json"))
    assert [p.name for p in saved] == ["match-000000.json", "match-000001.json"]
    assert replay(load_record(saved[0])).result() is not None
    assert json.loads((records / "matches.json").read_text())[0]["match"] == 0


def test_progress_bar_shows_rate_and_eta() -> None:
    result = runner.invoke(app, ["simulate", "seat_exchange", "-n", "5", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert (
        "simulating seat_exchange" in result.output
        and "matches/s" in result.output
        and "ETA" in result.output
    )


def test_the_same_seed_gives_the_same_figures(tmp_path: Path) -> None:
    reports = []
    for workers in ("1", "2"):
        out = tmp_path / f"{workers}.json"
        result = runner.invoke(
            app,
            [
                "simulate",
                "seat_exchange",
                "-n",
                "6",
                "--seed",
                "9",
                "-q",
                "--workers",
                workers,
                "--json",
                str(out),
            ],
        )
        assert result.exit_code == 0, result.output
        reports.append(json.loads(out.read_text()))
    assert reports[0].pop("timing") != reports[1].pop("timing")
    assert reports[0] == reports[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (
            ["simulate", "seat_exchange", "--bots", "genius"],
            "no bot 'genius' for seat_exchange; bots: random, ",
        ),
        (
            ["simulate", "seat_exchange", "--keep", "first:3"],
            "--keep chooses which records --save-records writes",
        ),
        (
            ["simulate", "seat_exchange", "--save-records", "/tmp/x", "--keep", "sometimes"],
            "unknown rule",
        ),
        (["simulate", "seat_exchange", "-n", "0"], "the number of matches must be at least 1"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
