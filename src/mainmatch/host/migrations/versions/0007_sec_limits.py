"""Limits that hold across processes, ended admin sessions, season visibility (issue 33).

- ``guess_buckets``: one token bucket per guesser (a client address, a Discord
  server) of wrong admin keys and season host tokens, shared by every process
  on the database (N5, N6);
- ``ended_sessions``: the admin sessions logged out before they expired (N11);
- ``seasons.visibility``: who may see a season on the web without its host
  token: ``public`` or ``private``; none: the owner's default (a season made
  on Discord is private, one made on the web public) (N4).

Revision ID: 0007_sec_limits
Revises: 0006_broken
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_sec_limits"
down_revision = "0006_broken"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "guess_buckets",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("tokens", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_table(
        "ended_sessions",
        sa.Column("nonce", sa.String(40), primary_key=True),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    with op.batch_alter_table("seasons") as batch:
        batch.add_column(sa.Column("visibility", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seasons") as batch:
        batch.drop_column("visibility")
    op.drop_table("ended_sessions")
    op.drop_table("guess_buckets")
