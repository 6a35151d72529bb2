"""Issue #26: the second attack's findings on the host server (M1 to M4, L1 to
L5), each replayed black-box against a real server on a real SQLite file
(PostgreSQL too where the fixture is ``db_url`` and ``make test`` runs)."""

from __future__ import annotations

import json
import os
import stat
import threading
import time

import httpx
import pytest
from fastapi.testclient import TestClient

from mainmatch.host import api as api_module
from mainmatch.host.app import create_app
from mainmatch.testing.browser import serve_process, served

from .conftest import ADMIN_KEY

MANUAL = {"trades": "manual", "choose_ec": "manual"}


def _error(r) -> str:
    body = r.json()
    assert list(body) == ["error"] and "\n" not in body["error"], body
    return body["error"]


# ---------------------------------------------------------------- M1: keep-alives


def test_m1_keep_alives_keep_their_schedule_whatever_the_players_do(sqlite_url, monkeypatch):
    """A spectator's stream gets its keep-alives every period from its start,
    whenever players submit (before the fix each submission restarted the
    period, so the keep-alives told the spectator when it came)."""
    period = 1.0
    monkeypatch.setattr(api_module, "STREAM_POLL", period)
    app = create_app(sqlite_url, scan_interval=0.2, admin_key=ADMIN_KEY)
    with served(app) as base, httpx.Client(base_url=base, timeout=20) as http:
        made = http.post(
            "/api/matches",
            headers={"Authorization": f"Bearer {ADMIN_KEY}"},
            json={"game": "seat_exchange", "deadlines": MANUAL},
        ).json()
        beats: list[float] = []
        opened = threading.Event()
        start = [0.0]

        def watch() -> None:
            url = f"/api/matches/{made['match']}/stream?token={made['spectator_token']}"
            with http.stream("GET", url) as r:
                start[0] = time.monotonic()
                opened.set()
                for line in r.iter_lines():
                    if line.startswith(": keep-alive"):
                        beats.append(time.monotonic() - start[0])
                        if len(beats) == 3:
                            return

        reader = threading.Thread(target=watch, daemon=True)
        reader.start()
        assert opened.wait(10)
        for player, at in (("jk", 0.5), ("dh", 1.6)):
            time.sleep(max(0.0, start[0] + at - time.monotonic()))
            r = http.put(
                f"/api/matches/{made['match']}/submission",
                headers={"Authorization": f"Bearer {made['player_tokens'][player]}"},
                json={"action": {"trades": []}, "step": 1},
            )
            assert r.status_code == 200, r.text
        reader.join(10)
    assert len(beats) == 3, beats
    # before the fix each beat came a period after the last wake-up: 1.5 s or later
    for n, beat in enumerate(beats, 1):
        assert abs(beat - n * period) < 0.3, beats


# ---------------------------------------------------------------- M2, L5: player ids

#: invisible or blank characters of the attack (and their kin): variation
#: selectors, Hangul fillers, the combining grapheme joiner, the braille blank,
#: tags, the soft hyphen, the Mongolian vowel separator
INVISIBLE = [
    "\ufe0f",
    "\u3164",
    "\u034f",
    "\u2800",
    "\U000e0100",
    "\u115f",
    "\u1160",
    "\uffa0",
    "\u00ad",
    "\u180e",
    "\U000e0041",
    "\u17b4",
    "\U0001d17a",
]
OTHERS = [f"p{i:02}" for i in range(3, 14)]


def _with_players(api, players: list[str]):
    body = {"game": "seat_exchange", "players": players, "deadlines": MANUAL}
    return api.call("POST", "/api/matches", api.admin_key, json=body)


def _players_refused(api, players: list[str]) -> str:
    r = _with_players(api, players)
    assert r.status_code == 422, r.text
    return _error(r)


@pytest.mark.parametrize("ch", INVISIBLE, ids=lambda c: f"U+{ord(c[-1]):04X}")
def test_m2_an_invisible_character_in_a_player_id_is_refused(api, ch):
    assert "player id" in _players_refused(api, ["jk", "jk" + ch, *OTHERS])
    assert "player id" in _players_refused(api, ["jk", ch * 3, *OTHERS])
    assert "player id" in _players_refused(api, ["jk", ch + "dh", *OTHERS])


