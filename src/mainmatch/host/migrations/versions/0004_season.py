"""Seasons: the season table, its ledger, match claims and hosted matches.

Revision ID: 0004_season
Revises: 0003_discord
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_season"
down_revision = "0003_discord"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("host_token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("revision", sa.Integer(), nullable=False),
    )
    op.create_table(
        "season_entries",
        sa.Column(
            "season_id",
            sa.Integer(),
            sa.ForeignKey("seasons.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("author", sa.String(100), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.UniqueConstraint("season_id", "number", name="uq_season_entries_season_number"),
    )
    op.create_table(
        "season_claims",
        sa.Column(
            "season_id",
            sa.Integer(),
            sa.ForeignKey("seasons.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("match_key", sa.String(64), primary_key=True),
        sa.Column("entry", sa.Integer(), nullable=False),
        sa.UniqueConstraint("season_id", "match_key", name="uq_season_claims_season_key"),
    )
    op.create_table(
        "season_matches",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "season_id",
            sa.Integer(),
            sa.ForeignKey("seasons.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("entry", sa.Integer(), nullable=True),
        sa.Column("problem", sa.String(300), nullable=True),
    )
    op.create_index("ix_season_matches_season_id", "season_matches", ["season_id"])


def downgrade() -> None:
    op.drop_index("ix_season_matches_season_id", table_name="season_matches")
    op.drop_table("season_matches")
    op.drop_table("season_claims")
    op.drop_table("season_entries")
    op.drop_table("seasons")
