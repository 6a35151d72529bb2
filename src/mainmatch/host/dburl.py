"""The database a command uses when none is named (kept apart from ``db.py`` so
that the command line can show it without importing SQLAlchemy and Alembic)."""

DEFAULT_URL = "sqlite:///mainmatch.db"
