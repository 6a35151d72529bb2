"""``mainmatch discord`` and ``mainmatch serve --discord``: options, and the token
only from ``DISCORD_TOKEN`` (a missing one is one line and exit 2, before any
network)."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from mainmatch.discord.cli import NO_TOKEN, register, serve_hook
from mainmatch.host.commands import register as register_host


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    register_host(app, serve_hook())

    @app.callback()
    def _main() -> None:
        pass

    return app


def test_discord_help_explains_the_options():
    out = CliRunner().invoke(_app(), ["discord", "--help"])
    assert out.exit_code == 0
    for words in ("--db", "--guild", "--tick", "DISCORD_TOKEN"):
        assert words in out.output
    assert "--token" not in out.output
    out = CliRunner().invoke(_app(), ["serve", "--help"])
    assert "--discord" in out.output


def test_discord_needs_the_token_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    db = f"sqlite:///{tmp_path / 'x.db'}"
    out = CliRunner().invoke(_app(), ["discord", "--db", db])
    assert out.exit_code == 2 and NO_TOKEN in out.output
    out = CliRunner().invoke(_app(), ["discord", "--token", "abc"])
    assert out.exit_code == 2 and "No such option" in out.output
    out = CliRunner().invoke(_app(), ["serve", "--discord", "--db", db])
    assert out.exit_code == 2 and NO_TOKEN in out.output
