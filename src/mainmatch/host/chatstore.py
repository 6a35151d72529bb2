"""The Discord bot's own tables: servers' set-up, matches' places, seats, drafts.

They are the host's tables like the rest (one database, migrated by the
host): the bot reaches them through the host's facade (``facade.py``).

Everything the bot knows lives here or in the host's tables (migration
``0003_discord``): a restarted bot reads it back, so no button, draft or
deadline depends on memory.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, Integer, String, select
from sqlalchemy.orm import Mapped, mapped_column

from mainmatch.engine.game import JSONObject

from .db import Database
from .models import Base, MatchRow, StepRow


class GuildRow(Base):
    __tablename__ = "discord_guilds"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    host_role_id: Mapped[int] = mapped_column(BigInteger)
    #: the announcements channel
    channel_id: Mapped[int] = mapped_column(BigInteger)
    #: how private information travels: "dm" or "channels" (one private channel per player)
    private: Mapped[str] = mapped_column(String(10))
    category_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    remind_minutes: Mapped[int] = mapped_column(Integer, default=60)
    web_base: Mapped[str | None] = mapped_column(String(200), nullable=True)
    #: the server's admin key as a salted slow hash (``/mm setup key:``); None: not authorised
    admin_verifier: Mapped[str | None] = mapped_column(String(128), nullable=True)


class DiscordMatchRow(Base):
    __tablename__ = "discord_matches"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    created_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[float] = mapped_column(Float)


class DiscordSeatRow(Base):
    __tablename__ = "discord_seats"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    player: Mapped[str] = mapped_column(String(100), primary_key=True)
    #: the Discord account that plays the seat (None: a bot seat)
    user_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    #: the player's private channel (None: DMs)
    channel_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class DraftRow(Base):
    __tablename__ = "discord_drafts"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(100), primary_key=True)
    action: Mapped[JSONObject] = mapped_column(JSON)
    updated_at: Mapped[float] = mapped_column(Float)


@dataclass(frozen=True)
class GuildSetup:
    guild_id: int
    host_role_id: int
    channel_id: int
    private: str
    category_id: int | None
    remind_minutes: int
    web_base: str | None


@dataclass(frozen=True)
class Seat:
    match_id: str
    player: str
    user_id: int | None
    channel_id: int | None


class Store:
    """Reads and writes of the bot's tables (each call one transaction)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------ guilds
    def guild(self, guild_id: int) -> GuildSetup | None:
        with self.db.read() as s:
            g = s.get(GuildRow, guild_id)
            if g is None:
                return None
            return GuildSetup(
                g.guild_id,
                g.host_role_id,
                g.channel_id,
                g.private,
                g.category_id,
                g.remind_minutes,
                g.web_base,
            )

    def set_guild(self, setup: GuildSetup) -> None:
        with self.db.write() as s:
            g = s.get(GuildRow, setup.guild_id)
            if g is None:
                g = GuildRow(guild_id=setup.guild_id)
                s.add(g)
            g.host_role_id = setup.host_role_id
            g.channel_id = setup.channel_id
            g.private = setup.private
            g.category_id = setup.category_id
            g.remind_minutes = setup.remind_minutes
            g.web_base = setup.web_base

    def admin_verifier(self, guild_id: int) -> str | None:
        """The stored verifier of the admin key this server was authorised with."""
        with self.db.read() as s:
            g = s.get(GuildRow, guild_id)
            return None if g is None else g.admin_verifier

    def set_admin_verifier(self, guild_id: int, verifier: str) -> None:
        with self.db.write() as s:
            g = s.get(GuildRow, guild_id)
            if g is not None:
                g.admin_verifier = verifier

    # ------------------------------------------------------------ matches
    def link_match(
        self, match_id: str, guild_id: int, channel_id: int, by: int, seats: list[Seat]
    ) -> None:
        with self.db.write() as s:
            s.add(
                DiscordMatchRow(
                    match_id=match_id,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    created_by=by,
                    created_at=time.time(),
                )
            )
            for seat in seats:
                s.add(
                    DiscordSeatRow(
                        match_id=match_id,
                        player=seat.player,
                        user_id=seat.user_id,
                        channel_id=seat.channel_id,
                    )
                )

    def match_place(self, match_id: str) -> tuple[int, int] | None:
        """(guild id, channel id) of a match hosted on Discord."""
        with self.db.read() as s:
            r = s.get(DiscordMatchRow, match_id)
            return None if r is None else (r.guild_id, r.channel_id)

    def seats(self, match_id: str) -> dict[str, Seat]:
        with self.db.read() as s:
            rows = s.scalars(select(DiscordSeatRow).where(DiscordSeatRow.match_id == match_id))
            return {r.player: Seat(r.match_id, r.player, r.user_id, r.channel_id) for r in rows}

    def set_seat_user(self, match_id: str, player: str, user_id: int | None) -> None:
        with self.db.write() as s:
            r = s.get(DiscordSeatRow, (match_id, player))
            if r is not None:
                if r.user_id != user_id:
                    r.channel_id = None  # a private channel belonged to the old member
                r.user_id = user_id

    def matches_of_user(self, user_id: int, *, running: bool = True) -> list[Seat]:
        """The seats ``user_id`` plays, newest match first."""
        with self.db.read() as s:
            q = (
                select(DiscordSeatRow)
                .join(MatchRow, MatchRow.id == DiscordSeatRow.match_id)
                .where(DiscordSeatRow.user_id == user_id)
                .order_by(MatchRow.created_at.desc())
            )
            if running:
                q = q.where(MatchRow.status == "running")
            return [Seat(r.match_id, r.player, r.user_id, r.channel_id) for r in s.scalars(q)]

    def guild_matches(self, guild_id: int, *, running: bool = True) -> list[str]:
        with self.db.read() as s:
            q = (
                select(DiscordMatchRow.match_id)
                .join(MatchRow, MatchRow.id == DiscordMatchRow.match_id)
                .where(DiscordMatchRow.guild_id == guild_id)
                .order_by(MatchRow.created_at.desc())
            )
            if running:
                q = q.where(MatchRow.status == "running")
            return list(s.scalars(q))

    # ------------------------------------------------------------ drafts
    def draft(self, match_id: str, step: int, player: str) -> JSONObject:
        with self.db.read() as s:
            r = s.get(DraftRow, (match_id, step, player))
            return dict(r.action) if r is not None else {}

    def acted_in(self, match_id: str, step: int, player: str) -> bool:
        """Whether ``player``'s own action (not the rules' default) stands in the
        applied step ``step`` (they submitted on the web, or before a prompt)."""
        with self.db.read() as s:
            row = s.get(StepRow, (match_id, step))
            return row is not None and player in row.actions and player not in row.defaulted

    def drop_draft_before(self, match_id: str, step: int, player: str, before: float) -> None:
        """Forget a draft made before ``before`` (a step opened again by an undo
        starts from an empty draft, not from what was built for it last time)."""
        with self.db.write() as s:
            r = s.get(DraftRow, (match_id, step, player))
            if r is not None and r.updated_at < before:
                s.delete(r)

    def save_draft(self, match_id: str, step: int, player: str, action: JSONObject) -> None:
        with self.db.write() as s:
            r = s.get(DraftRow, (match_id, step, player))
            if r is None:
                s.add(
                    DraftRow(
                        match_id=match_id,
                        step=step,
                        player=player,
                        action=action,
                        updated_at=time.time(),
                    )
                )
            else:
                r.action, r.updated_at = action, time.time()
