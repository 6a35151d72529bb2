"""The initial schema: matches, players (seats), steps, submissions.

Revision ID: 0001
Revises:
Create Date: 2025-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("host_token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("spectator_token", sa.String(64), nullable=False, unique=True),
        sa.Column("deadlines", sa.JSON(), nullable=False),
        sa.Column("early_resolution", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("step_count", sa.Integer(), nullable=False),
        sa.Column("undos", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("step_opened_at", sa.Float(), nullable=False),
        sa.Column("deadline_at", sa.Float(), nullable=True),
    )
    op.create_index("ix_matches_due", "matches", ["status", "deadline_at"])
    op.create_table(
        "players",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("player", sa.String(100), primary_key=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("bot", sa.String(60), nullable=True),
    )
    op.create_table(
        "steps",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("actions", sa.JSON(), nullable=False),
        sa.Column("defaulted", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("next_deadline", sa.Float(), nullable=True),
        sa.UniqueConstraint("match_id", "number", name="uq_steps_match_number"),
    )
    op.create_table(
        "submissions",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("step", sa.Integer(), primary_key=True),
        sa.Column("player", sa.String(100), primary_key=True),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("submitted_at", sa.Float(), nullable=False),
        sa.Column("by_bot", sa.Boolean(), nullable=False),
        sa.Column("defaulted", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("match_id", "step", "player", name="uq_submissions_match_step_player"),
    )


def downgrade() -> None:
    op.drop_table("submissions")
    op.drop_table("steps")
    op.drop_table("players")
    op.drop_index("ix_matches_due", table_name="matches")
    op.drop_table("matches")
