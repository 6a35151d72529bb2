"""Pool processes start by a plain fork where nothing else runs in this
process, else from the fork server (decisions B17, PE18); the commands'
progress bar runs no thread, so the commands fork."""

from __future__ import annotations

import threading

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from mainmatch.sim import backends, make_plan
from mainmatch.sim.commands import register
from mainmatch.sim.progress import progress_bar

app = typer.Typer()
register(app)


@app.command("version")
def _version() -> None:  # a second command, so "simulate" stays a subcommand as in the real CLI
    typer.echo("test")


def test_the_progress_bar_runs_no_thread_and_shows_what_is_done() -> None:
    console = Console(record=True, width=100, force_terminal=False)
    before = threading.active_count()
    with progress_bar(console, False, "simulating mvp", 10) as advance:
        advance(4)
        assert threading.active_count() == before
        advance(6)
    assert "10/10" in console.export_text()


def test_a_lone_thread_forks_and_a_busy_process_uses_the_fork_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plan = make_plan("mvp", "random", 4, seed=1)
    monkeypatch.setattr(backends.threading, "active_count", lambda: 1)
    assert backends._pool_context(plan).get_start_method() == "fork"
    monkeypatch.setattr(backends.threading, "active_count", lambda: 2)
    assert backends._pool_context(plan).get_start_method() == "forkserver"


def test_simulate_starts_no_thread_before_its_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[int] = []
    real = backends._pool_context

    def spy(plan):
        threads.append(threading.active_count())
        return real(plan)

    monkeypatch.setattr(backends, "_pool_context", spy)
    before = threading.active_count()
    result = CliRunner().invoke(
        app, ["simulate", "mvp", "--bots", "random", "-n", "40", "--workers", "2"]
    )
    assert result.exit_code == 0, result.output
    assert threads == [before]  # so where the test runs alone, the pool forks
