"""The JSON API against a real SQLite file and a real PostgreSQL database:
create, submit and change, resolve (now, when all submitted, at the deadline),
bots, undo, deadlines, seats, export and import, results, errors."""

from __future__ import annotations

import json
import time

import pytest

from mainmatch import games
from mainmatch.engine import replay
from mainmatch.host.inputwords import INPUTS

MANUAL = {"trades": "manual", "choose_ec": "manual"}
NO_BOTS_MANUAL = {"deadlines": MANUAL, "early_resolution": False}


def _trade(a: str, b: str, amount: int) -> dict:
    return {"trades": [{"players": [a, b], "amount": amount}]}


def test_create_gives_secret_links_and_opens_step_1(api, se_players):
    made = api.create(seed=5, **NO_BOTS_MANUAL)
    tokens = [made["host_token"], made["spectator_token"], *made["player_tokens"].values()]
    assert len(set(tokens)) == 15
    assert all(len(t) >= 32 for t in tokens), "at least 192 random bits (32 url-safe characters)"
    assert made["links"]["host"].endswith(f"/host/{made['host_token']}")
    assert made["links"]["spectator"].endswith(f"/watch/{made['spectator_token']}")
    assert made["links"]["players"]["jk"].endswith(f"/play/{made['player_tokens']['jk']}")
    ov = api.overview(made, made["host_token"])
    assert ov["open_step"] == 1 and ov["steps_applied"] == 0 and ov["status"] == "running"
    assert [p["player"] for p in ov["pending"]] == se_players
    assert set(ov["pending_status"].values()) == {"not yet"}
    assert ov["deadline"] is None  # manual
    config = games.get("seat_exchange").new_config(se_players, 5)
    assert api.record(made)["config"] == config, "the seed makes the config"


def test_submit_refuses_illegal_actions_with_the_engines_message(api):
    made = api.create(**NO_BOTS_MANUAL)
    r = api.submit(made, "jk", _trade("dh", "sm", 500))
    assert r.status_code == 422
    assert r.json() == {"error": "trades total $500 but you have $100 ($100 + 0 garnets)"}
    r = api.submit(made, "jk", {"bid": 1})
    assert r.status_code == 422 and "unknown fields ['bid']" in r.json()["error"]
    r = api.submit(made, "jk", "not an object")
    assert r.status_code == 422 and "must be a JSON object" in r.json()["error"]


def test_submit_change_withdraw_and_host_sees_status_not_content(api):
    made = api.create(**NO_BOTS_MANUAL)
    assert api.submit(made, "jk", _trade("dh", "sm", 31)).status_code == 200
    assert api.submit(made, "jk", _trade("dh", "sm", 37), step=1).status_code == 200  # changed
    mine = api.overview(made, made["player_tokens"]["jk"])
    assert mine["submission"]["action"] == _trade("dh", "sm", 37)
    host = api.overview(made, made["host_token"])
    assert host["pending_status"]["jk"] == "submitted" and host["pending_status"]["dh"] == "not yet"
    assert "37" not in json.dumps(host["pending_status"]) and '"amount"' not in json.dumps(host)
    r = api.call(
        "DELETE", f"/api/matches/{made['match']}/submission?step=1", made["player_tokens"]["dh"]
    )
    assert r.status_code == 409 and r.json()["error"] == "you have no submission for step 1"
    assert (
        api.call(
            "DELETE", f"/api/matches/{made['match']}/submission?step=1", made["player_tokens"]["jk"]
        ).status_code
        == 200
    )
    assert api.overview(made, made["host_token"])["pending_status"]["jk"] == "not yet"


