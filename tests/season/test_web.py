"""The season API and pages on a real server app (SQLite file and PostgreSQL)."""

from __future__ import annotations

import html
import json
import random
import re

from mainmatch import games
from mainmatch.engine import play_random, replay
from mainmatch.engine.record import new_record

from .conftest import ADMIN_KEY

CAST = ["a", "b", "c", "d", "e", "f", "g"]


def create(client, name="s1", **body) -> str:
    r = client.post(
        "/api/seasons", json={"name": name, "cast": CAST, **body}, headers=auth(ADMIN_KEY)
    )
    assert r.status_code == 201, r.text
    return r.json()["host_token"]


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def season(client, name="s1") -> dict:
    r = client.get(f"/api/seasons/{name}")
    assert r.status_code == 200, r.text
    return r.json()


def random_record(game_id: str, players: list[str], seed: int, garnets: dict) -> dict:
    game = games.get(game_id)
    config = game.new_config(players, seed, garnets=garnets)
    match = play_random(game, config, random.Random(seed))
    return {**new_record(game_id, config), "steps": match.record()["steps"]}


def test_creating_needs_the_admin_key_and_edits_the_host_token_or_admin_key(client):
    r = client.post("/api/seasons", json={"name": "s0", "cast": CAST})
    assert r.status_code == 401 and "admin key" in r.json()["error"]
    r = client.post("/api/seasons/import", json={"season": {}}, headers=auth("nope"))
    assert r.status_code == 401
    token = create(client)
    entry = {"entry": {"kind": "adjust", "player": "a", "garnets": 2}, "reason": "r"}
    r = client.post("/api/seasons/s1/entries", json=entry, headers=auth(ADMIN_KEY))
    assert r.status_code == 201
    r = client.post("/api/seasons/s9/entries", json=entry, headers=auth(ADMIN_KEY))
    assert r.status_code == 404
    r = client.post("/api/seasons/s1/entries", json=entry)
    assert r.status_code == 401 and "host token" in r.json()["error"]
    other = create(client, "s2")
    r = client.post("/api/seasons/s1/entries", json=entry, headers=auth(other))
    assert r.status_code == 403
    r = client.post("/api/seasons/s1/entries", json=entry, headers=auth(token))
    assert r.status_code == 201 and r.json()["number"] == 2
    assert season(client)["standings"]["players"]["a"]["garnets"] == 4
    assert season(client, "s2")["standings"]["players"]["a"]["garnets"] == 0


def test_bad_input_is_one_line_and_changes_nothing(client):
    token = create(client)
    before = season(client)
    for body, status, words in [
        ({"entry": {"kind": "transfer", "giver": "a", "receiver": "b", "garnets": 1}}, 422,
         "a holds 0 garnets and cannot give 1"),
        ({"entry": {"kind": "adjust", "player": "a", "garnets": 10**9}}, 422,
         "entry.adjust.garnets"),
        ({"entry": {"kind": "nonsense"}}, 422, "entry"),
        ({"entry": {"kind": "main_match", "players": ["a", "b"], "source": "hosted"}}, 422,
         "source manual"),
        ({"entry": {"kind": "death_match", "ec": "a", "opponent": "zz", "winner": "a"}}, 422,
         "zz is not in the season's cast"),
    ]:  # fmt: skip
        r = client.post("/api/seasons/s1/entries", json=body, headers=auth(token))
        assert r.status_code == status and words in r.json()["error"], r.text
        assert "\n" not in r.json()["error"]
    assert season(client) == before
    r = client.post("/api/seasons", json={"name": "s1", "cast": CAST}, headers=auth(ADMIN_KEY))
    assert r.status_code == 409
    r = client.post(
        "/api/seasons", json={"name": "bad name!", "cast": CAST}, headers=auth(ADMIN_KEY)
    )
    assert r.status_code == 422 and r.json()["error"].startswith("season.name")
    assert client.get("/api/seasons/nope").status_code == 404


def test_records_enter_once_and_undo_lets_them_in_again(client):
    token = create(client)
    rec = random_record("amalgamation", CAST[:6], 4, {})
    r = client.post("/api/seasons/s1/records", json={"record": rec}, headers=auth(token))
    assert r.status_code == 201, r.text
    first = r.json()["number"]
    r = client.post("/api/seasons/s1/records", json={"record": rec}, headers=auth(token))
    assert r.status_code == 422 and "already in the ledger" in r.json()["error"]
    r = client.post("/api/seasons/s1/undo", json={"entry": first + 1}, headers=auth(token))
    assert r.status_code == 409 and f"entry {first}" in r.json()["error"]
    r = client.post("/api/seasons/s1/undo", json={"entry": first}, headers=auth(token))
    assert r.status_code == 201
    r = client.post("/api/seasons/s1/records", json={"record": rec}, headers=auth(token))
    assert r.status_code == 201
    data = season(client)
    assert [e["undone_by"] for e in data["entries"]] == [2, None, None]
    assert data["standings"]["episode"] == 1


