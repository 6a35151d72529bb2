"""Alembic environment: migrations run on the connection the server hands over.

``mainmatch.host.db.migrate`` puts an open connection in
``config.attributes["connection"]``; there is no alembic.ini and no URL here.
"""

from __future__ import annotations

from alembic import context

from mainmatch.host.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