def test_resolve_now_uses_submissions_and_records_defaults(api, se_players):
    made = api.create(**NO_BOTS_MANUAL)
    api.submit(made, "jk", _trade("dh", "sm", 20))
    api.submit(made, "dh", _trade("dh", "jk", 10))
    r = api.host("POST", made, "/resolve", {"step": 1})
    assert r.status_code == 200 and r.json()["resolved"] == 1
    rec = api.record(made)
    step = rec["steps"][0]
    assert step["actions"]["jk"] == _trade("dh", "sm", 20) and step["actions"]["dh"] == _trade(
        "dh", "jk", 10
    )
    assert step["defaulted"] == [p for p in se_players if p not in ("jk", "dh")]
    assert step["actions"]["sm"] == {"garnets": 0, "trades": []}, (
        "the rules' default (seat_exchange spec §3.1)"
    )
    # a late submission for the resolved step, and a second resolution of it, are refused
    r = api.submit(made, "jk", {}, step=1)
    assert (
        r.status_code == 409
        and r.json()["error"] == "step 1 is already resolved; the open step is 2"
    )
    r = api.host("POST", made, "/resolve", {"step": 1})
    assert (
        r.status_code == 409
        and "step 1 is already resolved; the open step is 2" in r.json()["error"]
    )
    # the players see the step's announcements: the public post and their own DM
    ov = api.overview(made, made["player_tokens"]["jk"])
    assert (
        ov["announcements"][1]["step"] == 1 and "Round 1 result" in ov["announcements"][1]["public"]
    )
    assert "you paid $20" in ov["announcements"][1]["dm"]


def test_early_resolution_when_everyone_has_submitted(api, se_players):
    made = api.create(deadlines=MANUAL, early_resolution=True)
    for p in se_players[:-1]:
        r = api.submit(made, p, {})
        assert r.json()["resolved"] is False
    r = api.submit(made, se_players[-1], {})
    assert r.status_code == 200 and r.json()["resolved"] is True
    rec = api.record(made)
    assert len(rec["steps"]) == 1 and rec["steps"][0]["defaulted"] == []


def test_bots_fill_their_seats_when_a_step_opens(api, se_players):
    made = api.create(bots={p: "random" for p in se_players[1:]}, deadlines=MANUAL)
    host = api.overview(made, made["host_token"])
    assert host["pending_status"]["jk"] == "not yet"
    assert {host["pending_status"][p] for p in se_players[1:]} == {"bot"}
    # the host page says it in words: the bot seats have submitted (issue 34 item 7)
    page = api.client.get(f"/host/{made['host_token']}", headers={"accept": "text/html"}).text
    table = page.split('id="pending-table"')[1].split("</table>")[0]
    assert table.count("submitted by its bot") == len(se_players) - 1
    assert ">bot<" not in table
    r = api.submit(made, "jk", {})
    assert r.json()["resolved"] is True
    rec = api.record(made)
    assert rec["steps"][0]["defaulted"] == []
    ov = api.overview(made, made["host_token"])
    assert (
        ov["steps_applied"] >= 1 and {x["player"]: x["bot"] for x in ov["seats"]}["dh"] == "random"
    )


def test_deadline_resolves_with_the_rules_defaults(api, se_players):
    made = api.create(deadlines={"trades": "minutes:0.02"}, early_resolution=False)
    api.submit(made, "p05", _trade("p05", "p05", 7))
    ov = api.overview(made, made["host_token"])
    assert ov["deadline"] is not None and ov["deadline"] - ov["step_opened_at"] == pytest.approx(
        1.2
    )
    for _ in range(100):
        if api.overview(made, made["host_token"])["steps_applied"] >= 1:
            break
        time.sleep(0.1)
    rec = api.record(made)
    assert rec["steps"][0]["actions"]["p05"] == _trade("p05", "p05", 7)
    assert rec["steps"][0]["defaulted"] == [p for p in se_players if p != "p05"]
    # the next step opened with a new deadline, and its post says so as a Discord timestamp
    ov = api.overview(made, made["host_token"])
    assert ov["announcements"][-1]["post"].endswith(":R>)")


def test_undo_needs_the_last_step_number_and_reopens_it(api):
    made = api.create(**NO_BOTS_MANUAL)
    api.submit(made, "jk", _trade("dh", "sm", 20))
    api.host("POST", made, "/resolve")
    api.submit(made, "jk", {})  # a submission for step 2
    r = api.host("POST", made, "/undo", {"step": 2})
    assert r.status_code == 409 and "number of the last step, 1" in r.json()["error"]
    r = api.host("POST", made, "/undo", {"step": 1})
    assert r.status_code == 200
    ov = api.overview(made, made["player_tokens"]["jk"])
    assert ov["open_step"] == 1 and ov["steps_applied"] == 0
    assert ov["submission"]["action"] == _trade("dh", "sm", 20), (
        "the step's own submissions are kept"
    )
    assert api.record(made)["steps"] == []
    r = api.host("POST", made, "/undo", {"step": 0})
    assert r.status_code == 409 and r.json()["error"] == "there is no step to undo"
    # the same step resolves again, differently
    api.submit(made, "jk", {})
    api.host("POST", made, "/resolve")
    assert api.record(made)["steps"][0]["actions"]["jk"] == {}


