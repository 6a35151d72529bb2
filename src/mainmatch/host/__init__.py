"""The host server: run Main Match games in the browser (``mainmatch serve``).

- ``app.py``: the FastAPI application (``create_app``) and the deadline clock;
- ``api.py``: the JSON API under ``/api``; ``pages.py``: the HTML pages;
- ``service.py``: ``HostService``, the one facade of every operation on
  matches, made of ``core.py`` (database, cache, locking), ``access.py``
  (tokens), ``creation.py`` (create, import), ``steps.py`` (the step life
  cycle), ``botmoves.py`` (bot seats) and ``overview.py`` (per-role JSON);
- ``botproc.py``: bots in worker processes under a hard time limit;
- ``admin.py``: the admin key; ``inputs.py``: bounds on user input;
  ``limits.py``: body size, stream caps, security headers;
- ``db.py``, ``models.py``, ``migrations/``: storage (SQLAlchemy 2, Alembic);
- ``snapshots.py``: states rebuilt by replay, cached;
- ``deadlines.py``: deadline policies; ``tokens.py``: secret links;
- ``live.py``: live updates of the pages; ``commands.py``: ``serve``.
"""
