"""Fixtures of the host server tests: real SQLite files and a real PostgreSQL.

``make test`` starts a throwaway PostgreSQL cluster and sets
``MAINMATCH_TEST_PG_URL``; every PostgreSQL test gets a fresh database of
its own in it. Without the variable (a plain ``pytest`` run) the PostgreSQL
tests are skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mainmatch.host.app import create_app

#: the admin key the test servers run with (creating and importing need it)
ADMIN_KEY = "test-admin-key-0123456789"


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request) -> str:
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")


class Api:
    """A test client that speaks the API with a token. After a change it
    waits for the server's bot worker, so bots' moves are seen at once."""

    admin_key = ADMIN_KEY

    def __init__(self, client: TestClient):
        self.client = client

    def call(self, method: str, path: str, token: str | None = None, json: Any = None, **kw):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = self.client.request(method, path, headers=headers, json=json, **kw)
        if method != "GET":
            assert self.client.app.state.service.wait_for_bots(60)
        return r

    def create(self, game: str = "seat_exchange", **body) -> dict:
        r = self.call("POST", "/api/matches", ADMIN_KEY, json={"game": game, **body})
        assert r.status_code == 201, r.text
        return r.json()

    def open_step(self, made: dict) -> int:
        return self.overview(made, made["host_token"])["open_step"]

    def overview(self, made: dict, token: str) -> dict:
        r = self.call("GET", f"/api/matches/{made['match']}", token)
        assert r.status_code == 200, r.text
        return r.json()

    def submit(self, made: dict, player: str, action: Any, step: int | None = None):
        """Submit for ``step`` (default: the open step, as the pages send it)."""
        if step is None:
            step = self.open_step(made)
        body = {"action": action, "step": step}
        return self.call(
            "PUT",
            f"/api/matches/{made['match']}/submission",
            made["player_tokens"][player],
            json=body,
        )

    def host(self, method: str, made: dict, path: str, json: Any = None):
        if path == "/resolve" and json is None:
            json = {"step": self.open_step(made)}  # as the host page sends it
        return self.call(
            method, f"/api/matches/{made['match']}{path}", made["host_token"], json=json
        )

    def record(self, made: dict) -> dict:
        r = self.host("GET", made, "/record")
        assert r.status_code == 200, r.text
        return r.json()


@pytest.fixture
def client(db_url, monkeypatch) -> Iterator[TestClient]:
    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", ADMIN_KEY)
    app = create_app(db_url, scan_interval=0.1)
    with TestClient(app) as c:
        yield c
    app.state.service.db.dispose()


@pytest.fixture
def api(client) -> Api:
    return Api(client)


@pytest.fixture
def config_e() -> dict:
    """seat_exchange spec config E (the worked examples' config)."""
    import copy

    return copy.deepcopy(CONFIG_E)


@pytest.fixture
def se_players() -> list[str]:
    return list(SE_PLAYERS)


SE_PLAYERS = [
    "jk",
    "dh",
    "sm",
    "p04",
    "p05",
    "p06",
    "p07",
    "p08",
    "p09",
    "p10",
    "p11",
    "p12",
    "p13",
]
CONFIG_E = {
    "players": SE_PLAYERS,
    "seats": SE_PLAYERS,
    "numbers": {
        "jk": 1,
        "dh": 2,
        "sm": 3,
        "p04": 4,
        "p05": 5,
        "p06": 7,
        "p07": 6,
        "p08": 9,
        "p09": 11,
        "p10": 13,
        "p11": 8,
        "p12": 12,
        "p13": 10,
    },
    "gamewide_tiebreak": SE_PLAYERS,
    "garnets": {p: 0 for p in SE_PLAYERS},
}


# ------------------------------------------------------------------ phone browser tests
# (their kits are imported inside the fixtures: tests/season loads this file by
# its path, outside the tests.host package, for its database fixtures only)


@pytest.fixture(scope="module")
def phone_server(tmp_path_factory):
    """The phone tests' server (the testing kit's ``served``): the app served by uvicorn in a
    thread on a free loopback port, one for each test module."""
    from mainmatch.testing.browser import served

    from .phonekit import ADMIN_KEY as PHONE_ADMIN_KEY

    url = f"sqlite:///{tmp_path_factory.mktemp('phone') / 'host.db'}"
    app = create_app(url, scan_interval=0.2, admin_key=PHONE_ADMIN_KEY)
    with served(app) as base:
        yield app, base


@pytest.fixture(scope="module")
def phone_browser():
    from mainmatch.testing.browser import chromium

    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def phone(phone_browser):
    """One phone-sized page for the module; script errors are collected."""
    from mainmatch.testing.browser import phone_page

    with phone_page(phone_browser) as page:
        yield page
