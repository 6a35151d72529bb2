"""pytest's ``--doctest-modules`` over ``src/``: every module's docstring examples
run as tests. Left out, with the reason:"""

collect_ignore = [
    # Alembic runs it inside a migration (it reads alembic.context.config at import)
    "mainmatch/host/migrations/env.py",
]
collect_ignore_glob = [
    # migration scripts are loaded by Alembic, not imported as modules
    "mainmatch/host/migrations/versions/*.py",
]
