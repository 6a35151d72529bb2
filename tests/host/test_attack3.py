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
from mainmatch.testing.browser import serve_process

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


# ---------------------------------------------------------------- N5: guesses in the database


def _guess(c, key: str, **headers):
    headers["Authorization"] = f"Bearer {key}"
    return c.post("/api/matches", json={"game": "mvp"}, headers=headers)


def test_n5_two_processes_on_one_database_share_the_guess_limit(db_url):
    """Two app instances (as two processes would) on one SQLite file or one
    PostgreSQL database: 20 wrong guesses in all, not 20 each; a fresh address
    is not held up."""
    from fastapi.testclient import TestClient

    apps = [create_app(db_url, admin_key=ADMIN_KEY, bot_worker=False) for _ in range(2)]
    frozen = time.time()
    for app in apps:  # the guesses come faster than the refill
        app.state.limits.guesses.clock = lambda: frozen
    with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        codes = [_guess((one, two)[i % 2], f"guess-{i:04d}-xyzw").status_code for i in range(20)]
        assert codes == [401] * 20, codes
        assert _guess(one, "guess-x-xyzw").status_code == 429
        assert _guess(two, "guess-y-xyzw").status_code == 429
        assert _guess(two, ADMIN_KEY).status_code == 429  # unchecked: nothing learnt
    with TestClient(apps[1], client=("10.0.0.9", 5555)) as other:
        assert _guess(other, ADMIN_KEY).status_code == 201
    for app in apps:
        app.state.service.db.dispose()


def test_n5_x_forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy(sqlite_url):
    from fastapi.testclient import TestClient

    app = create_app(sqlite_url, admin_key=ADMIN_KEY, bot_worker=False)
    frozen = time.time()
    app.state.limits.guesses.clock = lambda: frozen
    with TestClient(app, client=("127.0.0.1", 5000)) as c:
        codes = [
            _guess(c, f"guess-{i:04d}-xyzw", **{"X-Forwarded-For": f"10.1.{i}.1"}).status_code
            for i in range(21)
        ]
        assert codes == [401] * 20 + [429], codes
    app.state.service.db.dispose()


def test_n5_behind_a_trusted_proxy_strangers_do_not_lock_the_admin_out(sqlite_url):
    """With ``--proxy-headers`` the client is the address the proxy saw (the
    nearest untrusted hop): a guesser's throttle is its own; a forged first
    hop gains nothing; the admin behind the same proxy gets in."""
    from fastapi.testclient import TestClient

    app = create_app(sqlite_url, admin_key=ADMIN_KEY, bot_worker=False, trusted_proxies="127.0.0.1")
    frozen = time.time()
    app.state.limits.guesses.clock = lambda: frozen
    with TestClient(app, client=("127.0.0.1", 5000)) as proxy:
        for i in range(20):
            fake = f"10.9.{i}.1, 203.0.113.5"  # what the guesser wrote, then what the proxy saw
            assert (
                _guess(proxy, f"guess-{i:04d}-xyzw", **{"X-Forwarded-For": fake}).status_code == 401
            )
        r = _guess(proxy, "guess-last-xyzw", **{"X-Forwarded-For": "1.1.1.1, 203.0.113.5"})
        assert r.status_code == 429
        assert _guess(proxy, ADMIN_KEY, **{"X-Forwarded-For": "198.51.100.7"}).status_code == 201
    app.state.service.db.dispose()


def test_n5_a_logged_in_admin_is_not_locked_out_by_guesses_from_the_same_address(api):
    c = api.client
    frozen = time.time()
    c.app.state.limits.guesses.clock = lambda: frozen
    r = c.post("/api/admin/session", headers={"Authorization": f"Bearer {ADMIN_KEY}"})
    assert r.status_code == 204 and "mm_admin" in c.cookies
    session = c.cookies["mm_admin"]
    c.cookies.clear()
    for i in range(20):
        assert _guess(c, f"guess-{i:04d}-xyzw").status_code == 401
    assert _guess(c, ADMIN_KEY).status_code == 429
    r = c.post("/api/matches", json={"game": "mvp"}, cookies={"mm_admin": session})
    assert r.status_code == 201, r.text


def test_n5_serve_takes_the_trusted_proxy_options():
    from typer.testing import CliRunner

    from mainmatch.host.__main__ import app as cli

    out = CliRunner().invoke(cli, ["serve", "--help"], env={"COLUMNS": "200"}).output
    assert "--proxy-headers" in out and "--forwarded-allow-ips" in out
    bad = CliRunner().invoke(
        cli, ["serve", "--proxy-headers", "--forwarded-allow-ips", "nope", "--db", ":memory:"]
    )
    assert bad.exit_code == 2


