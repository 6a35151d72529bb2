"""Issue #18: generated requests over ``/openapi.json`` find no 5xx.

Schemathesis draws requests for every operation of the API from its OpenAPI
schema (Hypothesis underneath); each is sent with a token drawn from none, a
wrong one, the admin key and a real match's host, player and spectator
tokens, and with the real match id half the time. A second property sends
arbitrary JSON bodies to the create, import and submission endpoints. Both
are bounded (about a minute together on a shared 2-core machine)."""

from __future__ import annotations

import json

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = 25  # per operation
#: the live stream never ends with a valid token: tried in test_hardening instead
SKIP = {("GET", "/api/matches/{match_id}/stream")}

SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture(params=["sqlite"])
def db_url(request, sqlite_url):  # SQLite only: the point is the server, not the database
    return sqlite_url


def _send(api, method: str, path: str, token: str | None, body, query=None):
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    content = None if body is None else json.dumps(body)  # ASCII: lone surrogates survive
    r = api.client.request(method, path, content=content, headers=headers, params=query)
    assert r.status_code < 500, (method, path, body, r.text[:300])
    if r.headers.get("content-type", "").startswith("application/json") and r.status_code >= 400:
        error = r.json()
        assert list(error) == ["error"] and len(error["error"]) <= 300
    return r


def _fuzz(api, op, made: dict, tokens: list) -> None:
    """Send generated requests for one operation."""

    @SETTINGS
    @given(case=op.as_strategy(), who=st.sampled_from(tokens), real=st.booleans())
    def check(case, who, real):
        params = dict(case.path_parameters or {})
        if real and "match_id" in params:
            params["match_id"] = made["match"]
        if real and "player" in params:
            params["player"] = "dh"
        path = op.path.format(**{k: str(v).replace("/", "%2F") for k, v in params.items()})
        body = case.body if isinstance(case.body, (dict, list, str, int, float)) else None
        _send(api, op.method.upper(), path, who, body, dict(case.query or {}) or None)

    check()


def test_no_generated_request_gives_a_server_error(api):
    made = api.create(deadlines={"trades": "manual", "choose_ec": "manual"})
    tokens = [
        None,
        "wrong",
        api.admin_key,
        made["host_token"],
        made["spectator_token"],
        made["player_tokens"]["jk"],
    ]
    schema = schemathesis.openapi.from_dict(api.client.get("/openapi.json").json())
    tried = 0
    for result in schema.get_all_operations():
        op = result.ok()
        if (op.method.upper(), op.path) not in SKIP:
            _fuzz(api, op, made, tokens)
            tried += 1
    assert tried >= 12, "every operation of the API was tried"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_arbitrary_json_bodies_give_no_server_error(api, data):
    made = getattr(api, "_fuzz_match", None)
    if made is None:
        made = api._fuzz_match = api.create(deadlines={"trades": "manual", "choose_ec": "manual"})
    game = data.draw(st.sampled_from(["seat_exchange", "mvp", "homeostasis", "amalgamation"]))
    options = data.draw(st.dictionaries(st.sampled_from(["garnets", "teams", "chips", "x"]), JSON))
    _send(api, "POST", "/api/matches", api.admin_key, {"game": game, "options": options})
    _send(api, "POST", "/api/matches/import", api.admin_key, {"record": data.draw(JSON)})
    action = data.draw(JSON)
    path = f"/api/matches/{made['match']}/submission"
    _send(api, "PUT", path, made["player_tokens"]["jk"], {"action": action, "step": 1})