@pytest.mark.parametrize(
    "twin",
    ["JK", "ｊｋ", "\u0458k", "j\u043a", "\u0408K", "j\u03ba"],
    ids=["case", "fullwidth", "cyrillic-je", "cyrillic-ka", "cyrillic-upper", "greek-kappa"],
)
def test_m2_two_ids_that_look_the_same_are_refused_as_a_pair(api, twin):
    assert "same to a reader" in _players_refused(api, ["jk", twin, *OTHERS])


def test_m2_distinct_ids_in_any_script_are_still_welcome(api):
    players = [
        "jk",
        "Ana",
        "Zoë",
        "Ólafur",
        "明",
        "Дима",
        "Σοφία",
        "dh 2",
        "x.y",
        "a-b_c",
        *OTHERS[:3],
    ]
    r = _with_players(api, players)
    assert r.status_code == 201, r.text
    assert set(r.json()["player_tokens"]) == set(players)


def test_m2_an_imported_record_with_an_invisible_id_is_refused(api):
    made = api.create(deadlines=MANUAL)
    record = api.record(made)
    record["config"] = {**record["config"]}
    old = record["config"]["players"][1]
    new = old + "\u3164"
    text = json.dumps(record).replace(json.dumps(old), json.dumps(new))
    r = api.call("POST", "/api/matches/import", api.admin_key, json={"record": json.loads(text)})
    assert r.status_code == 422, r.text
    assert "player id" in _error(r)


@pytest.mark.parametrize("pid", [".", "..", "a%2Fb", "50%", "a?b", "a#b", "a/b", "a\\b"])
def test_l5_ids_that_a_seat_url_cannot_carry_are_refused(api, pid):
    message = _players_refused(api, ["jk", pid, *OTHERS])
    assert "player id" in message and ("URL" in message or "contains" in message)


# ---------------------------------------------------------------- L4: file modes


def test_l4_the_sqlite_database_and_its_key_file_are_the_owners_only(tmp_path, monkeypatch):
    monkeypatch.delenv("MAINMATCH_ADMIN_KEY", raising=False)
    old = os.umask(0o022)  # the usual umask, under which files were made 0644
    try:
        path = tmp_path / "games.db"
        app = create_app(f"sqlite:///{path}", scan_interval=0.2)
        with TestClient(app) as c:
            made = c.post(
                "/api/matches",
                headers={"Authorization": f"Bearer {app.state.admin_key}"},
                json={"game": "seat_exchange"},
            )
            assert made.status_code == 201
        app.state.service.db.dispose()
    finally:
        os.umask(old)
    files = [p for p in tmp_path.iterdir() if p.name.startswith("games.db")]
    assert {p.name for p in files} >= {"games.db", "games.db.admin-key"}
    for p in files:
        assert stat.S_IMODE(p.stat().st_mode) & 0o077 == 0, (p.name, oct(p.stat().st_mode))


# ---------------------------------------------------------------- M3, M4: new links


def _refused_within(client: TestClient, path: str, token: str, limit: float = 1.0) -> float:
    """Seconds until ``token`` is refused on ``client``'s server (fails after ``limit``)."""
    start = time.monotonic()
    while True:
        r = client.get(path, headers={"Authorization": f"Bearer {token}"})
        if r.status_code in (401, 403, 404):
            return time.monotonic() - start
        assert r.status_code == 200, r.text
        assert time.monotonic() - start < limit, f"{token[:6]}… still works after {limit} s"
        time.sleep(0.02)


