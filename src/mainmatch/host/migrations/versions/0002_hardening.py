"""Hardening: the host-only activity counter and the settings table.

``matches.activity`` counts submissions and withdrawals apart from the
public ``revision`` (a spectator must not see submissions being made);
``settings`` keeps the generated admin key on PostgreSQL.

Revision ID: 0002_hardening
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_hardening"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("activity", sa.Integer(), nullable=False, server_default="0"))
    op.create_table(
        "settings",
        sa.Column("name", sa.String(60), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("settings")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("activity")
