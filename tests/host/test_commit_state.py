"""Overviews built once per version of a match, a submission in one short
transaction, and a submission's answer carrying the page's new state
(issue 35: the server's time goes to rebuilding what did not change).

Statements and transactions are counted on the real engine with SQLAlchemy's
event listeners, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from sqlalchemy import event

from mainmatch.host.db import Database
from mainmatch.host.service import Access, HostService

TRADE = {"trades": [{"players": ["dh", "sm"], "amount": 3}]}


@dataclass
class Counted:
    statements: list[str] = field(default_factory=list)
    transactions: int = 0


@contextmanager
def counting(db: Database) -> Iterator[Counted]:
    """Every statement and transaction ``db`` runs meanwhile."""
    seen = Counted()

    def statement(_conn, _cur, stmt, *_args) -> None:
        seen.statements.append(stmt)

    def begin(_conn) -> None:
        seen.transactions += 1

    event.listen(db.engine, "before_cursor_execute", statement)
    event.listen(db.engine, "begin", begin)
    try:
        yield seen
    finally:
        event.remove(db.engine, "before_cursor_execute", statement)
        event.remove(db.engine, "begin", begin)


def _service(url: str) -> tuple[Database, HostService, dict[str, str]]:
    db = Database(url)
    db.migrate()
    svc = HostService(db)
    made = svc.create_match("seat_exchange", deadlines={"trades": "manual"})
    return db, svc, made.player_tokens


def test_a_submission_is_one_short_transaction(db_url) -> None:
    """A submission that resolves nothing: one transaction, at most 10
    statements, and no bot round (the bots moved when the step opened)."""
    db, svc, tokens = _service(db_url)
    jk = svc.access_of(tokens["jk"])
    assert jk is not None
    with counting(db) as seen:
        out = svc.submit(jk, TRADE, 1)
    assert out["submitted"] and not out["resolved"]
    assert seen.transactions == 1
    assert len(seen.statements) <= 10, seen.statements
    db.dispose()


def test_an_overview_is_built_once_per_version_of_its_match(db_url) -> None:
    """The second reader of a version reads two rows and builds nothing; a
    submission (a new version) is seen at once, by its player and the host,
    and moves no other player's version."""
    db, svc, tokens = _service(db_url)
    jk = svc.access_of(tokens["jk"])
    assert jk is not None
    host = Access(jk.match_id, "host")
    first = svc.overview(jk)
    built = svc.overviews.built
    with counting(db) as seen:
        again = svc.overview(jk)
    assert svc.overviews.built == built
    selects = [s.split("FROM")[1].split()[0] for s in seen.statements if "SELECT" in s.upper()]
    assert selects == ["matches", "submissions"]  # the match row and the player's own submission
    assert {**again, "now": 0} == {**first, "now": 0}
    assert svc.overview(host)["pending_status"]["jk"] == "not yet"
    svc.submit(jk, TRADE, 1)
    assert svc.overview(jk)["submission"]["action"] == TRADE
    assert svc.overview(host)["pending_status"]["jk"] == "submitted"
    assert svc.overviews.built == built + 3  # the host before, both after
    # another player's submission: the host's page moves, jk's does not
    sm = svc.access_of(tokens["sm"])
    assert sm is not None
    svc.submit(sm, {}, 1)
    assert svc.overview(jk)["submission"]["action"] == TRADE
    assert svc.overviews.built == built + 3
    assert svc.overview(host)["pending_status"]["sm"] == "submitted"
    # jk changes their mind: seen at once (even at the same clock reading)
    svc.submit(jk, {}, 1)
    assert svc.overview(jk)["submission"]["action"] == {}
    svc.withdraw(jk, 1)
    assert svc.overview(jk)["submission"] is None
    db.dispose()


def test_a_change_by_another_process_is_seen(sqlite_url) -> None:
    """A second service on the same database (another process) changes the
    match: the first one's cached overview is not answered again."""
    db, svc, tokens = _service(sqlite_url)
    other = HostService(Database(sqlite_url))
    jk = svc.access_of(tokens["jk"])
    assert jk is not None
    assert svc.overview(jk)["submission"] is None
    other.submit(jk, TRADE, 1)
    assert svc.overview(jk)["submission"]["action"] == TRADE
    other.db.dispose()
    db.dispose()


def test_the_answer_to_a_page_submission_carries_the_new_state(api) -> None:
    """``?live=true``: the answer carries the page's regions after the change
    (what ``/live/TOKEN`` answers next), so the page does not ask again."""
    made = api.create("seat_exchange", deadlines={"trades": "manual"})
    tok = made["player_tokens"]["jk"]
    url = f"/api/matches/{made['match']}/submission"
    plain = api.call("PUT", url, tok, json={"action": TRADE, "step": 1})
    assert plain.status_code == 200 and "live" not in plain.json()
    r = api.call("PUT", url + "?live=true", tok, json={"action": {}, "step": 1})
    assert r.status_code == 200, r.text
    live = r.json()["live"]
    assert live["action"]["submission"]["action"] == {}
    assert live == api.client.get(f"/live/{tok}").json()
    gone = api.call("DELETE", url + "?step=1&live=true", tok).json()
    assert gone["submitted"] is False and gone["live"]["action"]["submission"] is None
