"""The host server: run Main Match games in the browser (``mainmatch serve``).

- ``app.py``: the FastAPI application (``create_app``) and the deadline clock;
- ``api.py``: the JSON API under ``/api``; ``pages.py``: the HTML pages;
- ``service.py``: every operation on matches, one transaction each;
- ``db.py``, ``models.py``, ``migrations/``: storage (SQLAlchemy 2, Alembic);
- ``snapshots.py``: states rebuilt by replay, cached;
- ``deadlines.py``: deadline policies; ``tokens.py``: secret links;
- ``live.py``: live updates of the pages; ``commands.py``: ``serve``.
"""
