"""A game for a range of players on the host: the service, ``POST /api/matches``
(what the /new page sends) and the pages take any count of its range and
refuse the others in the game's words (``RangeBid``: 3 to 5 players)."""

from __future__ import annotations

import json
import re

import pytest

from mainmatch.host.errors import Unprocessable


@pytest.mark.parametrize("count", [3, 5])
def test_the_service_creates_at_the_fewest_and_the_most(api, range_game, count):
    svc = api.client.app.state.service
    players = range_game.default_lineup(count)
    made = svc.create_match("rangebid", players, bots={p: "random" for p in players[1:]})
    _m, snap = svc.snapshot(made.match_id)
    assert snap.config["players"] == players and list(made.player_tokens) == players


@pytest.mark.parametrize("count", [2, 6])
def test_the_service_refuses_outside_the_range(api, range_game, count):
    svc = api.client.app.state.service
    with pytest.raises(Unprocessable, match=f"^Range Bid takes 3 to 5 players, not {count}$"):
        svc.create_match("rangebid", [f"x{i}" for i in range(count)])


def test_the_service_default_table_is_the_games_default_count(api, range_game):
    made = api.client.app.state.service.create_match("rangebid")
    assert list(made.player_tokens) == ["ann", "ben", "cat", "dan"]


@pytest.mark.parametrize("count", [3, 4, 5])
def test_the_api_creates_and_plays_at_every_count(api, range_game, count):
    players = range_game.default_lineup(count)
    made = api.create("rangebid", players=players, deadlines={"bid": "manual"})
    view = api.overview(made, made["host_token"])
    assert view["game"]["player_count"] == count
    assert (view["game"]["players_min"], view["game"]["players_max"]) == (3, 5)
    for p in players:
        assert api.submit(made, p, {"bid": 2}).status_code == 200
    assert api.overview(made, made["host_token"])["status"] == "over"


@pytest.mark.parametrize("count", [2, 6])
def test_the_api_refuses_outside_the_range_in_one_line(api, range_game, count):
    players = [f"x{i}" for i in range(count)]
    r = api.call(
        "POST", "/api/matches", api.admin_key, json={"game": "rangebid", "players": players}
    )
    assert r.status_code == 422
    assert r.json() == {"error": f"Range Bid takes 3 to 5 players, not {count}"}


def test_games_listing_gives_the_range(api, range_game):
    info = api.call("GET", "/api/games/rangebid").json()
    assert (info["players_min"], info["players_max"], info["players_default"]) == (3, 5, 4)
    assert info["player_count"] == 3  # the fewest, for older clients
    assert info["lineup"] == ["ann", "ben", "cat", "dan", "p1"]
    mvp = api.call("GET", "/api/games/mvp").json()
    assert (mvp["players_min"], mvp["players_max"], mvp["player_count"]) == (6, 6, 6)


def test_the_pages_show_the_range(api, range_game):
    home = api.call("GET", "/").text
    assert 'Range Bid <span class="pill">3–5 players</span>' in home
    assert 'The MVP <span class="pill">6 players</span>' in home
    page = api.client.get("/new").text
    assert "Range Bid (3–5 players)</option>" in page
    assert 'id="count"' in page
    data = json.loads(re.search(r'id="games-data">(.*?)</script>', page, re.DOTALL).group(1))
    found = next(g for g in data if g["id"] == "rangebid")
    assert (found["players_min"], found["players_max"]) == (3, 5)
