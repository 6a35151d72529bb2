"""Alembic migrations of the host server's schema, run at start (``db.migrate``)."""
