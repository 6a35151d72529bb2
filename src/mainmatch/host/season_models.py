"""Storage of seasons (SQLAlchemy 2 ORM, same database as the matches).

- ``seasons``: one row per season: its name, settings (``SeasonSettings``),
  the host token's hash and a revision bumped by every change;
- ``season_entries``: the ledger, append-only, unique per (season, number);
- ``season_claims``: one row per Main Match in force, unique per
  (season, match key): a match enters a season once, never twice, even when
  two processes race (the second insert fails);
- ``season_matches``: the hosted matches started from a season.

The schema is created by the migration ``0004_season``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base


class SeasonRow(Base):
    __tablename__ = "seasons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    host_token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    #: bumped by every change (pages refresh on it)
    revision: Mapped[int] = mapped_column(Integer, default=0)


class SeasonEntryRow(Base):
    __tablename__ = "season_entries"

    season_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("seasons.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1-based
    kind: Mapped[str] = mapped_column(String(20))
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    author: Mapped[str] = mapped_column(String(100))
    reason: Mapped[str] = mapped_column(String(500), default="")
    at: Mapped[float] = mapped_column(Float)

    __table_args__ = (
        UniqueConstraint("season_id", "number", name="uq_season_entries_season_number"),
    )


class SeasonClaimRow(Base):
    __tablename__ = "season_claims"

    season_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("seasons.id", ondelete="CASCADE"), primary_key=True
    )
    match_key: Mapped[str] = mapped_column(String(64), primary_key=True)
    entry: Mapped[int] = mapped_column(Integer)

    __table_args__ = (
        UniqueConstraint("season_id", "match_key", name="uq_season_claims_season_key"),
    )


class SeasonMatchRow(Base):
    __tablename__ = "season_matches"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    season_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("seasons.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[float] = mapped_column(Float)
    #: the ledger entry of its result, once entered
    entry: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: why its result could not be entered yet (retried on every read)
    problem: Mapped[str | None] = mapped_column(String(300), nullable=True)
