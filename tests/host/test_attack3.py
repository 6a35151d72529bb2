"""Issue 33: the third attack's findings on the host server (N5 to N12, the
look-alike ids, the flood of unknown tokens), each replayed against a real
server on a real SQLite file (PostgreSQL too where the fixture is ``db_url``
and ``make test`` runs)."""

from __future__ import annotations

import os
import time

import httpx
import pytest

from mainmatch.engine.errors import MainmatchError
from mainmatch.host.app import create_app

from .browserkit import serve_process
from .conftest import ADMIN_KEY

MANUAL = {"trades": "manual", "choose_ec": "manual"}


def _error(r) -> str:
    body = r.json()
    assert list(body) == ["error"] and "\n" not in body["error"], body
    return body["error"]


# ---------------------------------------------------------------- N7: weak admin keys


@pytest.mark.parametrize(
    "weak", ["1234567890123456", "password12345678", "qwertyuiopasdfgh", "Password-Qwerty-2024"]
)
def test_n7_keys_of_counting_keyboard_rows_and_common_passwords_are_refused(tmp_path, weak):
    with pytest.raises(MainmatchError, match="too weak"):
        create_app(f"sqlite:///{tmp_path / 'm.db'}", admin_key=weak)


def test_n7_good_keys_still_pass(tmp_path):
    import secrets

    for key in (
        ADMIN_KEY,
        "browser-test-admin-key",
        "season-browser-key",
        secrets.token_urlsafe(24),
    ):
        app = create_app(f"sqlite:///{tmp_path / 'm.db'}", admin_key=key)
        app.state.service.db.dispose()


@pytest.mark.parametrize("weak", ["a", "1234567890123456"])
def test_n7_a_weak_key_stops_the_server_before_any_database_is_made(tmp_path, monkeypatch, weak):
    from typer.testing import CliRunner

    from mainmatch.host.__main__ import app as cli

    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", weak)
    path = tmp_path / "m.db"
    result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{path}", "--host", "256.0.0.1"])
    assert result.exit_code == 2
    assert "too weak" in (result.stderr if hasattr(result, "stderr") else result.output)
    assert not path.exists() and list(tmp_path.iterdir()) == []
    with pytest.raises(MainmatchError, match="too weak"):
        create_app(f"sqlite:///{path}")
    assert not path.exists()


# ---------------------------------------------------------------- N8: spelled-out names


def test_n8_a_percent_encoded_parameter_name_opens_nothing(api):
    c = api.client
    made = api.create(deadlines=MANUAL)
    r = c.get(f"/?%6Bey={ADMIN_KEY}", follow_redirects=False)
    assert "set-cookie" not in r.headers and "mm_admin" not in c.cookies
    assert r.status_code == 200 and "admin-login" in r.text
    token = made["player_tokens"]["dh"]
    for name in ("tok%65n", "%74oken", "TOKEN"):
        r = c.get(f"/api/matches/{made['match']}?{name}={token}")
        assert r.status_code == 401, (name, r.text)
    # the plain names still work
    assert c.get(f"/api/matches/{made['match']}?token={token}").status_code == 200
    r = c.get(f"/?key={ADMIN_KEY}", follow_redirects=False)
    assert r.status_code == 303 and "mm_admin" in r.headers["set-cookie"]


def test_n8_the_access_log_hides_secrets_under_any_spelling(tmp_path):
    log_path = tmp_path / "server.log"
    env = {**os.environ, "MAINMATCH_ADMIN_KEY": ADMIN_KEY}
    args = ["--access-log", "--db", str(tmp_path / "m.db")]
    with serve_process(args, log_path, env) as base:
        admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
        made = httpx.post(f"{base}/api/matches", headers=admin, json={"game": "mvp"}).json()
        token = next(iter(made["player_tokens"].values()))
        for url in (
            f"/?%6Bey={ADMIN_KEY}",
            f"/?x=1&%6b%65%79={ADMIN_KEY}",
            f"/?KEY={ADMIN_KEY}",
            f"/api/matches/{made['match']}?tok%65n={token}",
            f"/api/matches/{made['match']}?x=1;token={token}",
            f"/pl%61y/{token}",
        ):
            httpx.get(base + url, follow_redirects=False)
        time.sleep(0.5)
    lines = [x for x in log_path.read_text().splitlines() if ' - "' in x]
    assert len(lines) >= 7, lines
    for secret in (ADMIN_KEY, token):
        assert not [x for x in lines if secret in x], secret
