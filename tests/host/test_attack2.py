"""Issue #26: the second attack's findings on the host server (M1 to M4, L1 to
L5), each replayed black-box against a real server on a real SQLite file
(PostgreSQL too where the fixture is ``db_url`` and ``make test`` runs)."""

from __future__ import annotations

import threading
import time

import httpx

from mainmatch.host import api as api_module
from mainmatch.host.app import create_app

from .browserkit import served
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
        for player, at in (("jk", 0.4), ("dh", 1.7)):
            time.sleep(max(0.0, start[0] + at - time.monotonic()))
            r = http.put(
                f"/api/matches/{made['match']}/submission",
                headers={"Authorization": f"Bearer {made['player_tokens'][player]}"},
                json={"action": {"trades": []}, "step": 1},
            )
            assert r.status_code == 200, r.text
        reader.join(10)
    assert len(beats) == 3, beats
    for n, beat in enumerate(beats, 1):
        assert abs(beat - n * period) < 0.25, beats
