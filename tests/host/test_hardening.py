"""Issue #18: each finding of the attack on the server, replayed black-box
through the API of a real server on a real SQLite file (PostgreSQL too under
``make test``). The bot findings (9 to 11) are in ``test_host_bots.py``."""

from __future__ import annotations

import json
import re
import threading

import pytest

from mainmatch.host.db import Database

MANUAL = {"trades": "manual", "choose_ec": "manual"}
PING = re.compile(r"@(everyone|here)|<@[!&]?\d|<#\d")


def _create(api, status: int = 201, **body):
    r = api.call("POST", "/api/matches", api.admin_key, json={"game": "seat_exchange", **body})
    assert r.status_code == status, r.text
    return r.json()


def _raw(api, method: str, path: str, token: str, body: dict):
    """A JSON body sent as ASCII with ``\\uXXXX`` escapes (lone surrogates included)."""
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    return api.client.request(method, path, content=json.dumps(body), headers=headers)


def _error(r) -> str:
    body = r.json()
    assert list(body) == ["error"] and "\n" not in body["error"], body
    return body["error"]


# ---------------------------------------------------------------- 1: invalid Unicode


@pytest.mark.parametrize(
    "body",
    [
        {"title": "\ud800"},
        {"players": ["\ud800"] + [f"p{i}" for i in range(12)]},
        {"options": {"garnets": {"\udfff": 1}}},
        {"deadlines": {"\ud800": "manual"}},
    ],
)
def test_1_a_lone_surrogate_is_a_clear_422_not_a_500(api, body):
    r = _raw(api, "POST", "/api/matches", api.admin_key, {"game": "seat_exchange", **body})
    assert r.status_code == 422, r.text
    assert "Unicode" in _error(r) or "player id" in _error(r) or "no step kind" in _error(r)


def test_1_a_lone_surrogate_in_an_action_or_a_record_is_refused(api):
    made = _create(api, deadlines=MANUAL)
    action = {"trades": [{"players": ["dh", "\ud800"], "amount": 1}]}
    r = _raw(
        api,
        "PUT",
        f"/api/matches/{made['match']}/submission",
        made["player_tokens"]["jk"],
        {"action": action, "step": 1},
    )
    assert r.status_code == 422 and "not valid Unicode" in _error(r)
    rec = api.record(made)
    rec["config"]["players"][0] = "\ud800"
    r = _raw(api, "POST", "/api/matches/import", api.admin_key, {"record": rec})
    assert r.status_code == 422 and "Unicode" in _error(r)


# ---------------------------------------------------------------- 2: body size, echoes


def test_2_a_body_over_1_mb_is_refused_before_it_is_read(api):
    r = api.call(
        "POST", "/api/matches", api.admin_key, json={"game": "mvp", "title": "x" * 1_100_000}
    )
    assert r.status_code == 413 and "at most 1,000,000 bytes" in _error(r)
    # a record may be larger (MAINMATCH_MAX_RECORD_BYTES): not refused for its size
    made = _create(api, deadlines=MANUAL)
    rec = {**api.record(made), "notes": "n" * 1_500_000}  # extra keys are accepted (E1)
    r = api.call("POST", "/api/matches/import", api.admin_key, json={"record": rec})
    assert r.status_code == 201, r.text[:200]


@pytest.mark.parametrize(
    "body",
    [
        {"options": {"k" * 200_000: 1}},
        {"players": ["p" * 200_000] + [f"p{i}" for i in range(12)]},
        {"bots": {"b" * 200_000: "random"}},
        {"game": "g" * 200_000},
    ],
)
def test_2_errors_do_not_echo_a_huge_value(api, body):
    r = api.call("POST", "/api/matches", api.admin_key, json={"game": "seat_exchange", **body})
    assert r.status_code == 422 and len(r.content) < 600, r.content[:300]


# ---------------------------------------------------------------- 3: bounds