def test_host_changes_deadlines_during_the_match(api):
    made = api.create(**NO_BOTS_MANUAL)
    r = api.host("PUT", made, "/deadlines", {"deadlines": {"trades": "hourly"}})
    assert r.status_code == 422 and "unknown deadline policy 'hourly'" in r.json()["error"]
    r = api.host("PUT", made, "/deadlines", {"deadlines": {"bids": "manual"}})
    assert r.status_code == 422 and "no step kind 'bids'" in r.json()["error"]
    r = api.host("PUT", made, "/deadlines", {"deadlines": {"trades": "minutes:90"}})
    assert r.status_code == 200
    ov = api.overview(made, made["host_token"])
    assert ov["deadlines"]["trades"] == "minutes:90"
    assert abs(ov["deadline"] - (ov["step_opened_at"] + 90 * 60)) < 1
    r = api.host(
        "PUT",
        made,
        "/deadlines",
        {"deadlines": {"trades": "daily:18:00"}, "early_resolution": True},
    )
    assert r.status_code == 200
    ov = api.overview(made, made["host_token"])
    assert time.gmtime(ov["deadline"])[3:5] == (18, 0) and ov["early_resolution"] is True


def test_host_gives_a_seat_to_a_bot_and_back(api, se_players):
    made = api.create(bots={p: "random" for p in se_players[2:]}, deadlines=MANUAL)
    r = api.host("PUT", made, "/seats/dh", {"bot": "nobody"})
    assert r.status_code == 422 and "no bot 'nobody'" in r.json()["error"]
    assert api.host("PUT", made, "/seats/zz", {"bot": "random"}).status_code == 404
    api.host("PUT", made, "/seats/dh", {"bot": "random"})
    assert api.overview(made, made["host_token"])["pending_status"]["dh"] == "bot"
    r = api.submit(made, "dh", {})
    assert r.status_code == 409 and "a bot (random) plays dh's seat" in r.json()["error"]
    api.host("PUT", made, "/seats/dh", {"bot": None})
    assert api.submit(made, "dh", {}).status_code == 200


def test_a_whole_match_then_result_export_and_import(api, se_players):
    made = api.create(seed=11, bots={p: "random" for p in se_players[1:]}, deadlines=MANUAL)
    r = api.call("GET", f"/api/matches/{made['match']}/result", made["spectator_token"])
    assert r.status_code == 409 and r.json()["error"] == "the match is not over yet"
    for _ in range(10):
        ov = api.overview(made, made["player_tokens"]["jk"])
        if ov["status"] == "over":
            break
        if ov["request"]:
            api.submit(made, "jk", {})
        else:
            api.host("POST", made, "/resolve")
    assert ov["status"] == "over" and ov["open_step"] is None and ov["request"] is None
    result = api.call("GET", f"/api/matches/{made['match']}/result", made["spectator_token"]).json()
    rec = api.record(made)
    assert replay(rec).result() == result, "the exported record replays to the same result"
    assert ov["result"] == result
    page = api.client.get(f"/host/{made['host_token']}").text
    assert 'id="result-table"' in page and (result["elimination_candidate"] or "none") in page
    # import: a new match, the same steps, the same result, new links
    r = api.call(
        "POST", "/api/matches/import", api.admin_key, json={"record": rec, "title": "again"}
    )
    assert r.status_code == 201, r.text
    again = r.json()
    assert (
        again["match"] != made["match"]
        and again["player_tokens"]["jk"] != made["player_tokens"]["jk"]
    )
    assert (
        api.call("GET", f"/api/matches/{again['match']}/result", again["spectator_token"]).json()
        == result
    )
    assert api.record(again)["steps"] == rec["steps"]


