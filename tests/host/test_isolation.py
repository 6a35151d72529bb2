"""A game's code is untrusted for the host's health (issue 33, N1 and N3).

N1: a game whose ``apply`` raises (a plugin's ``ZeroDivisionError``) used to
stop the deadline clock of every match: ``resolve_due`` stopped at it and
started over. Now the failure is recorded on that match only, in words for
its host, the match is not retried until the host acts, and the others
resolve. N3: a game's rules ran inside the write lock with no time limit; a
slow ``validate`` held every other match's writes. Now rules calls run
before the write locks the match, under a time limit.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from mainmatch.engine import registry
from mainmatch.host.db import Database
from mainmatch.host.errors import Conflict
from mainmatch.host.isolation import GameFault
from mainmatch.host.models import MatchRow
from mainmatch.host.service import HostService


def _service(url: str, **kw: Any) -> HostService:
    db = Database(url)
    db.migrate()
    return HostService(db, **kw)


@pytest.fixture
def faulty(range_game):
    """Range Bid whose ``apply`` raises, registered as the game ``faulty``."""

    class Faulty(type(range_game)):  # type: ignore[misc]
        id = "faulty"
        title = "Faulty Bid"
        applied = 0

        def apply(self, state: Any, actions: dict) -> Any:
            type(self).applied += 1
            return 1 / 0

    game = Faulty()
    registry.register_game(game)
    return game


@pytest.fixture
def slow(range_game):
    """Range Bid whose ``validate`` waits until the test lets it go, as ``slow``."""

    class Slow(type(range_game)):  # type: ignore[misc]
        id = "slow"
        title = "Slow Bid"
        entered = threading.Event()
        release = threading.Event()

        def validate(self, state: Any, player: str, action: Any) -> None:
            type(self).entered.set()
            type(self).release.wait(30)
            super().validate(state, player, action)

    game = Slow()
    registry.register_game(game)
    yield game
    game.release.set()


def test_a_game_that_raises_stops_its_own_match_only(db_url, faulty):
    now = [1_000_000.0]
    svc = _service(db_url, clock=lambda: now[0])
    minute = {"trades": "minutes:1"}
    broken = svc.create_match("faulty", deadlines={"bid": "minutes:1"}, early_resolution=False)
    good = [
        svc.create_match("seat_exchange", deadlines=minute, seed=i, early_resolution=False)
        for i in range(3)
    ]
    now[0] += 61
    done = svc.resolve_due()
    # the broken match comes first or last by id: every other one resolved all the same
    assert sorted(done) == sorted(g.match_id for g in good)
    for g in good:
        assert len(svc.record(g.match_id)["steps"]) == 1
    host = svc.overview(svc.access_of(broken.host_token))
    assert host["stopped"] is True
    assert host["broken"] == (
        "the game's rules failed resolving step 1 (ZeroDivisionError: division by zero)"
    )
    player = svc.overview(svc.access_of(broken.player_tokens["ann"]))
    assert player["stopped"] is True and "broken" not in player
    assert faulty.applied == 1
    # not retried in a loop: later rounds leave it alone, the others go on
    now[0] += 61
    assert sorted(svc.resolve_due()) == sorted(g.match_id for g in good)
    assert faulty.applied == 1
    assert svc.record(broken.match_id)["steps"] == []


def test_the_host_resolving_by_hand_is_told_why_and_undo_clears_it(sqlite_url, faulty):
    svc = _service(sqlite_url)
    made = svc.create_match("faulty", deadlines={"bid": "manual"})
    with pytest.raises(GameFault, match=r"step 1 was not resolved: .*ZeroDivisionError"):
        svc.resolve(made.match_id, 1)
    assert svc.overview(svc.access_of(made.host_token))["broken"].startswith(
        "the game's rules failed resolving step 1"
    )
    # changing the deadlines is the host acting: the clock may try again
    svc.set_deadlines(made.match_id, {"bid": "minutes:5"})
    assert svc.overview(svc.access_of(made.host_token))["broken"] is None


def test_a_submission_that_completes_a_failing_step_is_kept(db_url, faulty):
    svc = _service(db_url)
    made = svc.create_match("faulty", deadlines={"bid": "manual"})
    players = list(made.player_tokens)
    for p in players[:-1]:
        svc.submit(svc.access_of(made.player_tokens[p]), {"bid": 3}, 1)
    out = svc.submit(svc.access_of(made.player_tokens[players[-1]]), {"bid": 4}, 1)
    assert out["submitted"] and not out["resolved"]
    host = svc.overview(svc.access_of(made.host_token))
    assert host["broken"].endswith("(ZeroDivisionError: division by zero)")
    assert set(host["pending_status"].values()) == {"submitted"}
    with svc.db.read() as s:
        m = s.get(MatchRow, made.match_id)
        assert m is not None and m.step_count == 0 and m.broken_at is not None


def test_a_slow_validate_holds_no_lock_another_match_needs(sqlite_url, slow):
    svc = _service(sqlite_url)
    stuck = svc.create_match("slow", deadlines={"bid": "manual"})
    other = svc.create_match("seat_exchange", deadlines={"trades": "manual"})
    outcome: list[Any] = []

    def submit_slow() -> None:
        try:
            outcome.append(svc.submit(svc.access_of(stuck.player_tokens["ann"]), {"bid": 1}, 1))
        except Exception as exc:  # noqa: BLE001 -- recorded for the assertion below
            outcome.append(exc)

    t = threading.Thread(target=submit_slow)
    t.start()
    assert slow.entered.wait(10)
    finished = threading.Event()

    def submit_other() -> None:
        svc.submit(svc.access_of(other.player_tokens["jk"]), {}, 1)
        finished.set()

    u = threading.Thread(target=submit_other)
    u.start()
    # the other match's submission is stored while the slow validate still runs
    assert finished.wait(20), "a slow validate in one match held up another match"
    assert not slow.release.is_set() and t.is_alive()
    slow.release.set()
    t.join(20)
    u.join(20)
    assert outcome and isinstance(outcome[0], dict) and outcome[0]["submitted"]


def test_rules_past_the_time_limit_refuse_that_submission_only(sqlite_url, slow):
    svc = _service(sqlite_url)
    svc.rules.time_limit = 0.2
    made = svc.create_match("slow", deadlines={"bid": "manual"})
    with pytest.raises(Conflict, match="the game could not check this submission"):
        svc.submit(svc.access_of(made.player_tokens["ann"]), {"bid": 1}, 1)
    slow.release.set()
    host = svc.overview(svc.access_of(made.host_token))
    assert host["pending_status"]["ann"] == "not yet"
    svc.rules.time_limit = 5.0
    assert svc.submit(svc.access_of(made.player_tokens["ann"]), {"bid": 1}, 1)["submitted"]


def test_the_host_page_says_why_the_match_stopped(sqlite_url, faulty, monkeypatch):
    from fastapi.testclient import TestClient

    from mainmatch.host.app import create_app

    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", "test-admin-key-0123456789")
    app = create_app(sqlite_url, scan_interval=3600)
    with TestClient(app) as client:
        svc: HostService = app.state.service
        made = svc.create_match("faulty", deadlines={"bid": "manual"})
        auth = {"Authorization": f"Bearer {made.host_token}"}
        r = client.post(f"/api/matches/{made.match_id}/resolve", json={"step": 1}, headers=auth)
        assert r.status_code == 409, r.text
        assert r.json()["error"].startswith("step 1 was not resolved: the game's rules failed")
        page = client.get(f"/host/{made.host_token}").text
        assert 'id="broken-banner"' in page
        assert "ZeroDivisionError: division by zero" in page
        watch = client.get(f"/watch/{made.spectator_token}").text
        assert 'id="stopped-banner"' in watch and "ZeroDivisionError" not in watch
    app.state.service.db.dispose()


def test_a_view_that_raises_costs_that_matchs_pages_only(sqlite_url, range_game, monkeypatch):
    from fastapi.testclient import TestClient

    from mainmatch.host.app import create_app

    class Blind(type(range_game)):  # type: ignore[misc]
        id = "blind"
        title = "Blind Bid"

        def view(self, state: Any, player: str | None) -> dict:
            raise KeyError("the hidden card")

    registry.register_game(Blind())
    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", "test-admin-key-0123456789")
    app = create_app(sqlite_url, scan_interval=3600)
    with TestClient(app) as client:
        svc: HostService = app.state.service
        blind = svc.create_match("blind", deadlines={"bid": "manual"})
        fine = svc.create_match("seat_exchange", deadlines={"trades": "manual"})
        host = client.get(f"/host/{blind.host_token}", headers={"Accept": "text/html"})
        assert host.status_code == 409 and "Traceback" not in host.text
        assert "this match cannot be shown: the game&#39;s rules failed showing it" in host.text
        assert "KeyError: &#39;the hidden card&#39;" in host.text
        player = client.get(
            f"/api/matches/{blind.match_id}",
            headers={"Authorization": f"Bearer {blind.player_tokens['ann']}"},
        )
        assert player.status_code == 409
        assert "hidden card" not in player.text and "its host can see why" in player.text
        assert client.get(f"/host/{fine.host_token}").status_code == 200
    app.state.service.db.dispose()


def test_a_game_failing_under_its_bots_fails_neither_the_change_nor_the_clock(
    sqlite_url, range_game
):
    class Clumsy(type(range_game)):  # type: ignore[misc]
        id = "clumsy"
        title = "Clumsy Bid"

        def random_action(self, state: Any, player: str, rng: Any) -> dict:
            raise ValueError("no bid drawn")

        def default_action(self, state: Any, player: str, rng: Any) -> dict:
            raise ValueError("no default either")

    registry.register_game(Clumsy())
    now = [3_000_000.0]
    svc = _service(sqlite_url, clock=lambda: now[0])
    other = svc.create_match("seat_exchange", deadlines={"trades": "minutes:1"})
    made = svc.create_match(
        "clumsy",
        bots={"ben": "random", "cat": "random", "dan": "random"},
        deadlines={"bid": "minutes:1"},
    )
    host = svc.overview(svc.access_of(made.host_token))
    assert host["pending_status"]["ben"] == "bot (waiting)"  # the seat waits, logged
    assert svc.submit(svc.access_of(made.player_tokens["ann"]), {"bid": 2}, 1)["submitted"]
    now[0] += 61
    assert svc.resolve_due() == [other.match_id]
    broken = svc.overview(svc.access_of(made.host_token))["broken"]
    assert broken == "the game's rules failed resolving step 1 (ValueError: no default either)"
