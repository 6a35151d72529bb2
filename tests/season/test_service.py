"""Once, never twice: the database, not memory, keeps a match from entering twice.

On a SQLite file and on the real PostgreSQL: the claim table's unique key
refuses a second claim; a hosted match whose entry was lost (the process
stopped between the match's end and its entry) is entered by the next read,
by whichever process reads first, exactly once; two processes racing to add
the same record get one entry between them.
"""

from __future__ import annotations

import threading

import pytest
from sqlalchemy.exc import IntegrityError

from mainmatch.host.db import Database
from mainmatch.host.errors import HostError
from mainmatch.host.season_models import SeasonClaimRow, SeasonMatchRow, SeasonRow
from mainmatch.host.season_service import SeasonService
from mainmatch.host.service import HostService
from mainmatch.season.ledger import SeasonError

CAST = ["a", "b", "c", "d", "e", "f"]


@pytest.fixture
def services(db_url):
    """Two services on one database: two server processes."""
    made = []
    for _ in range(2):
        db = Database(db_url)
        db.migrate()
        made.append(SeasonService(db, HostService(db)))
    yield made
    for svc in made:
        svc.db.dispose()


def test_the_claim_table_refuses_a_second_claim(services):
    one, _ = services
    one.create("s1", CAST)
    with pytest.raises(IntegrityError), one.db.write() as s:
        sid = s.query(SeasonRow.id).scalar()
        s.add(SeasonClaimRow(season_id=sid, match_key="k" * 64, entry=1))
        s.flush()
        s.add(SeasonClaimRow(season_id=sid, match_key="k" * 64, entry=2))
        s.flush()


def test_a_lost_entry_is_made_by_the_next_read_once(services):
    one, two = services
    one.create("s1", CAST)
    # the match ends while no season listener runs (as if the process died first)
    made = one.host.create_match("amalgamation", CAST, bots={p: "random" for p in CAST})
    with one.db.write() as s:
        sid = s.query(SeasonRow.id).scalar()
        s.add(SeasonMatchRow(match_id=made.match_id, season_id=sid, created_at=0.0))
    barrier = threading.Barrier(2)
    seen: list[int] = []

    def read(svc: SeasonService) -> None:
        barrier.wait()
        seen.append(len(svc.get("s1").entries))

    threads = [threading.Thread(target=read, args=(svc,)) for svc in services]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [1, 1]
    season = two.get("s1")
    assert [e.body.kind for e in season.entries] == ["main_match"]
    assert season.matches[0]["entry"] == 1 and season.entries[0].author == "mainmatch"
    # the listener firing late changes nothing either
    one.match_changed(made.match_id)
    assert len(one.get("s1").entries) == 1


def test_two_processes_adding_the_same_record_make_one_entry(services):
    one, two = services
    one.create("s1", CAST)
    made = one.host.create_match("amalgamation", CAST, bots={p: "random" for p in CAST})
    record = one.host.record(made.match_id)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def add(svc: SeasonService) -> None:
        barrier.wait()
        try:
            svc.add_record("s1", record, author="host")
            outcomes.append("entered")
        except (SeasonError, HostError) as exc:
            outcomes.append(str(exc))

    threads = [threading.Thread(target=add, args=(svc,)) for svc in services]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("entered") == 1, outcomes
    assert any("already in the ledger" in o for o in outcomes), outcomes
    assert len(two.get("s1").entries) == 1


def test_a_respelt_record_does_not_enter_again(services):
    """Issue 26, L6: ``{}`` respelt as ``{"trades": []}`` is the same match: its
    garnets and Tokens of Life are paid once."""
    one, _ = services
    players = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"]
    one.create("s1", players)
    made = one.host.create_match("seat_exchange", players, bots={p: "random" for p in players})
    record = one.host.record(made.match_id)
    one.add_record("s1", record, author="host")
    held = one.get("s1").standings.players
    spots = [
        (i, p)
        for i, st in enumerate(record["steps"])
        for p, a in st["actions"].items()
        if "trades" in a and not a["trades"]
    ]
    assert spots, "a player who traded nothing in some step"
    i, p = spots[0]
    steps = [dict(st) for st in record["steps"]]
    action = {k: v for k, v in steps[i]["actions"][p].items() if k != "trades"}
    steps[i]["actions"] = {**steps[i]["actions"], p: action}  # {"trades": []} as {}
    respelt = {**record, "steps": steps}
    assert respelt != record
    with pytest.raises(SeasonError, match="this match is already in the ledger"):
        one.add_record("s1", respelt, author="host")
    assert one.get("s1").standings.players == held and len(one.get("s1").entries) == 1


def test_the_season_migration_makes_its_tables(services):
    tables = set(services[0].db.tables())
    assert {"seasons", "season_entries", "season_claims", "season_matches"} <= tables
