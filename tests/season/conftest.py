"""Fixtures of the season tests: the host tests' databases (a SQLite file, and
the real PostgreSQL that scripts/test.sh starts), a server app with seasons."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mainmatch.host.app import create_app

_spec = importlib.util.spec_from_file_location(
    "_host_fixtures", Path(__file__).parent.parent / "host" / "conftest.py"
)
assert _spec is not None and _spec.loader is not None
_host = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_host)
sqlite_url, pg_url, db_url = _host.sqlite_url, _host.pg_url, _host.db_url


@pytest.fixture
def client(db_url) -> Iterator[TestClient]:
    app = create_app(db_url, scan_interval=0.1)
    with TestClient(app) as c:
        yield c
    app.state.service.db.dispose()
