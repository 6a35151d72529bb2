"""A finished match of this server enters a season by its id, only when the
season's owner may see it (docs/hosting.md, threat model): a web season
reaches the matches made on the web and the ones it started, a Discord
season its own server's; any other id answers as if it did not exist.
Also: the host link of a match the season started, the Death Match saved by
a Token of Life in words, and the episode table read from the game's result.
On a SQLite file and on the real PostgreSQL.
"""

from __future__ import annotations

import pytest

from mainmatch.host.chatstore import DiscordMatchRow
from mainmatch.host.db import Database
from mainmatch.host.errors import Conflict, NotFound
from mainmatch.host.season_service import SeasonService
from mainmatch.host.service import HostService
from mainmatch.season import render
from mainmatch.season.episodes import episodes, placings
from mainmatch.season.ledger import SeasonError

CAST = ["a", "b", "c", "d", "e", "f", "g"]
SIX = CAST[:6]


@pytest.fixture
def seasons(db_url):
    db = Database(db_url)
    db.migrate()
    svc = SeasonService(db, HostService(db))
    svc.host.listeners.append(svc.match_changed)
    yield svc
    db.dispose()


def finished(svc: SeasonService, players: list[str], seed: int = 1, **options) -> str:
    made = svc.host.create_match(
        "amalgamation", players, bots={p: "random" for p in players}, seed=seed, options=options
    )
    assert svc.host.wait_for_bots(60)
    return made.match_id


def on_discord(svc: SeasonService, match_id: str, guild: int) -> None:
    with svc.db.write() as s:
        s.add(
            DiscordMatchRow(
                match_id=match_id, guild_id=guild, channel_id=1, created_by=1, created_at=0
            )
        )


def test_a_web_season_enters_a_web_match_by_id_once(seasons):
    seasons.create("s1", CAST)
    web = finished(seasons, SIX)
    outsider = finished(seasons, ["x1", "x2", "x3", "x4", "x5", "x6"], seed=2)
    guilds = finished(seasons, SIX, seed=3)
    on_discord(seasons, guilds, 77)
    running = seasons.host.create_match("amalgamation", SIX, seed=4).match_id
    # the list: finished, of the web, every player an alive cast member
    listed = [m["match"] for m in seasons.owner_matches("s1")]
    assert listed == [web]
    entry = seasons.add_match("s1", web, author="host")
    assert entry.body.source == "hosted" and entry.body.match == web
    assert entry.body.result is not None and entry.reason == f"hosted match {web}"
    assert seasons.owner_matches("s1") == []  # entered: no longer offered
    with pytest.raises(SeasonError, match="already in the ledger"):
        seasons.add_match("s1", web, author="host")
    for other in (guilds, "nope"):  # another owner's match reads as no match at all
        with pytest.raises(NotFound, match=f"no match '{other}' of this season's host"):
            seasons.add_match("s1", other, author="host")
    with pytest.raises(Conflict, match="still being played"):
        seasons.add_match("s1", running, author="host")
    with pytest.raises(SeasonError, match="not in the season's cast"):
        seasons.add_match("s1", outsider, author="host")
    assert len(seasons.get("s1").entries) == 1
    # its starting garnets must be the ledger's, as for an uploaded record
    seasons.create("s2", CAST, starting_garnets=1)
    with pytest.raises(SeasonError, match="starting garnets differ from the ledger"):
        seasons.add_match("s2", web, author="host")
    assert seasons.get("s2").entries == []


def test_a_discord_season_reaches_only_its_own_servers_matches(seasons):
    seasons.create("d1", CAST, guild=77)
    web = finished(seasons, SIX)
    ours = finished(seasons, SIX, seed=5)
    theirs = finished(seasons, SIX, seed=6)
    on_discord(seasons, ours, 77)
    on_discord(seasons, theirs, 88)
    assert [m["match"] for m in seasons.owner_matches("d1")] == [ours]
    for other in (web, theirs):
        with pytest.raises(NotFound):
            seasons.add_match("d1", other, author="host")
    assert seasons.add_match("d1", ours, author="host").body.match == ours


