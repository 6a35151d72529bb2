"""Command start-up: the CPU time (user + system) of short ``mainmatch`` commands.

    .venv/bin/python benchmarks/commands.py [--repeat 5]

Runs each command as a person types it (a new process each time) and prints
its user and system CPU time, best of ``--repeat`` runs, beside Python's own
start-up (``python -c pass``) and SQLAlchemy's import alone. ``mainmatch season standings`` reads a season
of seven made first in a fresh SQLite file.

The commands run with their modules' bytecode cached, as after ``pip
install``: in a cache folder of this run (``PYTHONPYCACHEPREFIX``, so nothing
is written beside the installed packages), filled by one run of each command
before the timed ones. Without it, where ``PYTHONDONTWRITEBYTECODE`` is set,
every run would compile every module it imports again.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

CAST = "ana,ben,cal,dee,eve,fay,gus"


def cpu_of(argv: list[str], env: dict[str, str]) -> float:
    """User + system CPU seconds of one run of ``argv`` (a child process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def mainmatch(*args: str) -> list[str]:
    """The ``mainmatch`` command as its console script runs it."""
    return [
        sys.executable,
        "-c",
        "import sys; from mainmatch.cli import main; sys.exit(main())",
        *args,
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs of each command (best is shown)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
        db = f"sqlite:///{work / 'season.db'}"
        subprocess.run(
            mainmatch("season", "new", "s1", "--cast", CAST, "--db", db),
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            # the floor of any command that reads the database through SQLAlchemy
            "python -c 'import sqlalchemy'": [sys.executable, "-c", "import sqlalchemy"],
            "mainmatch games": mainmatch("games"),
            "mainmatch season standings s1": mainmatch("season", "standings", "s1", "--db", db),
        }
        for argv in commands.values():  # fill the bytecode cache
            cpu_of(argv, env)
        runs: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.repeat):  # the commands in turn: a busy moment falls on all alike
            for name, argv in commands.items():
                runs[name].append(cpu_of(argv, env))
    print(f"CPU time (user + system) of each command, best of {args.repeat}:")
    for name, seconds in runs.items():
        print(f"  {name:<32} {min(seconds):6.2f} s")


if __name__ == "__main__":
    main()
