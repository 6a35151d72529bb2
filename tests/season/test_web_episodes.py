"""The season page's episode table, links, Death Match saves and the API that
enters a match of this server by id (a real app on a SQLite file and PostgreSQL)."""

from __future__ import annotations

import html
import re

import mainmatch.games
from mainmatch.engine.registry import get_game

from .test_web import auth, create, season


def page(client, path: str) -> str:
    r = client.get(path, headers={"accept": "text/html"})
    assert r.status_code == 200, r.text
    return r.text


def bots_match(client, players: list[str], seed: int = 1) -> dict:
    from .conftest import ADMIN_KEY

    body = {"game": "amalgamation", "players": players, "bots": dict.fromkeys(players, "random")}
    r = client.post("/api/matches", json={**body, "seed": seed}, headers=auth(ADMIN_KEY))
    assert r.status_code == 201, r.text
    assert client.app.state.service.wait_for_bots(60)
    return r.json()


def test_a_match_of_this_server_enters_by_id_and_shows_as_an_episode(client):
    token = create(client, gamewide_tiebreak=["g", "f", "e", "d", "c", "b", "a"])
    other = create(client, "s2")
    made = bots_match(client, ["a", "b", "c", "d", "e", "f"])
    host = page(client, f"/seasons/s1/host/{token}")
    # offered in the list of this host's finished matches
    assert f'<option value="{made["match"]}">The Amalgamation (a, b, c, d, e, f;' in host
    listed = client.get("/api/seasons/s1/server-matches", headers=auth(token)).json()
    assert [m["match"] for m in listed] == [made["match"]]
    assert client.get("/api/seasons/s1/server-matches").status_code == 401
    assert client.get("/api/seasons/s1/server-matches", headers=auth(other)).status_code == 403
    r = client.post("/api/seasons/s1/server-matches", json={"match": "zz"}, headers=auth(token))
    assert r.status_code == 404 and r.json()["error"] == (
        "no match 'zz' of this season's host on this server"
    )
    r = client.post(
        "/api/seasons/s1/server-matches", json={"match": made["match"]}, headers=auth(token)
    )
    assert r.status_code == 201, r.text
    r = client.post(
        "/api/seasons/s1/server-matches", json={"match": made["match"]}, headers=auth(token)
    )
    assert r.status_code == 422 and "already in the ledger" in r.json()["error"]
    assert len(season(client)["entries"]) == 1

    result = client.get(
        f"/api/matches/{made['match']}/result", headers=auth(made["host_token"])
    ).json()
    public = page(client, "/seasons/s1")
    table = public.split('id="episodes"')[1].split("</section>")[0]
    # the episode links the spectator page, never the internal id as text
    assert f'<a href="/watch/{made["spectator_token"]}">The Amalgamation</a>' in table
    assert made["match"] not in html.unescape(re.sub(r"<[^>]+>", "", public))
    # places as the game ranks them ("1", "2=", ...), each beside the player's points
    labels = {
        p: label
        for label, group in get_game("amalgamation").placings(
            result, list(result["details"]["points"])
        )
        for p in group
    }
    assert len(labels) == 6
    for p, pts in result["details"]["points"].items():
        place = labels[p]
        row = re.search(
            rf'<tr data-player="{p}">.*?<td class="num">([^<]+)</td>\s*<td class="num">(-?\d+)</td>',
            table,
            re.DOTALL,
        )
        assert row is not None and row.groups() == (str(place), str(pts)), p


def test_hosted_matches_link_spectators_and_the_season_host_gets_a_host_link(client):
    token = create(client)
    other = create(client, "s2")
    players = ["a", "b", "c", "d", "e", "f"]
    bots = {p: "random" for p in players[1:]}  # a person in seat a, bots in the rest
    r = client.post(
        "/api/seasons/s1/matches",
        json={"game": "amalgamation", "players": players, "bots": bots},
        headers=auth(token),
    )
    assert r.status_code == 201, r.text
    made = r.json()
    assert client.app.state.service.wait_for_bots(60)
    seats = client.get("/api/matches", headers=auth(client.app.state.admin_key)).json()
    seats = next(m for m in seats["matches"] if m["match"] == made["match"])["seats"]
    assert seats == [{"player": "a", "bot": None}] + [
        {"player": p, "bot": "random"} for p in players[1:]
    ]
    public = page(client, "/seasons/s1")
    matches = public.split('id="matches"')[1].split("</section>")[0]
    assert f'href="/watch/{made["spectator_token"]}"' in matches and "host-link" not in matches
    host = page(client, f"/seasons/s1/host/{token}")
    assert f'data-match="{made["match"]}"' in host.split('id="matches"')[1]
    path = f"/api/seasons/s1/matches/{made['match']}/host-link"
    assert client.post(path, headers=auth(other)).status_code == 403
    r = client.post(f"/api/seasons/s2/matches/{made['match']}/host-link", headers=auth(other))
    assert r.status_code == 404
    r = client.post(path, headers=auth(token))
    assert r.status_code == 200
    new = r.json()["host"].rsplit("/", 1)[1]
    assert client.get(f"/api/matches/{made['match']}", headers=auth(new)).status_code == 200
    old = client.get(f"/api/matches/{made['match']}", headers=auth(made["host_token"]))
    assert old.status_code == 403


def test_the_ledger_says_a_token_of_life_saved_the_loser(client):
    token = create(client)
    for entry in (
        {"kind": "adjust", "player": "b", "tokens_of_life": 2},
        {"kind": "death_match", "ec": "a", "opponent": "b", "winner": "a", "game": "Poker"},
    ):
        r = client.post("/api/seasons/s1/entries", json={"entry": entry}, headers=auth(token))
        assert r.status_code == 201, r.text
    ledger = html.unescape(page(client, "/seasons/s1").split('id="history"')[1])
    assert (
        "Death Match (Poker): a (EC) against b; a won; "
        "b lost the Death Match, saved by a Token of Life (2 → 1)"
    ) in ledger
    md = client.get("/api/seasons/s1/standings.md").text
    assert "DM 0-1 · saved by a Token of Life" in md


def test_the_next_match_form_offers_each_seat_a_person_or_the_games_bots(client):
    token = create(client)
    host = page(client, f"/seasons/s1/host/{token}")
    form = host.split('class="season-match"')[1].split("</form>")[0]
    assert re.findall(r'<select name="seat" data-player="(\w)"', form) == list("abcdefg")
    options = {
        g: (int(low), int(high), bots)
        for g, low, high, bots in re.findall(
            r'<option value="(\w+)" data-min="(\d+)" data-max="(\d+)" data-bots="([\w,]*)"', form
        )
    }
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert options.keys() == games.keys()
    for g, (low, high, bots) in options.items():
        assert bots == ",".join(games[g]["bots"])
        assert (low, high) == mainmatch.games.get(g).players_range()


def test_standings_headers_are_explained_in_words(client):
    """The standings' short headers (Gar ToL W EC DM) are said in words under the
    table, not only on hover, which a phone has not (issue 34 item 7)."""
    create(client)
    public = page(client, "/seasons/s1")
    key = public.split('id="standings-key"')[1].split("</p>")[0]
    said = " ".join(html.unescape(key).split())
    for words in (
        "Gar: garnets held",
        "ToL: Tokens of Life",
        "W: Main Match wins",
        "EC: times Elimination Candidate",
        "DM: Death Matches won-lost",
    ):
        assert words in said, said