def test_the_seasons_own_match_and_its_host_link(seasons):
    seasons.create("s1", CAST)
    made = seasons.new_match("s1", "amalgamation", SIX, bots={p: "random" for p in SIX})
    assert seasons.host.wait_for_bots(60)
    season = seasons.get("s1")
    assert season.matches[0]["entry"] == 1
    assert season.watch == {made.match_id: f"/watch/{made.spectator_token}"}
    token = seasons.season_match_host_link("s1", made.match_id)
    acc = seasons.host.access_of(token)
    assert acc is not None and acc.role == "host" and acc.match_id == made.match_id
    assert seasons.host.access_of(made.host_token) is None  # the old link stops working
    other = finished(seasons, SIX, seed=9)  # a web match the season did not start
    with pytest.raises(NotFound, match="started no match"):
        seasons.season_match_host_link("s1", other)
    seasons.create("s2", CAST)
    with pytest.raises(NotFound):
        seasons.season_match_host_link("s2", made.match_id)


def test_a_death_match_saved_by_a_token_says_so(seasons):
    seasons.create("s1", CAST)
    seasons.append("s1", {"kind": "adjust", "player": "b", "tokens_of_life": 2}, author="h")
    saved = seasons.append(
        "s1", {"kind": "death_match", "ec": "a", "opponent": "b", "winner": "a"}, author="h"
    )
    out = seasons.append(
        "s1", {"kind": "death_match", "ec": "c", "opponent": "d", "winner": "d"}, author="h"
    )
    st = seasons.get("s1").standings
    assert render.entry_line(saved.number, saved.body, st) == (
        "Death Match: a (EC) against b; a won; "
        "b lost the Death Match, saved by a Token of Life (2 → 1)"
    )
    assert render.entry_line(out.number, out.body, st).endswith(
        "c lost the Death Match and is eliminated"
    )
    assert st.players["b"].history[-1]["text"].endswith("lost, saved by a Token of Life (2 → 1)")
    post = render.markdown(st)
    assert "**b**: 0 💎 · 1 ToL · DM 0-1 · saved by a Token of Life" in post
    # undone: nothing is said about a save that no longer happened
    seasons.undo("s1", author="h")
    seasons.undo("s1", author="h")
    st = seasons.get("s1").standings
    assert render.entry_line(saved.number, saved.body, st) == "Death Match: a (EC) against b; a won"


def test_the_episode_table_reads_places_and_points_from_the_result(seasons):
    seasons.create("s1", CAST)
    match = finished(seasons, SIX)
    seasons.add_match("s1", match, author="host")
    seasons.append(
        "s1",
        {"kind": "main_match", "players": ["a", "g"], "winners": ["g"], "garnets": {"g": 2}},
        author="host",
    )
    season = seasons.get("s1")
    result = seasons.host.record(match)
    one, two = episodes(season.entries, season.standings)
    body = season.entries[0].body
    assert body.result is not None
    ranking, points = body.result["ranking"], body.result["details"]["points"]
    assert [r.player for r in one.rows] == [p for group in ranking for p in group]
    for r in one.rows:
        above = sum(len(g) for g in ranking[: [r.player in g for g in ranking].index(True)])
        tied = len(next(g for g in ranking if r.player in g)) > 1
        assert r.place == f"{above + 1}{'=' if tied else ''}"
        assert r.points == points[r.player]
    assert one.match == match and one.game == "amalgamation" and result["game"] == "amalgamation"
    # typed in: no ranking, no points; the winner and garnets still show
    assert [(r.player, r.place, r.points, r.won, r.garnets) for r in two.rows] == [
        ("a", None, None, False, 0),
        ("g", None, None, True, 2),
    ]
    # the game's own labels: a tie shares its place, the next counts the players above
    ranked = {"ranking": [["x", "y"], ["z"]], "details": {"points": {"x": 5, "y": 5, "z": 1}}}
    got = placings("amalgamation", ranked, ["z", "x"])
    assert (got["x"].place, got["x"].points, got["z"].place, got["z"].points) == ("1=", 5, "3", 1)
    assert got["x"].order < got["z"].order
    assert placings(None, ranked, ["x"])["x"].place is None  # a typed-in result: no game
