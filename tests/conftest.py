"""Shared test helpers."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the specs live beside the project (shared/rules); tests never need them to run
SHARED = ROOT.parent / "shared"
#: the throwaway PostgreSQL server that scripts/test.sh (make test) starts
PG_URL = os.environ.get("MAINMATCH_TEST_PG_URL")


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    """A fresh SQLite file of this test."""
    return f"sqlite:///{tmp_path / 'mainmatch.db'}"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh database of the test PostgreSQL server, dropped afterwards."""
    if not PG_URL:
        pytest.skip("MAINMATCH_TEST_PG_URL is not set (make test sets it)")
    import psycopg

    name = f"mm_{secrets.token_hex(6)}"
    plain = PG_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = PG_URL.rpartition("/")
    yield f"{base}/{name}"
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def update_golden() -> bool:
    """Set MAINMATCH_UPDATE_GOLDEN=1 to rewrite golden files instead of comparing."""
    return os.environ.get("MAINMATCH_UPDATE_GOLDEN") == "1"
