"""Broken matches: a game's code that failed on a match is recorded on it.

- ``matches.broken``: why the game's rules failed on this match (issue 33,
  N1 and N3: an exception other than the rules' own refusal, or a call past
  the rules' time limit), in words for its host; ``NULL`` while it runs well;
- ``matches.broken_at``: when (UNIX seconds).

Revision ID: 0006_broken
Revises: 0005_owners
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_broken"
down_revision = "0005_owners"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("broken", sa.String(300), nullable=True))
        batch.add_column(sa.Column("broken_at", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("broken_at")
        batch.drop_column("broken")