def test_import_continues_a_match_in_progress(api, config_e):
    # seat_exchange spec W10: sm pays $1, p04..p13 $2 for self-swaps, then three quiet rounds:
    # jk and dh tie for most, sm (next-most) chooses the EC in a choose_ec step
    r1 = {
        "sm": _trade("sm", "sm", 1),
        **{p: _trade(p, p, 2) for p in config_e["players"][3:]},
        "jk": {},
        "dh": {},
    }
    quiet = {p: {} for p in config_e["players"]}
    steps = [{"actions": r1, "defaulted": []}] + [{"actions": quiet, "defaulted": []}] * 3
    rec = {
        "format": "mainmatch-record/1",
        "game": "seat_exchange",
        "config": config_e,
        "steps": steps,
    }
    r = api.call(
        "POST", "/api/matches/import", api.admin_key, json={"record": rec, "deadlines": MANUAL}
    )
    assert r.status_code == 201, r.text
    made = r.json()
    ov = api.overview(made, made["player_tokens"]["sm"])
    assert ov["open_step"] == 5 and ov["request"] == {
        "kind": "choose_ec",
        "candidates": ["jk", "dh"],
    }
    assert ov["action_schema"]["properties"]["ec"]["type"] == "string"
    assert (
        api.submit(made, "sm", {"ec": "p05"}).json()["error"]
        == "'p05' is not a candidate; choose one of jk, dh"
    )
    r = api.submit(made, "sm", {"ec": "dh"})
    assert r.status_code == 200 and r.json()["resolved"] is True
    res = api.overview(made, made["host_token"])["result"]
    assert res["elimination_candidate"] == "dh"
    assert res["ranking"] == [
        ["sm"],
        ["p04", "p05", "p06", "p07", "p08", "p09", "p10", "p11", "p12", "p13"],
        ["jk"],
        ["dh"],
    ]


def test_import_refuses_a_record_that_does_not_replay(api, config_e):
    bad = {
        "format": "mainmatch-record/1",
        "game": "seat_exchange",
        "config": config_e,
        "steps": [
            {"actions": {p: {} for p in config_e["players"]}},
            {"actions": {"jk": {"bid": 1}}},
        ],
    }
    r = api.call("POST", "/api/matches/import", api.admin_key, json={"record": bad})
    assert r.status_code == 422
    assert r.json()["error"].startswith("the record does not replay: step 2")
    r = api.call("POST", "/api/matches/import", api.admin_key, json={"record": {"format": "x"}})
    assert r.status_code == 422 and "unknown record format" in r.json()["error"]


@pytest.mark.parametrize(
    "body, message",
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": "seat_exchange", "players": ["a", "b"]}, "takes exactly 13 players, not 2"),
        (
            {"game": "seat_exchange", "players": ["a"] * 13},
            "player ids 'a' and 'a' are the same to a reader",
        ),
        ({"game": "seat_exchange", "bots": {"zz": "random"}}, "bots: 'zz' is not a player"),
        ({"game": "seat_exchange", "bots": {"jk": "genius"}}, "no bot 'genius' for seat_exchange"),
        ({"game": "seat_exchange", "seed": -1}, "seed must be a whole number"),
        ({"game": "seat_exchange", "options": {"colour": "red"}}, "unknown option 'colour'"),
        ({"game": "seat_exchange", "options": {"garnets": {"zz": 1}}}, "'zz' is not a player"),
        (
            {"game": "seat_exchange", "deadlines": {"trades": "daily:25:00"}},
            "between 00:00 and 23:59",
        ),
        ({"game": "seat_exchange", "extra": 1}, "extra: unknown field"),
        ({"players": []}, "game: required field is missing"),
    ],
)
def test_create_errors_are_one_clear_line(api, body, message):
    r = api.call("POST", "/api/matches", api.admin_key, json=body)
    assert r.status_code == 422
    assert (
        list(r.json()) == ["error"]
        and message in r.json()["error"]
        and "\n" not in r.json()["error"]
    )


