"""A match's and a submission's columns read as SQLAlchemy Core rows, for the
requests every player makes (a page, a submission): no ORM entity, no
identity map, no unit of work (issue 35; ``docs/decisions/server2.md``).

The statements are built once, with bound parameters, so SQLAlchemy keeps
their compiled form; they run on the connection of the caller's transaction
(``Session.connection()``), so a submission is still one write transaction
that locks its match first (``db.py``) and commits before it is acknowledged.
A row's columns have the ORM attributes' names, so code that only *reads* a
match (``MatchHead``) takes either.
"""

from __future__ import annotations

from typing import Any, Protocol

from sqlalchemy import Connection, bindparam, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from .models import MatchRow, SeatRow, SubmissionRow


class MatchHead(Protocol):
    """The columns of a ``matches`` row (an ORM ``MatchRow`` or a Core row of
    :data:`MATCH`), read-only."""

    @property
    def id(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def config(self) -> dict[str, Any]: ...
    @property
    def seed(self) -> int: ...
    @property
    def created_at(self) -> float: ...
    @property
    def spectator_token(self) -> str: ...
    @property
    def deadlines(self) -> dict[str, str]: ...
    @property
    def early_resolution(self) -> bool: ...
    @property
    def status(self) -> str: ...
    @property
    def step_count(self) -> int: ...
    @property
    def undos(self) -> int: ...
    @property
    def revision(self) -> int: ...
    @property
    def activity(self) -> int: ...
    @property
    def step_opened_at(self) -> float: ...
    @property
    def deadline_at(self) -> float | None: ...
    @property
    def broken(self) -> str | None: ...


class SubmissionHead(Protocol):
    """The columns of a ``submissions`` row, read-only."""

    @property
    def action(self) -> Any: ...
    @property
    def submitted_at(self) -> float: ...
    @property
    def by_bot(self) -> bool: ...
    @property
    def defaulted(self) -> bool: ...
    @property
    def kept(self) -> bool: ...


_M, _S, _SEATS = MatchRow.__table__.c, SubmissionRow.__table__.c, SeatRow.__table__.c

#: every column of a match but its host token's hash (never needed to show or change it)
MATCH = select(*(c for c in _M if c.name != "host_token_hash")).where(_M.id == bindparam("match"))
#: the same, locking the row for a write (``FOR UPDATE`` on PostgreSQL; SQLite's
#: write transaction holds its lock from ``BEGIN IMMEDIATE``)
MATCH_LOCKED = MATCH.with_for_update()
#: one player's submission for one step
SUBMISSION = select(_S.action, _S.submitted_at, _S.by_bot, _S.defaulted, _S.kept).where(
    _S.match_id == bindparam("match"),
    _S.step == bindparam("step"),
    _S.player == bindparam("player"),
)
#: a submission or a withdrawal: the host's revision moves (``revision + activity``)
BUMP_ACTIVITY = (
    update(MatchRow).where(MatchRow.id == bindparam("match")).values(activity=MatchRow.activity + 1)
)
#: the bot playing a seat, if any
SEAT_BOT = select(_SEATS.bot).where(
    _SEATS.match_id == bindparam("match"), _SEATS.player == bindparam("player")
)


def _upsert(insert: Any) -> Any:
    """A person's submission stored for the open step, replacing theirs."""
    stmt = insert(SubmissionRow.__table__).values(
        match_id=bindparam("match"),
        step=bindparam("step"),
        player=bindparam("player"),
        action=bindparam("action", type_=SubmissionRow.__table__.c.action.type),
        submitted_at=bindparam("at"),
        by_bot=False,
        defaulted=False,
        kept=False,
    )
    return stmt.on_conflict_do_update(
        index_elements=[_S.match_id, _S.step, _S.player],
        set_={
            "action": stmt.excluded.action,
            "submitted_at": stmt.excluded.submitted_at,
            "by_bot": False,
            "defaulted": False,
            "kept": False,
        },
    )


#: the store of a submission, per dialect (both say ``INSERT ... ON CONFLICT DO UPDATE``)
STORE = {"sqlite": _upsert(sqlite_insert), "postgresql": _upsert(pg_insert)}


def match_head(conn: Connection, match_id: str, *, lock: bool = False) -> MatchHead | None:
    """Match ``match_id``'s columns, or ``None``; ``lock``: for a write."""
    # a Row has the columns by name: it is a MatchHead
    head: MatchHead | None = conn.execute(
        MATCH_LOCKED if lock else MATCH, {"match": match_id}
    ).first()
    return head


def submission_head(
    conn: Connection, match_id: str, step: int, player: str
) -> SubmissionHead | None:
    """``player``'s submission for step ``step`` of the match, or ``None``."""
    args = {"match": match_id, "step": step, "player": player}
    head: SubmissionHead | None = conn.execute(SUBMISSION, args).first()  # columns by name
    return head


def store_submission(
    conn: Connection, match_id: str, step: int, player: str, action: Any, at: float
) -> None:
    """Store (or replace) a person's submission: one statement."""
    conn.execute(
        STORE[conn.dialect.name],
        {"match": match_id, "step": step, "player": player, "action": action, "at": at},
    )
