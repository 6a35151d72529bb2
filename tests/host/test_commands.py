"""``mainmatch serve``: its options, the demo match it prints, and a bad database."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from mainmatch.host.commands import print_demo, register
from mainmatch.host.db import Database
from mainmatch.host.service import HostService


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.callback()
    def _main() -> None:
        pass

    return app


def test_serve_has_its_options():
    out = CliRunner().invoke(_app(), ["serve", "--help"])
    assert out.exit_code == 0
    for option in ("--db", "--host", "--port", "--demo"):
        assert option in out.output


def test_a_bad_database_is_one_line_and_exit_2(tmp_path):
    out = CliRunner().invoke(_app(), ["serve", "--db", "mysql://x@localhost/y"])
    assert out.exit_code == 2
    assert "unsupported database 'mysql'" in out.output


def test_the_demo_puts_you_in_one_seat_and_bots_in_the_others(tmp_path, capsys):
    db = Database(f"sqlite:///{tmp_path / 'demo.db'}")
    db.migrate()
    svc = HostService(db)
    print_demo(svc, "mvp", "http://127.0.0.1:8000")
    out = capsys.readouterr().out
    play = next(line for line in out.splitlines() if "Play as ada" in line).split()[-1]
    assert play.startswith("http://127.0.0.1:8000/play/")
    access = svc.access_of(play.rsplit("/", 1)[1])
    ov = svc.overview(access)
    bots = {s["player"]: s["bot"] for s in ov["seats"]}
    assert bots["ada"] is None and all(bots[p] for p in bots if p != "ada")
    assert ov["request"]["kind"] == "round", "the first step waits for you"
    assert "Host page:" in out and "Spectators:" in out
