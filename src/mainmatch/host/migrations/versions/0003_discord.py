"""Delivery of announcements and the Discord bot's tables.

- ``delivery_outlets``, ``deliveries``: one row per announcement message of a
  match an adapter posts (``host/delivery.py``);
- ``discord_guilds``: each server's set-up (host role, announcements channel,
  how private messages travel);
- ``discord_matches``, ``discord_seats``: which server and channel host a
  match, which Discord account plays each seat and its private channel;
- ``discord_drafts``: compound actions a player is building, piece by piece.

Revision ID: 0003_discord
Revises: 0002_hardening
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_discord"
down_revision = "0002_hardening"
branch_labels = None
depends_on = None


def _match_fk() -> sa.Column[str]:
    return sa.Column(
        "match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False
    )


def upgrade() -> None:
    op.create_table(
        "delivery_outlets",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("outlet", sa.String(20), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "deliveries",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _match_fk(),
        sa.Column("undos", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("player", sa.String(100), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("claimed_at", sa.Float(), nullable=True),
        sa.Column("delivered_at", sa.Float(), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("error", sa.String(300), nullable=True),
        sa.Column("ref", sa.String(60), nullable=True),
        sa.UniqueConstraint(
            "match_id", "undos", "step", "kind", "player", name="uq_deliveries_msg"
        ),
    )
    op.create_index("ix_deliveries_open", "deliveries", ["delivered_at", "id"])
    op.create_table(
        "discord_guilds",
        sa.Column("guild_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("host_role_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("private", sa.String(10), nullable=False),
        sa.Column("category_id", sa.BigInteger(), nullable=True),
        sa.Column("remind_minutes", sa.Integer(), nullable=False),
        sa.Column("web_base", sa.String(200), nullable=True),
    )
    op.create_table(
        "discord_matches",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("created_by", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "discord_seats",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("player", sa.String(100), primary_key=True),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=True),
    )
    op.create_index("ix_discord_seats_user", "discord_seats", ["user_id"])
    op.create_table(
        "discord_drafts",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("step", sa.Integer(), primary_key=True),
        sa.Column("player", sa.String(100), primary_key=True),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("discord_drafts")
    op.drop_index("ix_discord_seats_user", table_name="discord_seats")
    op.drop_table("discord_seats")
    op.drop_table("discord_matches")
    op.drop_table("discord_guilds")
    op.drop_index("ix_deliveries_open", table_name="deliveries")
    op.drop_table("deliveries")
    op.drop_table("delivery_outlets")
