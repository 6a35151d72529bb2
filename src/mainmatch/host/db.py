"""The database: engines, transactions and migrations.

SQLite (a file, the default) and PostgreSQL (by URL) are both supported.
Every change is one *write* transaction that first locks its match: on
PostgreSQL ``SELECT ... FOR UPDATE`` on the match row, on SQLite ``BEGIN
IMMEDIATE`` (SQLite has one writer at a time; taking the lock at ``BEGIN``
keeps a read-then-write transaction from failing on a stale snapshot).
Reads use plain transactions.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

if TYPE_CHECKING:  # annotations only: nothing more to load at start-up
    import sqlite3

    from sqlalchemy.pool import ConnectionPoolEntry

from mainmatch.engine.errors import MainmatchError

from .dburl import DEFAULT_URL

MIGRATIONS = Path(__file__).with_name("migrations")
#: SQLite's durability: FULL (the promise); benchmarks/server.py sets NORMAL to measure the cost
SQLITE_SYNCHRONOUS = "NORMAL" if os.environ.get("MAINMATCH_SQLITE_SYNC") == "NORMAL" else "FULL"


class DatabaseError(MainmatchError):
    """The database URL is wrong or the database cannot be reached."""


def normalize_url(url: str) -> str:
    """Accept a SQLAlchemy URL, ``postgresql://...`` or a plain file path.

    >>> normalize_url("games.db")
    'sqlite:///games.db'
    >>> normalize_url("postgresql://mm@127.0.0.1:5432/x")
    'postgresql+psycopg://mm@127.0.0.1:5432/x'
    """
    if "://" not in url:
        return f"sqlite:///{url}"
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Database:
    def __init__(self, url: str = DEFAULT_URL):
        self.url = normalize_url(url)
        try:
            parsed = make_url(self.url)
        except ArgumentError:
            raise DatabaseError(
                f"not a database URL: {url!r}; use a file path, sqlite:///FILE or postgresql+psycopg://..."
            ) from None
        self.dialect = parsed.get_backend_name()
        if self.dialect == "sqlite":
            _owner_only_file(parsed.database)
            self.engine = create_engine(
                self.url,
                connect_args={"check_same_thread": False, "timeout": 30},
                pool_size=20,
                max_overflow=20,
            )
            _sqlite_setup(self.engine)
        elif self.dialect == "postgresql":
            try:
                self.engine = create_engine(
                    self.url, pool_size=20, max_overflow=20, pool_pre_ping=True
                )
            except ModuleNotFoundError as exc:  # the postgres extra is not installed
                raise DatabaseError(
                    f"PostgreSQL needs the {exc.name} driver, which is not installed: "
                    'run .venv/bin/pip install -c requirements.lock -e ".[postgres]" in the '
                    'checkout (or pip install "mainmatch[postgres]"); docs/hosting.md "PostgreSQL" '
                    "says how to get a database"
                ) from None
        else:
            raise DatabaseError(f"unsupported database {self.dialect!r}; use SQLite or PostgreSQL")
        self._write_engine = self.engine.execution_options(mm_write=True)
        self._local_writer = (
            threading.Lock() if self.dialect == "sqlite" else contextlib.nullcontext()
        )
        self._read = sessionmaker(bind=self.engine, expire_on_commit=False)
        self._write = sessionmaker(bind=self._write_engine, expire_on_commit=False)

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only transaction (rolled back at the end)."""
        with self._read() as session:
            yield session  # closing the session rolls its transaction back

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction: committed at the end, rolled back on error.

        On SQLite the threads of this process take turns here first: SQLite's
        own wait for its write lock polls with sleeps, which would add
        milliseconds to every contended write (other processes still wait
        on SQLite's lock)."""
        with self._local_writer, self._write() as session, session.begin():
            yield session

    @contextmanager
    def write_conn(self) -> Iterator[Connection]:
        """:meth:`write` on a plain connection (Core statements only, no ORM
        session): the same lock and transaction, committed at the end."""
        with self._local_writer, self._write_engine.begin() as conn:
            yield conn

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (run at every start).

        A database already at the newest revision is only read (one query):
        Alembic, a good part of a command's start-up, is imported only when
        there is something to upgrade."""
        if self._at_head():
            return
        from alembic import command
        from alembic.config import Config as AlembicConfig

        cfg = AlembicConfig()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        try:
            with self._write_engine.begin() as conn:
                if self.dialect == "postgresql":
                    # two servers starting at once must not both create the tables
                    conn.execute(text("SELECT pg_advisory_xact_lock(7407)"))
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
        except Exception as exc:  # the URL is the user's: name it, not a traceback
            if isinstance(exc, MainmatchError):
                raise
            raise DatabaseError(
                f"cannot open the database {self.safe_url}: {str(exc).splitlines()[0]}"
            ) from None

    def _at_head(self) -> bool:
        """The schema is at the newest migration (read from ``alembic_version``;
        a missing table or an error means: let Alembic decide)."""
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(text("SELECT version_num FROM alembic_version")).all()
        except SQLAlchemyError:  # no table yet, or a database Alembic must report on
            return False
        return [r[0] for r in rows] == [head_revision()]

    def tables(self) -> list[str]:
        return sorted(inspect(self.engine).get_table_names())

    @property
    def safe_url(self) -> str:
        return make_url(self.url).render_as_string(hide_password=True)

    def dispose(self) -> None:
        self.engine.dispose()


_REVISION = re.compile(r"^revision\s*=\s*[\"']([^\"']+)[\"']", re.MULTILINE)
_DOWN = re.compile(r"^down_revision\s*=\s*(?:None|[\"']([^\"']+)[\"'])", re.MULTILINE)


@functools.cache
def head_revision() -> str | None:
    """The newest migration's revision id, read from the files of
    ``migrations/versions`` (the one no other revision names as its
    ``down_revision``); ``None`` if they do not form one chain."""
    revisions: set[str] = set()
    downs: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        rev, down = _REVISION.search(source), _DOWN.search(source)
        if rev is None or down is None:
            continue
        revisions.add(rev.group(1))
        if down.group(1):
            downs.add(down.group(1))
    heads = revisions - downs
    return heads.pop() if len(heads) == 1 else None


def _owner_only_file(database: str | None) -> None:
    """Create a new SQLite file readable by its owner only (mode 0600): it holds
    every player's token (issue #26, L4). SQLite gives its ``-wal`` and ``-shm``
    files the database file's mode. An existing file keeps the mode it has."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    with contextlib.suppress(FileExistsError, FileNotFoundError):
        os.close(os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def _sqlite_setup(engine: Engine) -> None:
    """WAL (readers never wait for the writer), a busy timeout, foreign keys,
    fsync on every commit (``synchronous=FULL``: under WAL, ``NORMAL`` may
    lose the last commits at a power cut, and a submission must be on disk
    before it is acknowledged; the cost is in ``benchmarks/server.py``), and
    transactions that begin as the server says (see module doc)."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: sqlite3.Connection, _record: ConnectionPoolEntry) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={SQLITE_SYNCHRONOUS}")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql(
            "BEGIN IMMEDIATE" if conn.get_execution_options().get("mm_write") else "BEGIN"
        )
