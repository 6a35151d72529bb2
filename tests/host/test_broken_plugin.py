"""One installed plugin that raises at import costs only itself (issue 33, N2).

Such a plugin used to make ``/api/games``, ``/`` and ``/new`` answer 500 and
kept the Discord bot from starting. Now every page answers, lists the other
games, and names the broken one with why in words (no traceback); so does
``mainmatch games``; and the bot starts and hosts the other games. The
``broken_plugin`` fixture (tests/conftest.py) installs a real distribution
whose game module raises ``ZeroDivisionError`` at import.
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from mainmatch import games
from mainmatch.cli import main
from mainmatch.host.app import create_app

WHY = "its package failed at import (ZeroDivisionError: division by zero)"


def test_pages_and_api_list_the_rest_and_name_the_broken_one(
    sqlite_url, broken_plugin, monkeypatch
):
    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", "test-admin-key-0123456789")
    assert "wreck" in games.ids()
    app = create_app(sqlite_url, scan_interval=3600)
    with TestClient(app) as client:
        listed = client.get("/api/games")
        assert listed.status_code == 200, listed.text
        by_id = {g["id"]: g for g in listed.json()}
        assert by_id["wreck"] == {"id": "wreck", "broken": WHY}
        assert by_id["seat_exchange"]["title"] == "Kong's Seat Exchange"
        for path in ("/", "/new"):
            r = client.get(path)
            assert r.status_code == 200, (path, r.text[:300])
            assert "Kong&#39;s Seat Exchange" in r.text or "Kong's Seat Exchange" in r.text
            assert "<b>wreck</b>: its package failed at import" in r.text, path
            assert "Traceback" not in r.text
        one = client.get("/api/games/wreck")
        assert one.status_code == 422, one.text
        assert one.json()["error"] == f"the game 'wreck' cannot be loaded: {WHY}"
        made = client.post(
            "/api/matches",
            json={"game": "wreck"},
            headers={"Authorization": "Bearer test-admin-key-0123456789"},
        )
        assert made.status_code == 422 and "cannot be loaded" in made.json()["error"]
    app.state.service.db.dispose()


def test_mainmatch_games_names_the_broken_plugin(broken_plugin, capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "seat_exchange" in out and "wreck" in out
    assert "cannot be loaded" in out and "ZeroDivisionError" in out
