"""Fixtures of the season tests: the host tests' databases (a SQLite file, and
the real PostgreSQL that scripts/test.sh starts), a server app with seasons."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mainmatch.host.app import create_app
from mainmatch.host.db import Database
from mainmatch.host.season_service import SeasonService
from mainmatch.host.service import HostService


def _host_module(name: str):
    """A module of the host tests, whose fixtures these tests share."""
    path = Path(__file__).parent.parent / "host" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_season_uses_host_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_host = _host_module("conftest")
db_url = _host.db_url  # sqlite_url and pg_url come from tests/conftest.py
ADMIN_KEY = _host.ADMIN_KEY


@pytest.fixture
def client(db_url) -> Iterator[TestClient]:
    app = create_app(db_url, scan_interval=0.1, admin_key=ADMIN_KEY)
    with TestClient(app) as c:
        yield c
    app.state.service.db.dispose()


@pytest.fixture
def seasons(db_url) -> Iterator[SeasonService]:
    """A season service (and its host service) on a migrated database."""
    db = Database(db_url)
    db.migrate()
    yield SeasonService(db, HostService(db))
    db.dispose()