@pytest.mark.parametrize(
    "game, options",
    [
        ("seat_exchange", {"garnets": {"jk": 10**400}}),
        ("homeostasis", {"chips": 10**30}),
        ("amalgamation", {"garnet_rate_submissions": [10] * 100_000}),
        ("homeostasis", {"chips": 1.5e300}),
    ],
)
def test_3_host_inputs_have_bounds(api, game, options):
    r = api.call("POST", "/api/matches", api.admin_key, json={"game": game, "options": options})
    assert r.status_code == 422, r.text[:200]
    assert re.search(r"at most 1000 entries|between -1000000 and 1000000", _error(r))


def test_3_action_numbers_have_bounds(api):
    made = _create(api, deadlines=MANUAL)
    r = api.submit(made, "jk", {"trades": [{"players": ["dh", "sm"], "amount": 10**30}]})
    assert r.status_code == 422 and "between -1000000 and 1000000" in _error(r)


# ---------------------------------------------------------------- 4: player ids

PLAYERS = [f"p{i:02d}" for i in range(12)]


@pytest.mark.parametrize(
    "bad, why",
    [
        ("a/b", "contains '/'"),
        ("a\u200b", "U+200B"),
        ("a\x07", "U+0007"),
        ("x" * 33, "1 to 32 characters"),
    ],
)
def test_4_player_ids_are_a_safe_set(api, bad, why):
    r = api.call(
        "POST",
        "/api/matches",
        api.admin_key,
        json={"game": "seat_exchange", "players": [bad, *PLAYERS]},
    )
    assert r.status_code == 422 and why in _error(r)


def test_4_ids_are_normalised_and_unique_after_normalisation(api):
    r = api.call(
        "POST",
        "/api/matches",
        api.admin_key,
        json={"game": "seat_exchange", "players": ["Jk", "ｊｋ", *PLAYERS[1:]]},
    )
    assert r.status_code == 422 and "are the same to a reader" in _error(r)
    made = _create(api, players=[" e\u0301 ", *PLAYERS], deadlines=MANUAL)
    assert "\u00e9" in made["player_tokens"], "stripped and in NFC"
    # every seat can be given to a bot by its route
    r = api.host("PUT", made, "/seats/%C3%A9", {"bot": "random"})
    assert r.status_code == 200 and r.json()["player"] == "\u00e9"


# ---------------------------------------------------------------- 5: Discord posts


def test_5_user_text_in_discord_posts_cannot_ping_or_format(api):
    ids = ["@everyone", "<@123>", "**b**", "@here", *PLAYERS[:9]]
    made = _create(api, players=ids, title="@here <@&5> **big**", deadlines=MANUAL)
    api.submit(made, "@everyone", {"trades": [{"players": ["<@123>", "**b**"], "amount": 5}]})
    assert api.host("POST", made, "/resolve").status_code == 200
    ov = api.overview(made, made["host_token"])
    posts = [a["post"] for a in ov["announcements"]]
    posts += [dm for a in ov["announcements"] for dm in a.get("dms", {}).values()]
    assert len(posts) >= 3
    for post in posts:
        assert not PING.search(post), post
    assert "\\*\\*big\\*\\*" in posts[0] and "\\*\\*b\\*\\*" in posts[0]


def test_5_item_texts_cannot_ping(api):
    from mainmatch import games

    auctions = games.get("second_to_won").new_config(
        list(games.get("second_to_won").default_players), 1
    )["auctions"]
    auctions[1][0]["text"] = "@everyone gets +15 <@42>"  # shown when auction 2 opens
    r = api.call(
        "POST",
        "/api/matches",
        api.admin_key,
        json={"game": "second_to_won", "options": {"auctions": auctions}, "seed": 1},
    )
    assert r.status_code == 201, r.text
    made = r.json()
    assert api.host("POST", made, "/resolve").status_code == 200
    ov = api.overview(made, made["host_token"])
    text = json.dumps([a["post"] for a in ov["announcements"]], ensure_ascii=False)
    assert "everyone gets" in text and not PING.search(text)


# ---------------------------------------------------------------- 6: step required


