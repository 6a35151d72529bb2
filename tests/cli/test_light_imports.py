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


PROBE_MODULES = """
import sys
from mainmatch.cli import main
code = main(sys.argv[1:])
print(code, sorted(m for m in {names!r} if m in sys.modules))
"""


def _loaded_of(names: tuple[str, ...], *argv: str, cwd: str | None = None) -> str:
    out = subprocess.run(
        [sys.executable, "-c", PROBE_MODULES.format(names=names), *argv],
        capture_output=True,
        text=True,
        check=True,
        cwd=cwd,
    )
    return out.stdout.strip().splitlines()[-1]


def test_games_loads_no_extension_and_season_reads_without_alembic(tmp_path) -> None:
    """``mainmatch games`` imports none of the extensions' commands; a season
    command on a database already at the newest migration imports neither
    Alembic nor the match host, the simulator, discord.py or FastAPI
    (docs/performance.md, commands)."""
    extensions = (
        "mainmatch.sim.commands",
        "mainmatch.host.commands",
        "mainmatch.host.season_commands",
        "mainmatch.discord.cli",
    )
    assert _loaded_of(extensions, "games") == "0 []"
    db = str(tmp_path / "s.db")
    first = ("alembic", "mainmatch.host.service")
    made = _loaded_of(first, "season", "new", "s1", "--cast", "ana,ben", "--db", db)
    assert made == "0 ['alembic']"  # a new database is migrated
    heavy = (*first, "discord", "fastapi", "mainmatch.sim.commands", "mainmatch.engine.record")
    assert _loaded_of(heavy, "season", "standings", "s1", "--db", db) == "0 []"
