"""Commands that never serve or talk to Discord start without loading the
server's and the bot's libraries (a simulation run should not pay 0.7 s of
imports for discord.py, SQLAlchemy and Alembic)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("discord", "sqlalchemy", "alembic", "fastapi")

PROBE = """
import sys
from mainmatch.cli import main
code = main(sys.argv[1:])
print(sorted(m for m in {heavy!r} if m in sys.modules))
"""


def _loaded(*argv: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=HEAVY), *argv],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip().splitlines()[-1]


def test_simulate_and_help_load_no_server_or_discord_library() -> None:
    assert _loaded("simulate", "mvp", "-n", "2", "--workers", "1") == "[]"
    assert _loaded("games") == "[]"


def test_help_still_lists_every_command() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mainmatch.cli", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for command in ("simulate", "sweep", "search", "serve", "discord", "season", "replay"):
        assert command in out
