"""Storage: the four tables of the host server (SQLAlchemy 2 ORM).

- ``matches``: one row per match (game, config, seed, tokens, deadline
  policies, status, the open step's clock);
- ``players``: the seats of a match (player id, secret token, bot or human);
- ``steps``: the applied steps, append-only, unique per (match, number); the
  state of a match is the replay of its config and these rows;
- ``submissions``: the actions sent for the open step, one per player,
  replaced on change; kept after resolution (the steps table is the truth).

Times are UNIX seconds (floats, UTC), the same on SQLite and PostgreSQL.
The schema itself is created by the Alembic migrations in ``migrations/``;
these classes only map it.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mainmatch.engine.game import JSONObject


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    title: Mapped[str] = mapped_column(String(200), default="")
    config: Mapped[JSONObject] = mapped_column(JSON)
    #: seed of ``new_config`` and of the drawn defaults (step ``n`` uses ``Random(f"{seed}:{n}")``)
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[float] = mapped_column(Float)
    #: SHA-256 of the host token (the host link is shown once, at creation)
    host_token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    spectator_token: Mapped[str] = mapped_column(String(64), unique=True)
    #: step kind -> policy string (``manual``, ``minutes:N``, ``daily:HH:MM``)
    deadlines: Mapped[dict[str, str]] = mapped_column(JSON)
    #: resolve a step as soon as every pending player has submitted
    early_resolution: Mapped[bool] = mapped_column(Boolean, default=True)
    status: Mapped[str] = mapped_column(String(16))  # "running" | "over"
    #: number of applied steps (rows in ``steps``); the open step is ``step_count + 1``
    step_count: Mapped[int] = mapped_column(Integer, default=0)
    #: bumped by every undo, so a cached state of the same length is known stale
    undos: Mapped[int] = mapped_column(Integer, default=0)
    #: bumped by every change everyone may see (live updates): steps, undo,
    #: deadlines, seats; never by a submission (a spectator must not count them)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    #: bumped by every submission and withdrawal: the host's revision is
    #: ``revision + activity``
    activity: Mapped[int] = mapped_column(Integer, default=0)
    step_opened_at: Mapped[float] = mapped_column(Float)
    deadline_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: why the game's code failed on this match (``isolation.GameFault``), in
    #: words for its host; while set, the clock and early resolution leave the
    #: match alone until the host acts (resolve, undo, deadlines; migration 0006)
    broken: Mapped[str | None] = mapped_column(String(300), nullable=True)
    broken_at: Mapped[float | None] = mapped_column(Float, nullable=True)

    __table_args__ = (Index("ix_matches_due", "status", "deadline_at"),)


class SettingRow(Base):
    """Server-wide settings kept in the database (the admin key on PostgreSQL)."""

    __tablename__ = "settings"

    name: Mapped[str] = mapped_column(String(60), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class GuessBucketRow(Base):
    """A guesser's token bucket of wrong secrets, shared by every process on the
    database (``ratelimit.DbBuckets``; migration 0006)."""

    __tablename__ = "guess_buckets"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)


class EndedSessionRow(Base):
    """An admin session logged out before it expired (``admin.end_session``)."""

    __tablename__ = "ended_sessions"

    nonce: Mapped[str] = mapped_column(String(40), primary_key=True)
    expires: Mapped[float] = mapped_column(Float)


class SeatRow(Base):
    __tablename__ = "players"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    player: Mapped[str] = mapped_column(String(100), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    #: bot name from ``mainmatch.bots`` or ``None`` for a person
    bot: Mapped[str | None] = mapped_column(String(60), nullable=True)


class StepRow(Base):
    __tablename__ = "steps"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1-based
    actions: Mapped[JSONObject] = mapped_column(JSON)
    defaulted: Mapped[list[str]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    #: the deadline this step set for the step it opened (for its announcement)
    next_deadline: Mapped[float | None] = mapped_column(Float, nullable=True)

    __table_args__ = (UniqueConstraint("match_id", "number", name="uq_steps_match_number"),)


class SubmissionRow(Base):
    __tablename__ = "submissions"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    step: Mapped[int] = mapped_column(Integer, primary_key=True)  # the step it is for, 1-based
    player: Mapped[str] = mapped_column(String(100), primary_key=True)
    action: Mapped[JSONObject] = mapped_column(JSON)
    submitted_at: Mapped[float] = mapped_column(Float)
    #: sent by the seat's bot (not by a person)
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the bot failed and the rules' default stands in (recorded as defaulted)
    defaulted: Mapped[bool] = mapped_column(Boolean, default=False)
    #: a person's submission kept across an undo of its step: it stands at the
    #: deadline; early resolution waits for a fresh one (migration 0005)
    kept: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    __table_args__ = (
        UniqueConstraint("match_id", "step", "player", name="uq_submissions_match_step_player"),
    )
