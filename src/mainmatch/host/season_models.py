"""Storage of seasons (SQLAlchemy 2 ORM, same database as the matches).

- ``seasons``: one row per season: its name, settings (``SeasonSettings``),
  the host token's hash and a revision bumped by every change;
- ``season_entries``: the ledger, append-only, unique per (season, number);
- ``season_claims``: one row per Main Match in force, unique per
  (season, match key): a match enters a season once, never twice, even when
  two processes race (the second insert fails);
- ``season_matches``: the hosted matches started from a season;
- ``season_guilds``: the Discord servers that may reach a season (the one
  that made it, and those linked with its host token; issue 26, H1).

The schema is created by the migrations ``0004_season`` and ``0005_owners``.
"""

from __future__ import annotations

from pydantic import TypeAdapter
from sqlalchemy import (
    JSON,
    BigInteger,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from mainmatch.engine.game import JSONObject
from mainmatch.season.models import Body, Entry

from .models import Base

#: an entry's body from its JSON (the kinds of ``mainmatch.season.models``)
BODY: TypeAdapter[Body] = TypeAdapter(Body)


class SeasonRow(Base):
    __tablename__ = "seasons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    settings: Mapped[JSONObject] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    host_token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    #: bumped by every change (pages refresh on it)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    #: who made it: "web" (page, API, CLI) or "discord:<guild id>"; None: made before 0005
    owner: Mapped[str | None] = mapped_column(String(40), nullable=True)
    #: "public" | "private" on the web without the host token; None: the owner's
    #: default (Discord-made private, web-made public; migration 0006, issue 33 N4)
    visibility: Mapped[str | None] = mapped_column(String(16), nullable=True)


class SeasonGuildRow(Base):
    """A Discord server (guild) that may reach a season by its name."""

    __tablename__ = "season_guilds"

    season_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("seasons.id", ondelete="CASCADE"), primary_key=True
    )
    guild_id: Mapped[int] = mapped_column(
        BigInteger, primary_key=True, autoincrement=False, index=True
    )
    created_at: Mapped[float] = mapped_column(Float)


class SeasonEntryRow(Base):
    __tablename__ = "season_entries"

    season_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("seasons.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1-based
    kind: Mapped[str] = mapped_column(String(20))
    body: Mapped[JSONObject] = mapped_column(JSON)
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


def entries_of(s: Session, season_id: int) -> list[Entry]:
    """The ledger of a season, in order."""
    rows = s.scalars(
        select(SeasonEntryRow)
        .where(SeasonEntryRow.season_id == season_id)
        .order_by(SeasonEntryRow.number)
    )
    return [
        Entry(
            number=r.number,
            at=r.at,
            author=r.author,
            reason=r.reason,
            body=BODY.validate_python(r.body),
        )
        for r in rows
    ]


def entry_row(season_id: int, e: Entry) -> SeasonEntryRow:
    """The row of one entry (append-only)."""
    return SeasonEntryRow(
        season_id=season_id,
        number=e.number,
        kind=e.body.kind,
        body=e.body.model_dump(mode="json"),
        author=e.author,
        reason=e.reason,
        at=e.at,
    )