# ---------------------------------------------------------------- N11: logging out


def test_n11_logging_out_ends_the_session_on_every_process(db_url):
    from fastapi.testclient import TestClient

    apps = [create_app(db_url, admin_key=ADMIN_KEY, bot_worker=False) for _ in range(2)]
    with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        r = one.post("/login", data={"key": ADMIN_KEY, "next": "/"}, follow_redirects=False)
        assert r.status_code == 303
        copied = one.cookies["mm_admin"]
        ok = two.post("/api/matches", json={"game": "mvp"}, cookies={"mm_admin": copied})
        assert ok.status_code == 201
        assert one.delete("/api/admin/session").status_code == 204
        for c in (one, two):
            r = c.post("/api/matches", json={"game": "mvp"}, cookies={"mm_admin": copied})
            assert r.status_code == 401 and "logged out" in _error(r)
        # a logged-out session is no guess: the address is not throttled by it
        for _ in range(25):
            two.post("/api/matches", json={"game": "mvp"}, cookies={"mm_admin": copied})
        assert _guess(two, ADMIN_KEY).status_code == 201
    for app in apps:
        app.state.service.db.dispose()


# ---------------------------------------------------------------- a flood of unknown tokens


class _Statements:
    """Counts the token lookups the server sends its database (statements that
    select by a token or a match id; the clock's, the bot worker's and the
    change listener's polls run beside the requests and are not counted)."""

    def __init__(self, app) -> None:
        from sqlalchemy import event

        self.count = 0
        event.listen(app.state.service.db.engine, "before_cursor_execute", self._one)

    def _one(self, _conn, _cursor, statement: str, *_args) -> None:
        where = statement.partition("WHERE")[2]
        if "token" in where or "matches.id =" in where:
            self.count += 1


def test_unknown_tokens_are_refused_without_database_work(api):
    """A flood of made-up links costs no lookups past the address's budget; a
    malformed token and one just looked up in vain cost none at all; links of
    other addresses still open."""
    import secrets

    c = api.client
    made = api.create(deadlines=MANUAL)
    url = f"/api/matches/{made['match']}"
    sql = _Statements(c.app)
    frozen = time.monotonic()
    c.app.state.limits.misses.clock = lambda: frozen
    codes = [
        c.get(url, headers={"Authorization": f"Bearer {secrets.token_urlsafe(24)}"}).status_code
        for _ in range(40)
    ]
    assert codes == [403] * 30 + [429] * 10, codes
    assert sql.count >= 30  # each of the budget was looked up (the counter counts)
    for token in (secrets.token_urlsafe(24), "x" * 500, "not a token", ""):
        sql.count = 0
        r = c.get(f"/play/{token}" if token else "/play/x")
        assert r.status_code in (404, 429) and sql.count == 0, (token, r.status_code, sql.count)
        r = c.get(url, headers={"Authorization": f"Bearer {token}"} if token else {})
        assert r.status_code in (401, 403, 429) and sql.count == 0, (token, r.status_code)
    # a token looked up in vain is known to be unknown (another address, no budget spent)
    with TestClientFor(c.app, "10.0.0.20") as other:
        miss = secrets.token_urlsafe(24)
        assert other.get(f"/live/{miss}").status_code == 404
        sql.count = 0
        assert other.get(f"/live/{miss}").status_code == 404 and sql.count == 0
        # the links of the match open as before
        r = other.get(url, headers={"Authorization": f"Bearer {made['player_tokens']['dh']}"})
        assert r.status_code == 200


def TestClientFor(app, address: str):
    from fastapi.testclient import TestClient

    return TestClient(app, client=(address, 5555))


# ---------------------------------------------------------------- N4: who sees a season