def test_m3_the_host_issues_a_new_player_link_and_the_old_one_stops(api):
    made = api.create(deadlines=MANUAL)
    old = made["player_tokens"]["dh"]
    assert api.submit(made, "dh", {"trades": []}).status_code == 200
    path = f"/api/matches/{made['match']}/players/dh/link"
    # only the match's host link may: not the player, not a spectator, not another match's host
    other = api.create(deadlines=MANUAL)
    for token in (old, made["spectator_token"], other["host_token"], None):
        r = api.call("POST", path, token)
        assert r.status_code in (401, 403), r.text
    r = api.call("POST", f"/api/matches/{made['match']}/players/nobody/link", made["host_token"])
    assert r.status_code == 404 and "nobody" in _error(r)
    r = api.call("POST", path, made["host_token"])
    assert r.status_code == 200, r.text
    new = r.json()["token"]
    assert new != old and r.json()["link"].endswith(f"/play/{new}") and r.json()["player"] == "dh"
    # at once on this server: the old link opens nothing, the new one is dh's seat
    assert api.call("GET", f"/api/matches/{made['match']}", old).status_code == 403
    assert api.client.get(f"/play/{old}").status_code == 404
    ov = api.overview(made, new)
    assert ov["you"] == "dh" and ov["submission"]["action"] == {"trades": []}
    assert api.overview(made, made["host_token"])["links"]["players"]["dh"] == new
    r = api.call(
        "PUT",
        f"/api/matches/{made['match']}/submission",
        old,
        json={"action": {"trades": []}, "step": 1},
    )
    assert r.status_code == 403


def test_m3_the_host_page_has_a_new_link_button_for_each_seat(api):
    made = api.create(deadlines=MANUAL)
    html = api.client.get(f"/host/{made['host_token']}").text
    assert html.count('class="small secondary new-link"') == 13
    assert 'data-player="dh"' in html


@pytest.mark.parametrize("role", ["host", "player"])
def test_m4_a_reissued_link_stops_on_every_server_within_a_second(db_url, monkeypatch, role):
    """Two servers on one database: a link reissued on one stops working on the
    other within 1 s, even though the other had just used it."""
    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", ADMIN_KEY)
    first, second = create_app(db_url, scan_interval=0.2), create_app(db_url, scan_interval=0.2)
    admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
    with TestClient(first) as a, TestClient(second) as b:
        made = a.post("/api/matches", headers=admin, json={"game": "seat_exchange"}).json()
        match = f"/api/matches/{made['match']}"
        old = made["host_token"] if role == "host" else made["player_tokens"]["dh"]
        for c in (a, b):  # both servers know the link
            assert c.get(match, headers={"Authorization": f"Bearer {old}"}).status_code == 200
        if role == "host":
            r = a.post(f"{match}/host-link", headers=admin)
            new = r.json()["host"].rsplit("/", 1)[1]
        else:
            r = a.post(f"{match}/players/dh/link", headers={"Authorization": f"Bearer {old}"})
            assert r.status_code == 403  # a player cannot reissue their own link
            r = a.post(
                f"{match}/players/dh/link",
                headers={"Authorization": f"Bearer {made['host_token']}"},
            )
            new = r.json()["token"]
        assert r.status_code == 200, r.text
        # the issuing server: at once (the very next request)
        assert a.get(match, headers={"Authorization": f"Bearer {old}"}).status_code == 403
        assert _refused_within(b, match, old) < 1.0
        for c in (a, b):
            assert c.get(match, headers={"Authorization": f"Bearer {new}"}).status_code == 200
    for app in (first, second):
        app.state.service.db.dispose()


# ---------------------------------------------------------------- L1: the login cookie


def _cookie_attrs(header: str) -> dict[str, str]:
    parts = [p.strip() for p in header.split(";")]
    name, _, value = parts[0].partition("=")
    attrs = {"name": name, "value": value}
    for p in parts[1:]:
        k, _, v = p.partition("=")
        attrs[k.lower()] = v
    return attrs


