"""The cross-process wake-up: every process learns promptly that a match changed.

Writing side (:func:`install`): every write transaction that changes a match
row (every change of a match bumps its ``revision``) sends, on PostgreSQL,
``pg_notify('mainmatch', match_id)`` inside that transaction, so the
notification goes out exactly when, and only if, the change commits.

Listening side (:class:`Listener`): one background thread per process calls
its callbacks with the id of each changed match. On PostgreSQL it holds a
connection in ``LISTEN mainmatch``; on SQLite (no notifications) it polls the
matches' ``revision`` and ``activity`` every ``interval`` seconds. The web server's live streams
and the Discord bot both wait on it, whichever process made the change.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy import Connection, event, select, text
from sqlalchemy.orm import Session

from .db import Database
from .models import MatchRow

log = logging.getLogger("mainmatch.notify")
CHANNEL = "mainmatch"
#: passed to callbacks when any match may have changed (after a reconnection)
ANY = "*"


def install(db: Database) -> None:
    """Send a notification with every committed change of a match (PostgreSQL;
    SQLite listeners poll). Idempotent per database object."""
    if db.dialect != "postgresql" or getattr(db, "_notify_installed", False):
        return
    db._notify_installed = True  # type: ignore[attr-defined]

    @event.listens_for(db._write, "after_flush")
    def _after_flush(session: Session, _ctx: object) -> None:
        ids = {
            o.id
            for o in (*session.new, *session.dirty, *session.deleted)
            if isinstance(o, MatchRow)
        }
        sent: set[str] = session.info.setdefault("mm_notified", set())
        for match_id in sorted(ids - sent):
            # delivered by PostgreSQL at commit, dropped on rollback
            session.connection().execute(
                text("SELECT pg_notify(:c, :m)"), {"c": CHANNEL, "m": match_id}
            )
            sent.add(match_id)

    @event.listens_for(db._write, "after_transaction_end")
    def _end(session: Session, transaction: object) -> None:
        if getattr(transaction, "parent", None) is None:
            session.info.pop("mm_notified", None)


def notify_in(conn: Connection, match_id: str) -> None:
    """The wake-up of :func:`install` for a change written with Core statements
    on ``conn`` (no ORM flush to see it): sent in that transaction, so it goes
    out at its commit only (PostgreSQL; SQLite's listeners poll)."""
    if conn.dialect.name == "postgresql":
        conn.execute(_NOTIFY, {"c": CHANNEL, "m": match_id})


_NOTIFY = text("SELECT pg_notify(:c, :m)")


def notify(db: Database, match_id: str) -> None:
    """Announce a change made outside a match row (e.g. queued deliveries)."""
    if db.dialect == "postgresql":
        with db.engine.begin() as conn:
            conn.execute(text("SELECT pg_notify(:c, :m)"), {"c": CHANNEL, "m": match_id})


class Listener:
    """Calls ``callback(match_id)`` from a background thread for every change
    of a match made by any process on the database."""

    def __init__(self, db: Database, *, interval: float = 0.5) -> None:
        self.db = db
        self.interval = interval
        self.callbacks: list[Callable[[str], None]] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.ready = threading.Event()

    def subscribe(self, callback: Callable[[str], None]) -> None:
        self.callbacks.append(callback)

    def start(self) -> None:
        if self._thread is not None:
            return
        target = self._listen if self.db.dialect == "postgresql" else self._poll
        self._thread = threading.Thread(target=target, name="mainmatch-notify", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _fire(self, match_id: str) -> None:
        for cb in list(self.callbacks):
            try:
                cb(match_id)
            except Exception:  # one bad listener must not stop the others
                log.exception("notify callback failed")

    def _poll(self) -> None:
        seen: dict[str, tuple[int, int]] | None = None
        while not self._stop.is_set():
            try:
                with self.db.read() as s:
                    now = {
                        i: (r, a)
                        for i, r, a in s.execute(
                            select(MatchRow.id, MatchRow.revision, MatchRow.activity)
                        )
                    }
                if seen is not None:
                    for match_id, rev in now.items():
                        if seen.get(match_id) != rev:
                            self._fire(match_id)
                seen = now
                self.ready.set()
            except Exception:
                log.exception("polling the database for changes failed; trying again")
            self._stop.wait(self.interval)

    def _listen(self) -> None:
        import psycopg

        url = self.db.engine.url.set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        self._fire(ANY)  # changes may have been missed while disconnected
                    first = False
                    self.ready.set()
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=self.interval):
                            self._fire(n.payload)
            except Exception:
                log.exception("lost the notification connection; reconnecting")
                self._stop.wait(1.0)
