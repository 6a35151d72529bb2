"""The check of a draft (``POST /api/matches/{id}/check``) against a real
SQLite file and a real PostgreSQL database: the rules' own answer and the
draft read back in words, nothing stored or changed, only for the caller's own
seat, under a rate limit of its own."""

from __future__ import annotations

import pytest

MANUAL = {"trades": "manual", "choose_ec": "manual"}
NO_BOTS_MANUAL = {"deadlines": MANUAL, "early_resolution": False}


def _check(api, made: dict, player: str, action, step: int = 1, token: str | None = None):
    return api.call(
        "POST",
        f"/api/matches/{made['match']}/check",
        token or made["player_tokens"][player],
        json={"action": action, "step": step},
    )


def _trade(a: str, b: str, amount: int, garnets: int = 0) -> dict:
    out: dict = {"trades": [{"players": [a, b], "amount": amount}]}
    if garnets:
        out["garnets"] = garnets
    return out


def test_a_legal_draft_is_read_back_and_nothing_changes(api):
    made = api.create(**NO_BOTS_MANUAL)
    host_before = api.overview(made, made["host_token"])
    r = _check(api, made, "jk", _trade("dh", "sm", 30))
    assert r.status_code == 200, r.text
    assert r.json() == {
        "ok": True,
        "error": None,
        "echo": "You pay $30 for a trade between dh and sm.",
    }
    # nothing submitted: the host sees no submission and no activity
    host_after = api.overview(made, made["host_token"])
    assert host_after["pending_status"]["jk"] == "not yet"
    assert host_after["revision"] == host_before["revision"]
    assert api.overview(made, made["player_tokens"]["jk"])["submission"] is None


@pytest.mark.parametrize(
    ("draft", "error"),
    [
        # seat_exchange spec §3.1 rule 4: money plus the garnets turned in now
        (_trade("dh", "sm", 500), "trades total $500 but you have $100 ($100 + 0 garnets)"),
        ({"trades": [{"players": ["dh", "sm"]}]}, "trade 1 (dh and sm): enter the amount"),
        ({"bid": 1}, "unknown fields ['bid']"),
        ("not an object", "must be a JSON object"),
    ],
)
def test_an_illegal_draft_gets_the_rules_words_as_a_submission_would(api, draft, error):
    made = api.create(**NO_BOTS_MANUAL)
    r = _check(api, made, "jk", draft)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["ok"] is False and error in out["error"]
    sent = api.submit(made, "jk", draft)
    assert sent.status_code == 422 and sent.json()["error"] == out["error"]


def test_garnets_typed_cover_an_overspend(api):
    made = api.create(options={"garnets": {"jk": 5}}, **NO_BOTS_MANUAL)
    r = _check(api, made, "jk", _trade("dh", "sm", 103, garnets=2)).json()
    assert r["ok"] is False and r["error"].startswith("trades total $103 but you have $102")
    r = _check(api, made, "jk", _trade("dh", "sm", 103, garnets=3)).json()
    assert r["ok"] is True
    assert (
        r["echo"] == "You pay $103 for a trade between dh and sm, and turn 3 garnets into dollars."
    )


def test_only_a_players_own_token_checks_and_only_the_open_step(api):
    made = api.create(**NO_BOTS_MANUAL)
    other = api.create(**NO_BOTS_MANUAL)
    draft = _trade("dh", "sm", 30)
    # another match's player token: 403; an unknown match: 404
    r = _check(api, made, "jk", draft, token=other["player_tokens"]["jk"])
    assert r.status_code == 403
    r = api.call(
        "POST",
        "/api/matches/nosuchmatch/check",
        made["player_tokens"]["jk"],
        json={"action": draft, "step": 1},
    )
    assert r.status_code == 404
    # the host and a spectator have no draft to check
    for token in (made["host_token"], made["spectator_token"]):
        r = _check(api, made, "jk", draft, token=token)
        assert r.status_code == 403 and "player" in r.json()["error"]
    # no token
    r = api.client.post(f"/api/matches/{made['match']}/check", json={"action": draft, "step": 1})
    assert r.status_code == 401
    # another step than the open one
    r = _check(api, made, "jk", draft, step=2)
    assert r.status_code == 409


def test_checks_have_a_rate_limit_of_their_own(api):
    made = api.create(**NO_BOTS_MANUAL)
    checks = api.client.app.state.limits.checks
    now = [1000.0]
    checks.clock = lambda: now[0]  # a flood: no time passes
    answers = [_check(api, made, "jk", {}).status_code for _ in range(int(checks.burst) + 1)]
    assert answers[:-1] == [200] * int(checks.burst) and answers[-1] == 429
    # the seat's submissions are not spent by its checks, and other seats check on
    assert api.submit(made, "jk", {}).status_code == 200
    assert _check(api, made, "dh", {}).status_code == 200
    now[0] += 10  # time passes: the bucket fills again
    assert _check(api, made, "jk", {}).status_code == 200


def test_a_refusal_names_fields_in_the_forms_words_not_json_keys(api):
    """issue 34 item 9: The MVP's rules word a duplicate purchase as the spec's
    example does ("buy_identity lists the same letter twice"); the player reads
    the form's words for the field instead (decision DAY13), on the check and on
    a submission alike."""
    seats = list(api.create("mvp")["player_tokens"])
    made = api.create("mvp", options={"garnets": {p: 5 for p in seats}})
    player = seats[0]
    r = _check(api, made, player, {"buy_identity": ["A", "A"]})
    assert r.status_code == 200, r.text
    error = r.json()["error"]
    assert "buy_identity" not in error
    assert error.startswith('"Learn the card on a hidden place" lists the same letter twice')
    sent = api.submit(made, player, {"buy_identity": ["A", "A"]})
    assert sent.status_code == 422
    assert sent.json()["error"] == error
