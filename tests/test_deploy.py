"""The deployment a host would choose (issue 34 item 5): ``deploy/compose.yaml``
(PostgreSQL, the server, the Discord bot) and ``deploy/Dockerfile``, with the
backup and restore of docs/hosting.md "Back up and restore".

Docker cannot run here, so what can be is checked: the files parse, every path
the image copies exists, every ``mainmatch`` command they run is a real command
with real options (parsed by the command line itself), and the backup commands
the page shows round-trip a server's database on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import typer.main
import yaml

from mainmatch.cli import _register_extensions, app
from mainmatch.host.db import Database
from mainmatch.host.service import Access, HostService

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


def _parses(argv: list[str]) -> None:
    """``argv`` (``mainmatch CMD ...``) is read by the command line without error."""
    _register_extensions()
    assert argv[0] == "mainmatch", argv
    group = typer.main.get_command(app)
    command = group.commands[argv[1]]  # type: ignore[attr-defined]
    command.make_context(argv[1], list(argv[2:]))


def _filled(argv: list[str]) -> list[str]:
    """Compose's ``${VAR}`` replaced by a value, as compose does from deploy/.env."""
    return [re.sub(r"\$\{[^}]+\}", "secret", a) for a in argv]


def test_the_compose_file_runs_postgresql_the_server_and_the_bot():
    spec = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = spec["services"]
    assert set(services) == {"db", "web", "bot"}
    assert services["db"]["image"].startswith("postgres:")
    assert "pgdata" in spec["volumes"]
    for name in ("web", "bot"):
        s = services[name]
        assert (ROOT / "deploy" / s["build"]["context"] / s["build"]["dockerfile"]).is_file()
        assert s["depends_on"]["db"]["condition"] == "service_healthy"
        argv = _filled(s["command"])
        _parses(argv)
        db = argv[argv.index("--db") + 1]
        assert db.startswith("postgresql+psycopg://mm:") and db.endswith("@db:5432/mm")
    assert services["web"]["command"][1] == "serve" and services["bot"]["command"][1] == "discord"
    # the secrets come from the environment (deploy/.env), never from the file
    assert "MAINMATCH_ADMIN_KEY" in services["web"]["environment"]
    assert "DISCORD_TOKEN" in services["bot"]["environment"]
    assert services["web"]["ports"] == ["127.0.0.1:8000:8000"]


def test_the_dockerfile_copies_what_exists_and_runs_a_real_command():
    text = (DEPLOY / "Dockerfile").read_text()
    for line in text.splitlines():
        if line.startswith("COPY "):
            for source in line.split()[1:-1]:
                assert (ROOT / source).exists(), source
    cmd = json.loads(re.search(r"^CMD (\[.*\])$", text, re.MULTILINE).group(1))
    _parses(cmd)
    assert '".[postgres]"' in text and "-c requirements.lock" in text


def _a_match(url: str) -> str:
    db = Database(url)
    db.migrate()
    made = HostService(db).create_match("mvp", seed=3)
    db.dispose()
    return made.match_id


def _has(url: str, match_id: str) -> bool:
    db = Database(url)
    try:
        ov = HostService(db).overview(Access(match_id, "host"))
        return ov["game"]["id"] == "mvp"
    finally:
        db.dispose()


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="no sqlite3 command here")
def test_sqlite_backup_and_restore_round_trip(tmp_path):
    """``sqlite3 mainmatch.db ".backup backup.db"``, then the copy put back."""
    live = tmp_path / "mainmatch.db"
    match_id = _a_match(f"sqlite:///{live}")
    subprocess.run(["sqlite3", str(live), ".backup backup.db"], cwd=tmp_path, check=True)
    live.unlink()
    shutil.copy(tmp_path / "backup.db", live)
    assert _has(f"sqlite:///{live}", match_id)


@pytest.mark.skipif(shutil.which("pg_dump") is None, reason="no pg_dump here")
def test_postgresql_backup_and_restore_round_trip(pg_url, tmp_path):
    """``pg_dump -Fc`` of a server's database, ``pg_restore --no-owner`` into an
    empty one: the match is there."""
    import psycopg

    match_id = _a_match(pg_url)
    plain = pg_url.replace("postgresql+psycopg://", "postgresql://")
    dump = tmp_path / "mm.dump"
    subprocess.run(["pg_dump", "-Fc", "-f", str(dump), plain], check=True)
    base, _, name = plain.rpartition("/")
    fresh = f"{name}_restored"
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{fresh}"')
    try:
        subprocess.run(["pg_restore", "--no-owner", "-d", f"{base}/{fresh}", str(dump)], check=True)
        assert _has(f"postgresql+psycopg://{base.split('://', 1)[1]}/{fresh}", match_id)
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{fresh}" WITH (FORCE)')