@pytest.mark.parametrize("how", ["home-link", "login-form", "api"])
def test_l1_the_login_cookie_is_strict_short_lived_and_not_the_key(api, how):
    c = api.client
    if how == "home-link":
        r = c.get(f"/?key={ADMIN_KEY}", follow_redirects=False)
    elif how == "login-form":
        r = c.post("/login", data={"key": ADMIN_KEY, "next": "/"}, follow_redirects=False)
    else:
        r = c.post("/api/admin/session", headers={"Authorization": f"Bearer {ADMIN_KEY}"})
    cookie = _cookie_attrs(r.headers["set-cookie"])
    assert cookie["name"] == "mm_admin"
    assert cookie["samesite"].lower() == "strict" and "httponly" in cookie
    assert 0 < int(cookie["max-age"]) <= 30 * 86400
    value = cookie["value"].strip('"')
    assert ADMIN_KEY not in value and value
    # the cookie lets this browser create matches
    assert c.post("/api/matches", json={"game": "mvp"}).status_code == 201
    c.cookies.clear()
    # the key itself, a tampered value or a stranger's value are not a session
    parts = value.split(".")
    forged = [ADMIN_KEY, "x", ".".join([str(int(parts[0]) + 1), *parts[1:]]), value[:-2] + "00"]
    for bad in forged:
        r = c.post("/api/matches", json={"game": "mvp"}, cookies={"mm_admin": bad})
        assert r.status_code == 401, bad
        assert "admin-login" in c.get("/", cookies={"mm_admin": bad}).text


def test_l1_an_expired_session_is_refused(api, monkeypatch):
    from mainmatch.host import admin

    c = api.client
    r = c.post("/api/admin/session", headers={"Authorization": f"Bearer {ADMIN_KEY}"})
    value = _cookie_attrs(r.headers["set-cookie"])["value"].strip('"')
    c.cookies.clear()
    now = time.time()
    monkeypatch.setattr(admin.time, "time", lambda: now + admin.SESSION_SECONDS + 5)
    r = c.post("/api/matches", json={"game": "mvp"}, cookies={"mm_admin": value})
    assert r.status_code == 401 and "log in again" in _error(r)


# ---------------------------------------------------------------- L3: access log


def test_l3_the_access_log_holds_no_key_and_no_token(tmp_path):
    """``mainmatch serve --access-log`` as a real process: every secret a URL
    carries (the admin key, link tokens, ``?token=``) is logged redacted."""
    log_path = tmp_path / "server.log"
    env = {**os.environ, "MAINMATCH_ADMIN_KEY": ADMIN_KEY}
    args = ["--access-log", "--db", str(tmp_path / "m.db")]
    with serve_process(args, log_path, env) as base:
        admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
        made = httpx.post(f"{base}/api/matches", headers=admin, json={"game": "mvp"}).json()
        token = next(iter(made["player_tokens"].values()))
        for url in (
            f"/?key={ADMIN_KEY}",
            f"/?x=1&key={ADMIN_KEY}&y=2",
            f"/play/{token}",
            f"/host/{made['host_token']}",
            f"/watch/{made['spectator_token']}",
            f"/live/{token}",
            f"/api/matches/{made['match']}?token={token}",
            f"/seasons/s1/host/{made['host_token']}",
        ):
            httpx.get(base + url, follow_redirects=False)
        time.sleep(0.5)
    # the access log's lines (the start-up banner shows the operator the key, on purpose)
    lines = [x for x in log_path.read_text().splitlines() if ' - "' in x]
    assert len(lines) >= 10 and any('"GET /play/' in x for x in lines), lines
    for secret in (ADMIN_KEY, token, made["host_token"], made["spectator_token"]):
        assert not [x for x in lines if secret in x], secret


# ---------------------------------------------------------------- L2: rate limits


def _guess(c: TestClient, key: str):
    return c.post("/api/matches", json={"game": "mvp"}, headers={"Authorization": f"Bearer {key}"})


def _is_429(r) -> int:
    assert r.status_code == 429, r.text
    assert "try again in" in _error(r)
    wait = int(r.headers["retry-after"])
    assert wait >= 1
    return wait


