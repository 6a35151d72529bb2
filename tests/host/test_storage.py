"""Storage: migrations, the append-only steps, racing resolutions, the cache
of replayed states shared by two server processes, and the deadline clock."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from mainmatch.host.db import Database
from mainmatch.host.errors import Conflict
from mainmatch.host.models import StepRow
from mainmatch.host.service import HostService

MANUAL = {"trades": "manual", "choose_ec": "manual"}


def _service(url: str, **kw) -> HostService:
    db = Database(url)
    db.migrate()
    return HostService(db, **kw)


def test_migrations_make_the_schema_and_run_again_harmlessly(db_url):
    db = Database(db_url)
    db.migrate()
    db.migrate()
    expected = {"alembic_version", "matches", "players", "settings", "steps", "submissions"}
    assert expected <= set(db.tables())
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from mainmatch.host.db import MIGRATIONS

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(cfg).get_current_head()  # one head: a single chain
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == head


def test_a_step_number_is_stored_once(db_url):
    svc = _service(db_url)
    made = svc.create_match("seat_exchange", deadlines=MANUAL, early_resolution=False)
    svc.resolve(made.match_id, 1)
    with pytest.raises(IntegrityError), svc.db.write() as s:
        s.add(StepRow(match_id=made.match_id, number=1, actions={}, defaulted=[], created_at=0.0))


def test_racing_resolutions_apply_the_step_once(db_url):
    """Two server processes (two services, two connection pools) and many
    threads resolve step 1 at once: it is applied once; the others are told."""
    a, b = _service(db_url), _service(db_url)
    made = a.create_match("seat_exchange", deadlines=MANUAL, early_resolution=False)
    outcomes: list[str] = []
    barrier = threading.Barrier(8)

    def race(svc: HostService) -> None:
        barrier.wait()
        try:
            svc.resolve(made.match_id, step=1)
            outcomes.append("applied")
        except Conflict as exc:
            outcomes.append(str(exc))

    threads = [threading.Thread(target=race, args=(a if i % 2 else b,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("applied") == 1
    assert all(
        o == "step 1 is already resolved; the open step is 2" for o in outcomes if o != "applied"
    )
    with a.db.read() as s:
        assert list(s.scalars(select(StepRow.number).where(StepRow.match_id == made.match_id))) == [
            1
        ]
    assert len(a.record(made.match_id)["steps"]) == 1 and len(b.record(made.match_id)["steps"]) == 1


def test_racing_deadline_clocks_resolve_once(db_url):
    now = [1_000_000.0]
    a, b = _service(db_url, clock=lambda: now[0]), _service(db_url, clock=lambda: now[0])
    made = a.create_match(
        "seat_exchange", deadlines={"trades": "minutes:1"}, early_resolution=False
    )
    now[0] += 61
    done: list[list[str]] = []
    barrier = threading.Barrier(6)

    def tick(svc):
        barrier.wait()
        done.append(svc.resolve_due())

    threads = [threading.Thread(target=tick, args=(a if i % 2 else b,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(len(d) for d in done) == 1
    rec = a.record(made.match_id)
    assert len(rec["steps"]) == 1 and len(rec["steps"][0]["defaulted"]) == 13


def test_submission_after_the_deadline_is_refused_until_the_clock_resolves(db_url):
    now = [2_000_000.0]
    svc = _service(db_url, clock=lambda: now[0])
    made = svc.create_match(
        "seat_exchange", deadlines={"trades": "minutes:10"}, early_resolution=False
    )
    jk = svc.access_of(made.player_tokens["jk"])
    svc.submit(jk, {}, 1)
    now[0] += 600
    with pytest.raises(
        Conflict,
        match=r"the deadline of step 1 passed at .* UTC; it resolves with the rules' defaults",
    ):
        svc.submit(jk, {"garnets": 0}, 1)
    assert svc.resolve_due() == [made.match_id]
    rec = svc.record(made.match_id)
    assert rec["steps"][0]["actions"]["jk"] == {} and "jk" not in rec["steps"][0]["defaulted"]


def test_drawn_defaults_are_reproducible(sqlite_url, tmp_path):
    """The defaults of step n come from Random(f"{seed}:{n}"): the same match
    resolved twice at its deadlines draws the same defaults."""
    from mainmatch import games

    records = []
    for i in range(2):
        svc = _service(f"sqlite:///{tmp_path / f'r{i}.db'}")
        game = games.get("amalgamation")  # its default thief role is drawn by the host
        made = svc.create_match(
            "amalgamation", seed=9, deadlines={"round": "manual", "choose_ec": "manual"}
        )
        for step in (1, 2, 3):
            svc.resolve(made.match_id, step)
        records.append(svc.record(made.match_id))
    assert records[0] == records[1]
    roles = {a["thief"]["role"] for s in records[0]["steps"] for a in s["actions"].values()}
    assert len(roles) > 1, "the default role is drawn, not fixed"
    assert game.id == "amalgamation"


def test_two_processes_share_the_database_not_the_cache(db_url):
    """Each process caches replayed states keyed by (match, steps, undos): a
    process that is behind catches up, and an undo elsewhere is noticed."""
    a, b = _service(db_url), _service(db_url)
    made = a.create_match("seat_exchange", seed=4, deadlines=MANUAL, early_resolution=False)
    b.snapshot(made.match_id)  # b caches step 0
    a.submit(
        a.access_of(made.player_tokens["jk"]),
        {"trades": [{"players": ["dh", "sm"], "amount": 20}]},
        1,
    )
    a.resolve(made.match_id, 1)
    a.resolve(made.match_id, 2)
    _, snap = b.snapshot(made.match_id)
    assert snap.count == 2 and snap.state == a.snapshot(made.match_id)[1].state
    # undo in a, then a different step 2 in a: b must not keep its own step 2
    a.undo(made.match_id, 2)
    a.submit(
        a.access_of(made.player_tokens["dh"]),
        {"trades": [{"players": ["p04", "p05"], "amount": 3}]},
        2,
    )
    a.resolve(made.match_id, 2)
    _, snap_b = b.snapshot(made.match_id)
    assert snap_b.record() == a.record(made.match_id)
    assert snap_b.steps[1]["actions"]["dh"] == {
        "trades": [{"players": ["p04", "p05"], "amount": 3}]
    }


def test_bad_database_urls_are_one_line(tmp_path):
    from mainmatch.host.db import DatabaseError

    with pytest.raises(DatabaseError, match="unsupported database 'mysql'"):
        Database("mysql://x@localhost/db")
    with pytest.raises(DatabaseError, match="cannot open the database"):
        Database(f"sqlite:///{tmp_path}/no/such/dir/x.db").migrate()
