"""``mainmatch serve``: its options, the demo match it prints, and a bad database."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from mainmatch.host.commands import NO_BOT, admin_key_lines, demo_lines, home_lines, register
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


def test_without_a_bot_given_serve_discord_is_refused_before_anything_starts(tmp_path):
    # python -m mainmatch.host: the host never imports the Discord adapter itself
    db = tmp_path / "x.db"
    out = CliRunner().invoke(_app(), ["serve", "--discord", "--db", f"sqlite:///{db}"])
    assert out.exit_code == 2 and NO_BOT in out.output
    assert not db.exists()


def test_the_demo_puts_you_in_one_seat_and_bots_in_the_others(tmp_path):
    db = Database(f"sqlite:///{tmp_path / 'demo.db'}")
    db.migrate()
    svc = HostService(db)
    out = demo_lines(svc, "mvp", "http://127.0.0.1:8000")
    assert out[0] == (
        "A demo match of The MVP is ready: you play ada, and strategy bots play the other seats."
    )
    play = next(line for line in out if "To play as ada, open " in line).split()[-1]
    assert play.startswith("http://127.0.0.1:8000/play/")
    access = svc.access_of(play.rsplit("/", 1)[1])
    ov = svc.overview(access)
    bots = {s["player"]: s["bot"] for s in ov["seats"]}
    assert bots["ada"] is None and all(bots[p] for p in bots if p != "ada")
    assert ov["request"]["kind"] == "round", "the first step waits for you"
    host = next(line for line in out if "To host it" in line).split()[-1]
    assert svc.access_of(host.rsplit("/", 1)[1]).role == "host"
    watch = next(line for line in out if "To let others watch" in line).split()[-1]
    assert svc.access_of(watch.rsplit("/", 1)[1]).role == "spectator"


def test_the_first_line_is_the_link_to_open(tmp_path):
    """Issue #27: what ``serve`` prints starts with the home link and what it is for;
    the admin key for scripts comes after, never before it."""
    lines = home_lines("http://127.0.0.1:8000", "k3y/+=")
    assert lines[0] == "Open this link: http://127.0.0.1:8000/?key=k3y/%2B%3D"
    assert "home page" in lines[1] and "Keep it to yourself" in lines[1]
    assert home_lines("http://h", None)[0] == "Open this link: http://h/"
    assert "Keep it" not in home_lines("http://h", None)[1], "open mode: nothing secret in it"
    url = f"sqlite:///{tmp_path / 'm.db'}"
    assert admin_key_lines(None, url) == [
        "Open mode: anyone who reaches this server may create matches."
    ]


def test_serve_prints_the_link_to_open_first(tmp_path):
    """``mainmatch serve --demo`` as a real process: its first line is the home
    link, which lets a browser in; then the demo's links; the admin key last."""
    import os

    import httpx

    from mainmatch.testing.browser import serve_process

    out = tmp_path / "out.txt"
    env = {k: v for k, v in os.environ.items() if k != "MAINMATCH_ADMIN_KEY"}
    args = ["--demo", "mvp", "--db", str(tmp_path / "m.db")]
    with serve_process(args, out, env) as base:
        # the lines before the server's own log (uvicorn logs on stderr, after them)
        lines = [x for x in out.read_text().splitlines() if not x.startswith("INFO:")]
        key = (tmp_path / "m.db.admin-key").read_text().strip()
        assert lines[0] == f"Open this link: {base}/?key={key}"
        assert lines[1].startswith("  It is your home page")
        assert lines[3].startswith("A demo match of The MVP is ready: you play ada")
        play = lines[4].split()[-1]
        assert lines[4].startswith("  To play as ada, open ") and play.startswith(base)
        assert httpx.get(play).status_code == 200
        home = httpx.get(lines[0].split()[-1], follow_redirects=True)
        assert home.status_code == 200 and "Demo: The MVP" in home.text, "the key let it in"
        assert lines[-1].startswith("Admin key, for scripts") and key in lines[-1]