def test_every_error_is_json_with_one_line(api):
    made = api.create(**NO_BOTS_MANUAL)
    cases = [
        api.call("GET", "/api/matches/nope", made["host_token"]),
        api.call("GET", "/api/nothing-here"),
        api.call("DELETE", "/api/games"),
        api.client.put(
            f"/api/matches/{made['match']}/submission",
            content=b"{not json",
            headers={
                "Authorization": f"Bearer {made['player_tokens']['jk']}",
                "Content-Type": "application/json",
            },
        ),
        api.call("POST", f"/api/matches/{made['match']}/undo", made["host_token"], json={}),
        api.call("GET", f"/api/matches/{made['match']}"),
    ]
    assert [r.status_code for r in cases] == [404, 404, 405, 422, 422, 401]
    for r in cases:
        body = r.json()
        assert list(body) == ["error"] and isinstance(body["error"], str) and body["error"]
        assert "\n" not in body["error"] and "Traceback" not in r.text
    assert cases[3].json()["error"] == "the request body is not valid JSON"
    assert cases[4].json()["error"] == "step: required field is missing"


def test_games_and_openapi_docs(api):
    listed = api.call("GET", "/api/games").json()
    assert [g["id"] for g in listed] == games.ids()
    se = api.call("GET", "/api/games/seat_exchange").json()
    assert se["step_kinds"]["trades"]["default_deadline"] == "minutes:1440"
    assert se["bots"][0] == "random" and se["player_count"] == 13
    assert {h["name"] for h in se["host_inputs"]} == {"gamewide_tiebreak", "garnets", "variant"}
    # every host input of every game in words: a label and the spec's help, no config key
    for g in listed:
        for h in g["host_inputs"]:
            assert h["label"] and h["help"] and "_" not in h["label"] + h["help"], (g["id"], h)
            assert h["input"] in INPUTS
        assert all("_" not in s["words"] for s in g["step_kinds"].values())
    spec = api.call("GET", "/openapi.json").json()
    assert "/api/matches" in spec["paths"] and "/api/matches/{match_id}/submission" in spec["paths"]
    assert api.client.get("/docs").status_code == 200


def test_amalgamation_partial_submission_is_completed_with_the_defaults(api):
    """amalgamation spec §3.1: a player who sends only some sub-objects gets the
    default for each missing one; the record holds the whole action and lists
    the player in `defaulted`; a half-filled sub-object is refused."""
    players = ["a", "b", "c", "d", "e", "f"]
    made = api.create(
        "amalgamation",
        players=players,
        deadlines={"round": "manual", "choose_ec": "manual"},
        early_resolution=False,
    )
    r = api.submit(made, "a", {"thief": {"role": "mafia"}})
    assert r.status_code == 422 and "bet" in r.json()["error"]
    assert api.submit(made, "a", {"kong": {"contribute": 30}}).status_code == 200
    assert api.host("POST", made, "/resolve", {"step": 1}).status_code == 200
    step = api.record(made)["steps"][0]
    whole = step["actions"]["a"]
    assert whole["kong"] == {"contribute": 30}
    assert whole["minus"] == {"bids": [0, 0, 0, 0, 0]} and whole["invest"] == {
        "invest": 0,
        "donate": 0,
    }
    assert whole["thief"]["bet"] == 0 and whole["thief"]["role"] in (
        "mafia",
        "cartel",
        "police",
        "beggar",
    )
    assert "a" in step["defaulted"]


def test_a_hosted_match_may_play_a_rule_variant(api):
    # issue 15: hosted matches may use variants; the record keeps it, views name it
    made = api.create(seed=5, options={"variant": {"rounds": 2, "income": 60}}, **NO_BOTS_MANUAL)
    record = api.record(made)
    assert record["config"]["variant"] == {"rounds": 2, "income": 60}
    ov = api.overview(made, made["player_tokens"]["jk"])
    assert "variant" in json.dumps(ov) and '"income": 60' in json.dumps(ov)
    r = api.call(
        "POST",
        "/api/matches",
        api.admin_key,
        json={"game": "seat_exchange", "options": {"variant": {"streak": 14}}},
    )
    assert r.status_code == 422
    assert "variant.streak: 14 is more than 13" in r.json()["error"]