def test_l2_admin_key_guesses_are_limited_per_address(api):
    c = api.client
    made = api.create(deadlines=MANUAL)
    frozen = time.monotonic()
    guesses = c.app.state.limits.guesses
    guesses.clock = lambda: frozen  # the guesses come faster than the refill
    codes = [_guess(c, f"guess-{i:04d}-xxxxxxxx").status_code for i in range(40)]
    assert codes[:20] == [401] * 20 and set(codes[20:]) == {429}, codes
    # no more checking: the right key too gets 429 (a guesser learns nothing)
    _is_429(_guess(c, ADMIN_KEY))
    r = c.post("/login", data={"key": ADMIN_KEY, "next": "/"}, headers={"accept": "text/html"})
    assert r.status_code == 429 and "text/html" in r.headers["content-type"]
    assert "admin-login" in c.get("/", headers={"Authorization": f"Bearer {ADMIN_KEY}"}).text
    # another address is not held up
    with TestClient(c.app, client=("10.0.0.7", 5555)) as other:
        assert _guess(other, ADMIN_KEY).status_code == 201
    # the links need no key and are not held up either
    assert api.overview(made, made["spectator_token"])["game"]["id"] == "seat_exchange"
    # time heals: a token every 2 s
    guesses.clock = lambda: frozen + 2.5
    assert _guess(c, ADMIN_KEY).status_code == 201


