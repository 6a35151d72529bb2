"""The host's home (issue #17): every match behind the admin key, new host
links, `make run`'s demo reused, and records that keep their title and bots."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from mainmatch.engine import replay
from mainmatch.host.app import create_app
from mainmatch.host.commands import demo_lines, home_link
from mainmatch.host.db import Database
from mainmatch.host.service import HostService

#: the admin key of conftest's test servers (its ADMIN_KEY)
KEY = ADMIN_KEY = "test-admin-key-0123456789"


@pytest.fixture
def keyed(sqlite_url, monkeypatch):
    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", KEY)
    app = create_app(sqlite_url, scan_interval=0.5)
    with TestClient(app) as c:
        yield c
    app.state.service.db.dispose()


def _make(client: TestClient, title: str = "Season 3, episode 2") -> dict:
    svc = client.app.state.service
    made = svc.create_match(
        "mvp", ["r1", "r2", "r3", "g1", "g2", "g3"], bots={"g3": "random"}, title=title, seed=4
    )
    return {"match": made.match_id, "host": made.host_token, "players": made.player_tokens}


def test_the_list_needs_the_admin_key(keyed):
    made = _make(keyed)
    r = keyed.get("/api/matches")
    assert r.status_code == 401 and "admin key" in r.json()["error"]
    assert keyed.get("/api/matches", headers={"Authorization": "Bearer wrong"}).status_code == 401
    r = keyed.get("/api/matches", headers={"Authorization": f"Bearer {KEY}"})
    assert r.status_code == 200
    (m,) = r.json()["matches"]
    assert m["match"] == made["match"] and m["title"] == "Season 3, episode 2"
    assert m["status"] == "running" and m["open_step"] == 1 and m["game"] == "mvp"
    assert {s["player"]: s["bot"] for s in m["seats"]}["g3"] == "random"
    assert m["links"]["players"]["r1"] == f"/play/{made['players']['r1']}"
    assert made["host"] not in r.text, "a host token is never shown again"
    # without the key the home page shows the games and a way in, not the matches
    page = keyed.get("/")
    assert page.status_code == 200 and "Season 3" not in page.text and "admin-login" in page.text
    assert "admin-needed" in keyed.get("/new").text


def test_the_home_link_keeps_the_key_in_a_cookie(keyed):
    _make(keyed)
    r = keyed.get(f"/?key={KEY}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert "httponly" in r.headers["set-cookie"].lower()
    page = keyed.get("/")
    assert "Season 3, episode 2" in page.text and "step 1 open" in page.text
    assert keyed.get("/api/matches").status_code == 200
    assert "admin-needed" not in keyed.get("/new").text


def test_a_wrong_key_sets_nothing(keyed):
    r = keyed.post("/login", data={"key": "nope", "next": "/new"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/new?bad=1"
    assert "set-cookie" not in r.headers
    assert "not this server's admin key" in keyed.get("/new?bad=1").text
    r = keyed.post("/login", data={"key": KEY, "next": "https://evil.example/"})
    assert r.url.path == "/", "only local pages to go back to"
    assert keyed.get("/api/matches").status_code == 200


def test_a_new_host_link_replaces_the_old_one(keyed):
    made = _make(keyed)
    auth = {"Authorization": f"Bearer {KEY}"}
    assert keyed.get(f"/host/{made['host']}").status_code == 200
    assert keyed.post(f"/api/matches/{made['match']}/host-link").status_code == 401
    r = keyed.post(f"/api/matches/{made['match']}/host-link", headers=auth)
    assert r.status_code == 200
    new = r.json()["host"].rsplit("/", 1)[1]
    assert keyed.get(f"/host/{new}").status_code == 200
    assert keyed.get(f"/host/{made['host']}").status_code == 404
    assert keyed.post("/api/matches/nope/host-link", headers=auth).status_code == 404


def test_the_open_mode_lists_for_everyone(sqlite_url):
    app = create_app(sqlite_url, scan_interval=0.5, admin_key=None)
    with TestClient(app) as client:
        svc = client.app.state.service
        svc.create_match("mvp", ["r1", "r2", "r3", "g1", "g2", "g3"], title="Open one")
        assert "Open one" in client.get("/").text and "open mode" in client.get("/").text
        assert client.get("/api/matches").json()["matches"][0]["title"] == "Open one"
        assert "admin-needed" not in client.get("/new").text
    app.state.service.db.dispose()


def test_an_export_keeps_title_and_bots_and_an_import_restores_them(api):
    made = api.create("mvp", title="Finals", bots={"eli": "random", "fin": "strategy"})
    rec = api.record(made)
    assert rec["mainmatch_host"] == {
        "title": "Finals",
        "bots": {"eli": "random", "fin": "strategy"},
    }
    replay(rec)  # still a valid record for any implementation (extra keys are ignored)
    r = api.call("POST", "/api/matches/import", ADMIN_KEY, json={"record": rec})
    assert r.status_code == 201, r.text
    again = r.json()
    ov = api.overview(again, again["host_token"])
    assert ov["title"] == "Finals"
    assert {s["player"]: s["bot"] for s in ov["seats"]} == {
        "ada": None,
        "bo": None,
        "cy": None,
        "dot": None,
        "eli": "random",
        "fin": "strategy",
    }
    # what the importer says wins over what the record kept
    r = api.call(
        "POST", "/api/matches/import", ADMIN_KEY, json={"record": rec, "title": "Copy", "bots": {}}
    )
    assert api.overview(r.json(), r.json()["host_token"])["title"] == "Copy"


def test_make_run_reuses_its_demo(tmp_path, monkeypatch):
    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", KEY)
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    db = Database(url)
    db.migrate()
    svc = HostService(db)
    first = demo_lines(svc, "mvp", "http://h")
    second = demo_lines(svc, "mvp", "http://h")
    play = [next(x for x in out if "To play as" in x).split()[-1] for out in (first, second)]
    assert play[0] == play[1], "the same demo match"
    assert "from an earlier start is still running" in second[0]
    with db.read() as s:
        from sqlalchemy import func, select

        from mainmatch.host.models import MatchRow

        assert s.scalar(select(func.count()).select_from(MatchRow)) == 1
    host = next(x for x in second if "To host it" in x).split()[-1]
    assert svc.access_of(host.rsplit("/", 1)[1]).role == "host"
    assert home_link("http://h", KEY) == f"http://h/?key={KEY}"
    db.dispose()