def test_n4_a_discord_season_is_private_on_the_web_until_its_host_says_otherwise(api):
    c = api.client
    seasons = c.app.state.seasons
    _, token = seasons.create("org-s1", ["ana", "ben"], discord_ids={"ana": 111}, guild=42)
    _, web_token = seasons.create("web-s1", ["cy", "dee"])
    missing = {}
    for path in ("/api/seasons/{}", "/api/seasons/{}/export", "/api/seasons/{}/standings.csv",
                 "/api/seasons/{}/standings.md", "/api/seasons/{}/inputs", "/seasons/{}"):  # fmt: skip
        missing[path] = c.get(path.format("no-such"))
        r = c.get(path.format("org-s1"))
        assert (r.status_code, r.text.replace("org-s1", "X")) == (
            missing[path].status_code,
            missing[path].text.replace("no-such", "X"),
        ), path
        assert "111" not in r.text and "ana" not in r.text
        assert c.get(path.format("web-s1")).status_code == 200, path
        # the host token (header or ?token=) and the admin key read it
        for shown in (token, ADMIN_KEY):
            r = c.get(path.format("org-s1"), headers={"Authorization": f"Bearer {shown}"})
            assert r.status_code == 200, (path, r.text)
        assert c.get(path.format("org-s1") + f"?token={token}").status_code == 200
        # another season's host token does not
        r = c.get(path.format("org-s1"), headers={"Authorization": f"Bearer {web_token}"})
        assert r.status_code == 404, path
    assert c.get("/api/seasons").json() == ["web-s1"]
    assert "org-s1" not in c.get("/seasons").text
    admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
    assert c.get("/api/seasons", headers=admin).json() == ["org-s1", "web-s1"]
    page = c.get(f"/seasons/org-s1/host/{token}")
    assert page.status_code == 200 and "private" in page.text
    assert f"/api/seasons/org-s1/export?token={token}" in page.text
    # the season's choice: public, then private again
    put = {"visibility": "public"}
    r = c.put("/api/seasons/org-s1/visibility", json=put)
    assert r.status_code == 401
    r = c.put(
        "/api/seasons/org-s1/visibility", json=put, headers={"Authorization": f"Bearer {token}"}
    )
    assert r.status_code == 200 and r.json() == {"visibility": "public"}
    assert c.get("/seasons/org-s1").status_code == 200
    assert c.get("/api/seasons").json() == ["org-s1", "web-s1"]
    r = c.put(
        "/api/seasons/web-s1/visibility",
        json={"visibility": "private"},
        headers={"Authorization": f"Bearer {web_token}"},
    )
    assert r.status_code == 200 and c.get("/seasons/web-s1").status_code == 404
    r = c.put(
        "/api/seasons/web-s1/visibility",
        json={"visibility": "secret"},
        headers={"Authorization": f"Bearer {web_token}"},
    )
    assert r.status_code == 422 and "public or private" in _error(r)


# ---------------------------------------------------------------- look-alike ids

LOOKALIKES = ["d\u0570", "\u0257h", "\u1d05h", "d h", "dh\ufffc", "\u1d48h", "dh\u2006"]


@pytest.mark.parametrize("twin", LOOKALIKES, ids=lambda t: t.encode("unicode_escape").decode())
def test_lookalikes_of_an_id_outside_the_cyrillic_greek_table_are_refused(api, twin):
    """A general rule, not a list: the documented class of characters (no
    phonetic or modifier Latin letters, no non-ASCII symbol), one script per
    id, and ids the same after folding spaces are one id; each refusal names
    the id and why."""
    others = [f"p{i:02}" for i in range(3, 14)]
    body = {"game": "seat_exchange", "players": ["dh", twin, *others], "deadlines": MANUAL}
    r = api.call("POST", "/api/matches", api.admin_key, json=body)
    assert r.status_code == 422, r.text
    said = _error(r)
    assert "player id" in said and ("same to a reader" in said or "contains" in said
                                    or "scripts" in said), said  # fmt: skip


def test_names_in_any_one_script_are_still_welcome(api):
    players = ["jk", "Łukasz", "Straße", "山田ー", "Kenji明", "Дима", "Σοφία", "Zoë", "dh 2"]
    players += ["@everyone", "<@123>", "a-b_c", "x.y"]
    body = {"game": "seat_exchange", "players": players, "deadlines": MANUAL}
    r = api.call("POST", "/api/matches", api.admin_key, json=body)
    assert r.status_code == 201, r.text


# ---------------------------------------------------------------- N12: the threat model


def test_n12_the_threat_model_table_says_what_each_secret_holds(api):
    """docs/hosting.md's table: the host page holds every player's link but
    shows no pending action; the admin's list holds every link; the table
    says so."""
    import json
    from pathlib import Path

    made = api.create(deadlines=MANUAL)
    trade = {"trades": [{"players": ["sm", "p04"], "amount": 37}]}
    assert api.submit(made, "dh", trade).status_code == 200
    host = api.overview(made, made["host_token"])
    assert set(host["links"]["players"]) == set(made["player_tokens"])
    shown = json.dumps({k: v for k, v in host.items() if k != "links"})
    assert '"amount"' not in shown and host.get("submission") is None
    assert host["pending_status"]["dh"] == "submitted"
    listed = api.client.get("/api/matches", headers={"Authorization": f"Bearer {ADMIN_KEY}"})
    assert made["player_tokens"]["dh"] in listed.text
    doc = (Path(__file__).parents[2] / "docs" / "hosting.md").read_text(encoding="utf-8")
    table = doc.split("### Threat model", 1)[1].split("Every link token", 1)[0]
    assert "every player's link to hand out" in table and "no pending action" in table
    assert "no submission for a player" not in table and "a player's pending action |" not in table
