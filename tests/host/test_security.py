"""Every endpoint and page tried with no token, another player's token and the
spectator link: host actions are refused, and nothing secret comes back
(another player's ``you``, their pending submission, the config's secret
``numbers``, other links' tokens)."""

from __future__ import annotations

import json
from typing import Any

import pytest

SECRET_AMOUNT = 87  # jk's pending trade: it must never reach anyone but jk


def _walk(value: Any):
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


def assert_no_secret(
    text: str, *, me: str | None, made: dict, numbers: dict[str, int], host: bool = False
) -> None:
    """Nothing in ``text`` (a JSON or HTML answer) that ``me`` may not know."""
    assert f'"amount": {SECRET_AMOUNT}' not in text and f"${SECRET_AMOUNT}" not in text
    assert "Traceback" not in text
    for p, token in made["player_tokens"].items():
        if p != me and not host:
            assert token not in text, f"{p}'s token leaked"
    assert made["host_token"] not in text
    if not host:
        assert '"numbers"' not in text, "the config's secret numbers"
    try:
        data = json.loads(text)
    except ValueError:
        return
    for node in _walk(data):
        if isinstance(node, dict) and "you" in node and isinstance(node["you"], dict):
            assert node["you"].get("player") == me, "another player's private view"
        if isinstance(node, dict) and node.get("player") not in (None, me) and "number" in node:
            assert False, "another player's number"
    if me is not None:
        for node in _walk(data):
            if isinstance(node, dict) and "number" in node and node.get("player") == me:
                assert node["number"] == numbers[me]


@pytest.fixture
def match(api, se_players):
    made = api.create(
        seed=3, deadlines={"trades": "manual", "choose_ec": "manual"}, early_resolution=False
    )
    r = api.submit(made, "jk", {"trades": [{"players": ["p12", "p13"], "amount": SECRET_AMOUNT}]})
    assert r.status_code == 200
    numbers = api.record(made)["config"]["numbers"]
    return made, numbers


def test_no_token_is_refused_everywhere(api, match):
    made, _ = match
    m = made["match"]
    for method, path, body in [
        ("GET", f"/api/matches/{m}", None),
        ("PUT", f"/api/matches/{m}/submission", {"action": {}}),
        ("DELETE", f"/api/matches/{m}/submission", None),
        ("POST", f"/api/matches/{m}/resolve", {}),
        ("POST", f"/api/matches/{m}/undo", {"step": 1}),
        ("PUT", f"/api/matches/{m}/deadlines", {"deadlines": {"trades": "manual"}}),
        ("PUT", f"/api/matches/{m}/seats/jk", {"bot": "random"}),
        ("POST", f"/api/matches/{m}/players/jk/link", None),
        ("GET", f"/api/matches/{m}/record", None),
        ("GET", f"/api/matches/{m}/result", None),
        ("GET", f"/api/matches/{m}/stream", None),
    ]:
        r = api.call(method, path, None, json=body)
        assert r.status_code == 401, (method, path, r.text)
        assert "token" in r.json()["error"]
    assert api.call("GET", "/api/me").status_code == 403
    for page in ("/play/", "/host/", "/watch/", "/live/"):
        r = api.client.get(page + "x" * 32)
        assert r.status_code == 404 and "not valid" in r.text


@pytest.mark.parametrize("who", ["dh", "spectator"])
def test_another_player_and_the_spectator_see_no_secret(api, match, who):
    made, numbers = match
    m = made["match"]
    token = made["spectator_token"] if who == "spectator" else made["player_tokens"][who]
    me = None if who == "spectator" else who
    # host actions are refused
    for method, path, body in [
        ("POST", f"/api/matches/{m}/resolve", {"step": 1}),
        ("POST", f"/api/matches/{m}/undo", {"step": 1}),
        ("PUT", f"/api/matches/{m}/deadlines", {"deadlines": {"trades": "minutes:1"}}),
        ("PUT", f"/api/matches/{m}/seats/jk", {"bot": "random"}),
        ("POST", f"/api/matches/{m}/players/jk/link", None),
        ("POST", f"/api/matches/{m}/players/{who}/link", None),
        ("GET", f"/api/matches/{m}/record", None),
    ]:
        r = api.call(method, path, token, json=body)
        assert r.status_code == 403 and r.json() == {"error": "only the host link can do this"}, (
            method,
            path,
        )
    # what they may read holds no secret
    ov = api.call("GET", f"/api/matches/{m}", token)
    assert ov.status_code == 200
    assert_no_secret(ov.text, me=me, made=made, numbers=numbers)
    body = ov.json()
    assert "config" not in body and "links" not in body and "pending_status" not in body
    assert body["submission"] is None if who == "dh" else "submission" not in body
    if who == "dh":
        assert body["view"]["you"]["number"] == numbers["dh"]
    else:
        assert "you" not in body["view"]
    for page in (f"/live/{token}", f"/{'play' if me else 'watch'}/{token}"):
        r = api.client.get(page)
        assert r.status_code == 200
        assert_no_secret(r.text, me=me, made=made, numbers=numbers)
    r = api.call("GET", "/api/me", token)
    assert r.json() == {"match": m, "role": "player" if me else "spectator", "player": me}
    # a player can only ever submit for themselves; the spectator not at all
    r = api.call("PUT", f"/api/matches/{m}/submission", token, json={"action": {}, "step": 1})
    if who == "spectator":
        assert r.status_code == 403
    else:
        assert r.status_code == 200
        jk = api.overview(made, made["player_tokens"]["jk"])
        assert jk["submission"]["action"]["trades"][0]["amount"] == SECRET_AMOUNT, (
            "jk's submission untouched"
        )
    # a link of this match opens no other match
    other = api.create(deadlines={"trades": "manual"})
    r = api.call("GET", f"/api/matches/{other['match']}", token)
    assert r.status_code == 403 and r.json() == {
        "error": "this token does not give access to this match"
    }


def test_the_host_sees_status_but_not_the_pending_content(api, match):
    made, numbers = match
    host = api.call("GET", f"/api/matches/{made['match']}", made["host_token"])
    assert_no_secret(host.text, me=None, made=made, numbers=numbers, host=True)
    assert host.json()["pending_status"]["jk"] == "submitted"
    page = api.client.get(f"/host/{made['host_token']}").text
    assert f"${SECRET_AMOUNT}" not in page and f'"amount": {SECRET_AMOUNT}' not in page
    # once the step resolves, the record (host only) holds it
    api.host("POST", made, "/resolve")
    assert api.record(made)["steps"][0]["actions"]["jk"]["trades"][0]["amount"] == SECRET_AMOUNT


def test_a_player_link_on_another_pages_path_goes_to_its_own_page(api, match):
    made, _ = match
    r = api.client.get(f"/host/{made['player_tokens']['dh']}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/play/{made['player_tokens']['dh']}"
    r = api.client.get(f"/play/{made['spectator_token']}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/watch/{made['spectator_token']}"


def test_the_stream_answers_only_with_a_token_of_the_match(api, match):
    made, _ = match
    with api.client.stream(
        "GET", f"/api/matches/{made['match']}/stream?token={made['player_tokens']['dh']}"
    ) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        first = next(r.iter_lines())
        assert first == "event: change"