def test_l2_wrong_login_forms_and_forged_cookies_count_as_guesses(api):
    c = api.client
    frozen = time.monotonic()
    c.app.state.limits.guesses.clock = lambda: frozen
    for _ in range(20):
        r = c.post("/login", data={"key": "wrong-wrong-wrong", "next": "/"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/?bad=1"
    r = c.post("/login", data={"key": ADMIN_KEY, "next": "/"}, follow_redirects=False)
    assert r.status_code == 429 and "set-cookie" not in r.headers
    with TestClient(c.app, client=("10.0.0.8", 5555)) as other:
        for i in range(20):
            r = other.post("/api/matches", json={"game": "mvp"}, cookies={"mm_admin": f"1.x.{i}"})
            assert r.status_code == 401
        _is_429(other.post("/api/matches", json={"game": "mvp"}, cookies={"mm_admin": "1.x.y"}))


def test_l2_season_token_guesses_are_limited(api):
    c = api.client
    admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
    r = c.post("/api/seasons", headers=admin, json={"name": "s1", "cast": ["ana", "bo", "cy"]})
    assert r.status_code == 201, r.text
    frozen = time.monotonic()
    c.app.state.limits.guesses.clock = lambda: frozen
    entry = {"kind": "adjust", "player": "ana", "garnets": 50}
    codes = [
        c.post(
            "/api/seasons/s1/entries",
            json={"body": entry},
            headers={"Authorization": f"Bearer guess-{i:04d}"},
        ).status_code
        for i in range(25)
    ]
    assert codes[:20] == [403] * 20 and set(codes[20:]) == {429}, codes
    _is_429(c.get("/seasons/s1/host/guess-9999", headers={"accept": "application/json"}))


def test_l2_a_seat_that_floods_submissions_is_held_back_alone(api):
    made = api.create(deadlines=MANUAL)
    now = [time.monotonic()]
    api.client.app.state.limits.seats.buckets.clock = lambda: now[0]  # a flood: no time passes
    codes = [api.submit(made, "dh", {"trades": []}, step=1).status_code for _ in range(30)]
    # the first submission for a step is play, free; the 20 changes after it are the burst
    assert codes == [200] * 21 + [429] * 9, codes
    r = api.submit(made, "dh", {"trades": []}, step=1)
    _is_429(r)
    r = api.call(
        "DELETE", f"/api/matches/{made['match']}/submission?step=1", made["player_tokens"]["dh"]
    )
    assert r.status_code == 429
    # another seat of the same match is not held back
    assert api.submit(made, "sm", {"trades": []}, step=1).status_code == 200
    now[0] += 0.25  # five a second
    assert api.submit(made, "dh", {"trades": []}, step=1).status_code == 200
    assert api.submit(made, "dh", {"trades": []}, step=1).status_code == 429
    now[0] += 1.0
    assert api.submit(made, "dh", {"trades": []}, step=1).status_code == 200


@pytest.mark.parametrize("weak", ["a", "short-key", "aaaaaaaaaaaaaaaaaaaa", "1212121212121212"])
def test_l2_a_weak_admin_key_is_refused_with_one_line(tmp_path, monkeypatch, weak):
    from typer.testing import CliRunner

    from mainmatch.engine.errors import MainmatchError
    from mainmatch.host.__main__ import app as cli

    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", weak)
    url = f"sqlite:///{tmp_path / 'm.db'}"
    with pytest.raises(MainmatchError, match="too weak"):
        create_app(url)
    monkeypatch.delenv("MAINMATCH_ADMIN_KEY")
    with pytest.raises(MainmatchError, match="too weak"):
        create_app(url, admin_key=weak)
    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", weak)
    result = CliRunner().invoke(cli, ["serve", "--db", url, "--port", "1"])
    assert result.exit_code == 2
    err = result.stderr if hasattr(result, "stderr") else result.output
    assert err.startswith("error: the admin key in $MAINMATCH_ADMIN_KEY is too weak")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("role", ["host", "player"])
def test_m4_a_live_stream_of_a_reissued_link_ends(sqlite_url, role):
    """The old link's open live stream ends too (it would go on telling the
    host's revisions: when each player submits)."""
    app = create_app(sqlite_url, scan_interval=0.2, admin_key=ADMIN_KEY)
    admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
    with served(app) as base, httpx.Client(base_url=base, timeout=20) as http:
        made = http.post("/api/matches", headers=admin, json={"game": "seat_exchange"}).json()
        match = f"/api/matches/{made['match']}"
        old = made["host_token"] if role == "host" else made["player_tokens"]["dh"]
        ended = threading.Event()
        opened = threading.Event()

        def watch() -> None:
            with http.stream("GET", f"{match}/stream?token={old}") as r:
                assert r.status_code == 200
                opened.set()
                for _ in r.iter_lines():
                    pass
            ended.set()

        threading.Thread(target=watch, daemon=True).start()
        assert opened.wait(10)
        time.sleep(0.3)
        if role == "host":
            r = http.post(f"{match}/host-link", headers=admin)
        else:
            host = {"Authorization": f"Bearer {made['host_token']}"}
            r = http.post(f"{match}/players/dh/link", headers=host)
        assert r.status_code == 200, r.text
        assert ended.wait(2.0), "the old link's stream is still open"


@pytest.mark.browser
def test_m3_new_link_on_the_host_page_in_a_browser(sqlite_url):
    """The host presses "New link" beside dh's seat (Chromium): the page shows
    the new link at once and dh's old page no longer opens."""
    from mainmatch.testing.browser import chromium, until

    app = create_app(sqlite_url, scan_interval=0.2, admin_key=ADMIN_KEY)
    with served(app) as base, chromium() as browser:
        made = httpx.post(
            f"{base}/api/matches",
            headers={"Authorization": f"Bearer {ADMIN_KEY}"},
            json={"game": "seat_exchange", "deadlines": MANUAL},
        ).json()
        old = made["player_tokens"]["dh"]
        errors: list[str] = []
        page = browser.new_context().new_page()
        page.set_default_timeout(30_000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("dialog", lambda d: d.accept())
        page.goto(f"{base}/host/{made['host_token']}")
        row = page.locator('#seats-table tr[data-player="dh"]')
        assert row.locator(".player-link").input_value().endswith(f"/play/{old}")
        row.locator("button.new-link").click()
        until(
            page,
            f"!document.querySelector('#seats-table tr[data-player=\"dh\"] .player-link')"
            f".value.endsWith({json.dumps(old)})",
        )
        new = row.locator(".player-link").input_value().rsplit("/", 1)[1]
        assert httpx.get(f"{base}/play/{old}").status_code == 404
        assert httpx.get(f"{base}/play/{new}").status_code == 200
        assert errors == []


def test_l2_requests_at_once_cannot_share_one_token(api):
    """Eight clients flood one seat at once: no more than the burst gets through
    (each request takes its token before the work)."""
    from concurrent.futures import ThreadPoolExecutor

    made = api.create(deadlines=MANUAL)
    now = time.monotonic()
    api.client.app.state.limits.seats.buckets.clock = lambda: now
    url = f"/api/matches/{made['match']}/submission"
    auth = {"Authorization": f"Bearer {made['player_tokens']['dh']}"}

    def one(_: int) -> int:
        body = {"action": {"trades": []}, "step": 1}
        return api.client.put(url, headers=auth, json=body).status_code

    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(one, range(64)))
    assert codes.count(200) == 21 and codes.count(429) == 43, codes