def test_hosted_match_from_the_season_enters_its_result_once(client):
    token = create(client, gamewide_tiebreak=["g", "f", "e", "d", "c", "b", "a"])
    client.post(
        "/api/seasons/s1/entries",
        json={"entry": {"kind": "adjust", "player": "b", "garnets": 3}, "reason": "bonus"},
        headers=auth(token),
    )
    # seven alive, The Amalgamation takes six: a clear error, then a chosen subset
    r = client.post("/api/seasons/s1/matches", json={"game": "amalgamation"}, headers=auth(token))
    assert r.status_code == 422
    assert r.json()["error"].startswith("The Amalgamation takes exactly 6 players, not 7 alive")
    players = CAST[:6]
    body = {"game": "amalgamation", "players": players, "bots": {p: "random" for p in players}}
    r = client.post("/api/seasons/s1/matches", json=body, headers=auth(token))
    assert r.status_code == 201, r.text
    made = r.json()
    assert client.app.state.service.wait_for_bots(60)
    rec = client.get(f"/api/matches/{made['match']}/record", headers=auth(made["host_token"]))
    rec = rec.json()
    assert rec["config"]["garnets"] == {"a": 0, "b": 3, "c": 0, "d": 0, "e": 0, "f": 0}
    assert rec["config"]["gamewide_tiebreak"] == ["f", "e", "d", "c", "b", "a"]
    data = season(client)
    # bots played it to the end at creation: entered once, by the server
    hosted = [e for e in data["entries"] if e["body"]["kind"] == "main_match"]
    assert len(hosted) == 1 and hosted[0]["body"]["source"] == "hosted"
    assert hosted[0]["author"] == "mainmatch"
    assert data["matches"] == [
        {"match": made["match"], "game": "amalgamation", "status": "over",
         "entry": hosted[0]["number"], "problem": None,
         "spectator": f"/watch/{made['spectator_token']}"}
    ]  # fmt: skip
    # its own export cannot enter a second time; nor does a second look re-enter it
    r = client.post("/api/seasons/s1/records", json={"record": rec}, headers=auth(token))
    assert r.status_code == 422 and "already in the ledger" in r.json()["error"]
    assert len(season(client)["entries"]) == len(data["entries"])
    result = client.get(f"/api/matches/{made['match']}/result", headers=auth(made["host_token"]))
    result = result.json()
    b = season(client)["standings"]["players"]["b"]
    assert b["garnets"] == 3 + result["garnets"].get("b", 0) - result["garnets_spent"].get("b", 0)


def test_hosted_match_played_by_people_enters_when_it_ends(client):
    token = create(client)
    players = CAST[:6]
    bots = {p: "random" for p in players[1:]}
    r = client.post(
        "/api/seasons/s1/matches",
        json={"game": "amalgamation", "players": players, "bots": bots},
        headers=auth(token),
    )
    made = r.json()
    assert client.app.state.service.wait_for_bots(60)
    assert season(client)["matches"][0]["status"] == "running"
    game = games.get("amalgamation")
    rng = random.Random(2)
    for _ in range(50):
        ov = client.get(f"/api/matches/{made['match']}", headers=auth(made["player_tokens"]["a"]))
        ov = ov.json()
        if ov["status"] == "over":
            break
        assert ov["request"] is not None, ov["pending"]  # bots have moved: it is a's turn
        rec = client.get(f"/api/matches/{made['match']}/record", headers=auth(made["host_token"]))
        state = replay(rec.json()).state
        action = game.random_action(state, "a", rng)
        r = client.put(
            f"/api/matches/{made['match']}/submission",
            json={"action": action, "step": ov["open_step"]},
            headers=auth(made["player_tokens"]["a"]),
        )
        assert r.status_code == 200, r.text
        assert client.app.state.service.wait_for_bots(60)
    data = season(client)
    assert data["matches"][0]["status"] == "over" and data["matches"][0]["entry"] == 1
    assert [e["body"]["kind"] for e in data["entries"]] == ["main_match"]


def test_exports_and_page(client):
    token = create(client)
    client.post(
        "/api/seasons/s1/entries",
        json={"entry": {"kind": "adjust", "player": "c", "garnets": 4}, "reason": "<b>x</b>"},
        headers=auth(token),
    )
    csv = client.get("/api/seasons/s1/standings.csv")
    assert csv.headers["content-type"].startswith("text/csv") and csv.text.startswith("player,")
    md = client.get("/api/seasons/s1/standings.md").text
    assert md.splitlines()[1] == "1. **c**: 4 💎 · 0 ToL"
    inputs = client.get("/api/seasons/s1/inputs", params={"players": "c,a"}).json()
    assert inputs == {"players": ["c", "a"], "garnets": {"c": 4, "a": 0},
                      "gamewide_tiebreak": ["a", "c"]}  # fmt: skip
    r = client.get("/api/seasons/s1/inputs", params={"players": "c,c"})
    assert r.status_code == 422 and r.json()["error"] == "a player is listed twice"
    doc = client.get("/api/seasons/s1/export").json()
    r = client.post(
        "/api/seasons/import", json={"season": doc, "name": "s1-copy"}, headers=auth(ADMIN_KEY)
    )
    assert r.status_code == 201
    assert season(client, "s1-copy")["standings"] == {
        **season(client)["standings"],
        "season": "s1-copy",
    }
    page = client.get("/seasons/s1", headers={"accept": "text/html"}).text
    assert "Standings" in page and "&lt;b&gt;x&lt;/b&gt;" in page and 'id="host"' not in page
    host = client.get(f"/seasons/s1/host/{token}", headers={"accept": "text/html"}).text
    assert 'id="host"' in host and "Undo entry 1" in host
    # the next match's inputs in words: c brings 4 garnets, third in the tiebreak
    row = re.search(
        r'<tr data-player="c"><td>(\d+)</td>.*?<td class="num">(\d+)</td>', host, re.DOTALL
    )
    assert row is not None and row.groups() == ("3", "4")
    assert "{" not in html.unescape(host.split('id="inputs"')[1].split("</section>")[0])
    bad = client.get("/seasons/s1/host/wrong", headers={"accept": "text/html"})
    assert bad.status_code == 403 and "Traceback" not in bad.text
    assert "s1-copy" in client.get("/seasons").text
    assert json.loads(client.get("/api/seasons").text) == ["s1", "s1-copy"]
