"""Owners: a season belongs to where it was made; a Discord server's admin-key verifier.

- ``seasons.owner``: who made the season: ``web`` (the web page, the API or
  the CLI) or ``discord:<guild id>``; seasons made before this migration have
  none (issue 26, H1);
- ``season_guilds``: the Discord servers (guilds) that may reach a season: the
  one that made it, and any a host linked with the season's host token;
- ``submissions.kept``: a person's submission kept across an undo: it stands
  at the deadline, but early resolution waits for a fresh one (issue 26);
- ``discord_guilds.admin_verifier``: a salted, slow hash of the server's admin
  key, stored when a Discord server is authorised with ``/mm setup key:``
  (never the key itself); creating matches from Discord needs it.

Revision ID: 0005_owners
Revises: 0004_season
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_owners"
down_revision = "0004_season"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seasons") as batch:
        batch.add_column(sa.Column("owner", sa.String(40), nullable=True))
    op.create_table(
        "season_guilds",
        sa.Column(
            "season_id",
            sa.Integer(),
            sa.ForeignKey("seasons.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("guild_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_season_guilds_guild_id", "season_guilds", ["guild_id"])
    with op.batch_alter_table("discord_guilds") as batch:
        batch.add_column(sa.Column("admin_verifier", sa.String(128), nullable=True))
    with op.batch_alter_table("submissions") as batch:
        batch.add_column(sa.Column("kept", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("submissions") as batch:
        batch.drop_column("kept")
    with op.batch_alter_table("discord_guilds") as batch:
        batch.drop_column("admin_verifier")
    op.drop_index("ix_season_guilds_guild_id", table_name="season_guilds")
    op.drop_table("season_guilds")
    with op.batch_alter_table("seasons") as batch:
        batch.drop_column("owner")
