"""Issue #18, finding 8: creating and importing a match need the server's
admin key; match links do not. The key's sources and the open mode."""

from __future__ import annotations

import os
import stat

import pytest
from fastapi.testclient import TestClient

from mainmatch.host.admin import ENV, key_file, load_admin_key
from mainmatch.host.app import create_app
from mainmatch.host.commands import admin_key_lines


def test_8_creating_and_importing_need_the_admin_key(api):
    body = {"game": "mvp"}
    r = api.call("POST", "/api/matches", None, json=body)
    assert r.status_code == 401 and "needs the server's admin key" in r.json()["error"]
    r = api.call("POST", "/api/matches", "not-the-key", json=body)
    assert r.status_code == 401 and r.json() == {"error": "this is not the server's admin key"}
    made = api.create("mvp")
    rec = api.record(made)
    r = api.call("POST", "/api/matches/import", made["host_token"], json={"record": rec})
    assert r.status_code == 401, "a host link is not the admin key"
    # the pages' cookie holds a session, never the key itself (issue #26, L1)
    r = api.client.post("/api/matches", json=body, cookies={"mm_admin": api.admin_key})
    assert r.status_code == 401
    # match links need no admin key
    assert api.overview(made, made["spectator_token"])["game"]["id"] == "mvp"


def test_8_a_browser_keeps_the_key_in_a_strict_cookie(api):
    r = api.call("POST", "/api/admin/session", "wrong")
    assert r.status_code == 401 and "mm_admin" not in r.headers.get("set-cookie", "")
    r = api.call("POST", "/api/admin/session", api.admin_key)
    cookie = r.headers["set-cookie"]
    assert r.status_code == 204 and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert api.client.post("/api/matches", json={"game": "mvp"}).status_code == 201
    assert api.call("DELETE", "/api/admin/session").status_code == 204
    assert api.client.post("/api/matches", json={"game": "mvp"}).status_code == 401


def test_8_open_mode_lets_anyone_create(sqlite_url):
    app = create_app(sqlite_url, admin_key=None)
    with TestClient(app) as client:
        assert client.post("/api/matches", json={"game": "mvp"}).status_code == 201
    app.state.service.db.dispose()


def test_8_the_key_comes_from_the_environment_or_is_kept_beside_the_database(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'm.db'}"
    monkeypatch.setenv(ENV, "from-env-0123456789")
    assert load_admin_key(url) == "from-env-0123456789"
    monkeypatch.setenv(ENV, "open")
    assert load_admin_key(url) is None
    monkeypatch.delenv(ENV)
    key = load_admin_key(url)
    assert key and len(key) >= 32
    path = key_file(str(tmp_path / "m.db"))
    assert path is not None and path.read_text().strip() == key
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert load_admin_key(url) == key, "kept: the same key at the next start"


def test_8_serve_prints_the_key(tmp_path, monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    url = f"sqlite:///{tmp_path / 'm.db'}"
    key = load_admin_key(url)
    out = "\n".join(admin_key_lines(key, url))
    assert f"Admin key, for scripts (Authorization: Bearer KEY): {key}" in out
    assert str(tmp_path / "m.db.admin-key") in out
    assert "Open mode" in "\n".join(admin_key_lines(None, url))


@pytest.mark.postgres
def test_8_on_postgresql_the_key_is_kept_in_a_table(pg_url, monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    key = load_admin_key(pg_url)
    assert key and load_admin_key(pg_url) == key
