"""Every game's pages render for people at every step: the host, each seat's
player page and the spectator page, through a whole match of random play
submitted through the API. One-player steps say whose turn it is."""

from __future__ import annotations

import html
import random
import re

import pytest

from mainmatch import games


@pytest.fixture
def db_url(sqlite_url) -> str:
    """Rendering does not depend on the database: SQLite only."""
    return sqlite_url


@pytest.mark.parametrize("game_id", games.ids())
def test_every_step_of_a_match_renders_on_every_page(api, game_id):
    game = games.get(game_id)
    players = list(game.default_players)
    made = api.create(game_id, seed=13, deadlines={k: "manual" for k in game.action_models})
    svc = api.client.app.state.service
    rng = random.Random(13)
    step = 0
    seen_turn_note = False
    while True:
        _, snap = svc.snapshot(made["match"])
        every = 1 if snap.count < 40 else 9  # long live-step games: every 9th step
        if snap.count % every == 0 or snap.over:
            r = api.client.get(f"/host/{made['host_token']}")
            assert r.status_code == 200 and "Links and seats" in r.text
            r = api.client.get(f"/watch/{made['spectator_token']}")
            assert r.status_code == 200 and "Public view" in r.text
            for p in players:
                live = api.client.get(f"/live/{made['player_tokens'][p]}").json()
                assert set(live["html"]) == {"status", "view", "announcements", "result"}
                action = live["action"]
                if p in snap.pending:
                    assert action["request"] == snap.pending[p]
                    # the form is built from the step's description, in its words
                    desc = action["description"]
                    assert desc["kind"] == action["kind"]
                    assert desc["ask"] == game.step(action["kind"]).ask
                    assert action["summary"].strip() and "{" not in action["summary"]
                    assert (
                        "Your move" in live["html"]["status"]
                        or "Submitted" in live["html"]["status"]
                    )
                else:
                    assert action["request"] is None
                    if len(snap.pending) == 1:
                        (who,) = snap.pending
                        assert re.search(
                            rf"It is <b>{re.escape(who)}</b>&#39;s turn|It is <b>{re.escape(who)}</b>'s turn",
                            live["html"]["status"],
                        )
                        seen_turn_note = True
        if snap.over:
            break
        for p in snap.pending:
            r = api.submit(made, p, game.random_action(snap.state, p, rng))
            assert r.status_code == 200, r.text
        step += 1
        assert step < 5000
    page = api.client.get(f"/play/{made['player_tokens'][players[0]]}").text
    assert 'id="result-table"' in page and "The match is over" in page
    # the result's details in words: tables, never the JSON of the result
    details = page.split('id="result-details"', 1)[1].split("</details>", 1)[0]
    assert not re.search(r'[{}\[\]"]|\b[a-z]+_[a-z_]+\b', re.sub(r"<[^>]*>", "", details)), details
    if game_id == "homeostasis":
        assert seen_turn_note, "homeostasis has one-player steps"


def test_home_new_rules_and_static_pages(api):
    home = api.client.get("/")
    assert home.status_code == 200
    for g in games.all_games():
        assert html.unescape(home.text).count(g.title) >= 1
        assert api.client.get(f"/rules/{g.id}").status_code == 200
        assert api.client.get(f"/new?game={g.id}").status_code == 200
    for f in ("style.css", "app.js", "form.js", "match.js", "create.js"):
        assert api.client.get(f"/static/{f}").status_code == 200
    assert api.client.get("/favicon.ico").status_code == 200
    # a game's own scripts come from its package's web/ folder; nothing else is served
    r = api.client.get("/web/seat_exchange/seat_exchange.js")
    assert r.status_code == 200 and "MMWidgets.seat_pairs" in r.text
    assert r.headers["content-type"].startswith("text/javascript")
    for bad in ("view.html", "inputs.json", "..%2Fgame.py", "nosuch.js"):
        assert api.client.get(f"/web/seat_exchange/{bad}").status_code == 404, bad
    assert api.client.get("/web/chess/seat_exchange.js").status_code == 404

    r = api.client.get("/rules/chess", headers={"Accept": "text/html"})
    assert r.status_code == 422 and "unknown game" in r.text and "<html" in r.text