def test_6_submit_withdraw_and_resolve_name_the_open_step(api):
    made = _create(api, deadlines=MANUAL, early_resolution=False)
    path = f"/api/matches/{made['match']}"
    jk = made["player_tokens"]["jk"]
    r = api.call("PUT", f"{path}/submission", jk, json={"action": {}})
    assert r.status_code == 422 and _error(r) == "step: required field is missing"
    assert api.call("DELETE", f"{path}/submission", jk).status_code == 422
    assert api.call("POST", f"{path}/resolve", made["host_token"]).status_code == 422
    assert api.submit(made, "jk", {}, step=1).status_code == 200
    assert api.host("POST", made, "/resolve", {"step": 1}).status_code == 200
    r = api.submit(made, "jk", {}, step=1)
    assert r.status_code == 409 and _error(r) == "step 1 is already resolved; the open step is 2"
    r = api.host("POST", made, "/resolve", {"step": 1})
    assert r.status_code == 409 and "the open step is 2" in _error(r)
    r = api.call("DELETE", f"{path}/submission?step=3", jk)
    assert r.status_code == 409 and _error(r) == "step 3 is not open yet; the open step is 2"


def test_6_submissions_racing_a_resolution_never_land_in_the_next_step(api):
    made = _create(api, deadlines=MANUAL, early_resolution=False)
    players = list(made["player_tokens"])
    codes: list[int] = []

    def send(p: str) -> None:
        codes.append(api.submit(made, p, {}, step=1).status_code)

    threads = [threading.Thread(target=send, args=(p,)) for p in players]
    threads.append(threading.Thread(target=lambda: api.host("POST", made, "/resolve", {"step": 1})))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(codes) <= {200, 409}
    for p in players:
        ov = api.overview(made, made["player_tokens"][p])
        assert ov["open_step"] == 2 and ov["submission"] is None, "nothing landed in step 2"


# ---------------------------------------------------------------- 7: durability


def test_7_sqlite_commits_are_fsynced(sqlite_url):
    db = Database(sqlite_url)
    db.migrate()
    with db.read() as s:
        assert s.connection().exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert s.connection().exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    db.dispose()


# ---------------------------------------------------------------- 12: revisions


def test_12_a_submission_changes_only_the_hosts_revision(api):
    made = _create(api, deadlines=MANUAL, early_resolution=False)
    before = {
        who: api.overview(made, token)["revision"]
        for who, token in [
            ("spectator", made["spectator_token"]),
            ("dh", made["player_tokens"]["dh"]),
        ]
    }
    host_before = api.overview(made, made["host_token"])["revision"]
    api.submit(made, "jk", {})
    r = api.call(
        "DELETE", f"/api/matches/{made['match']}/submission?step=1", made["player_tokens"]["jk"]
    )
    assert r.status_code == 200
    api.submit(made, "jk", {})
    assert api.overview(made, made["spectator_token"])["revision"] == before["spectator"]
    assert api.overview(made, made["player_tokens"]["dh"])["revision"] == before["dh"]
    live = api.client.get(f"/live/{made['spectator_token']}").json()
    assert live["revision"] == before["spectator"]
    assert api.overview(made, made["host_token"])["revision"] == host_before + 3
    api.host("POST", made, "/resolve")
    assert api.overview(made, made["spectator_token"])["revision"] > before["spectator"]


# ---------------------------------------------------------------- 13: stream caps


def test_13_streams_are_capped_per_match_and_per_client(api):
    made = _create(api, deadlines=MANUAL)
    slots = api.client.app.state.streams
    held = [slots.take(made["match"], f"other-{i}") for i in range(slots.per_match)]
    r = api.call("GET", f"/api/matches/{made['match']}/stream", made["spectator_token"])
    assert r.status_code == 429 and "live streams open" in _error(r)
    for release in held:
        release()
    held = [slots.take(f"m{i}", "testclient") for i in range(slots.per_client)]
    r = api.call("GET", f"/api/matches/{made['match']}/stream", made["spectator_token"])
    assert r.status_code == 429 and "you already have" in _error(r)
    for release in held:
        release()
    assert slots.open_streams(made["match"]) == 0


# ---------------------------------------------------------------- 14: headers


@pytest.mark.parametrize("path", ["/", "/api/games", "/static/style.css", "/no-such-page"])
def test_14_every_answer_has_the_security_headers(api, path):
    r = api.client.get(path)
    assert "script-src 'self';" in r.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
