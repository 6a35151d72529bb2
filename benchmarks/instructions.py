"""Engine work in executed instructions per decision: what load cannot disturb.

    .venv/bin/python benchmarks/instructions.py --base OTHER/src [--records DIR] [--matches 10] [GAME ...]

Times on a shared machine move with its load; the number of machine
instructions a replay executes does not. For each game this counts, with
``valgrind --tool=callgrind`` (``apt-get install valgrind``), the instructions
of two workloads on the same records (those of ``benchmarks/replay.py``:
``mainmatch random GAME --seed S``, S = 0..matches-1, kept in ``--records``):

- *replay*: ``mainmatch replay --json`` in process (``replay_output``, or
  ``replay(record).to_json()`` in trees without it);
- *plain API*: ``initial_state``, ``validate`` for every action, ``apply`` with
  its events, ``view(state, None)`` after every step (all views kept, as a
  harness comparing them would), ``result``.

Each count is a run of two passes minus a run of none (imports and start-up
cancel out), divided by the decisions of two passes; ``PYTHONHASHSEED=0``
makes the runs repeatable. With ``--base`` the same is counted for another
tree (``--base /work/wt/base/src``) and the ratio printed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the child: loads the records, warms up once, then runs PASSES passes
CHILD = """
import json, sys
from pathlib import Path
from mainmatch import games
from mainmatch.engine import record as R

game_id, folder, matches, mode, passes = sys.argv[1:6]
paths = [Path(folder) / f"{game_id}-{s}.json" for s in range(int(matches))]
records = [json.loads(p.read_text(encoding="utf-8")) for p in paths]
game = games.get(game_id)
output = getattr(R, "replay_output", None) or (lambda r: R.replay(r).to_json())


def once():
    if mode == "replay":
        for record in records:
            output(record)
        return
    for record in records:
        state = game.initial_state(record["config"])
        views = []
        for step in record["steps"]:
            for player, action in step["actions"].items():
                game.validate(state, player, action)
            state, _events = game.apply(state, step["actions"])
            views.append(game.view(state, None))
        game.result(state)


once()
for _ in range(int(passes)):
    once()
"""


def count(src: str, game_id: str, folder: Path, matches: int, mode: str, passes: int) -> int:
    """Instructions of one child run (callgrind's total)."""
    env = dict(os.environ, PYTHONPATH=src, PYTHONHASHSEED="0")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(CHILD)
    try:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                f.name,
                game_id,
                str(folder),
                str(matches),
                mode,
                str(passes),
            ],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        os.unlink(f.name)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_decision(src: str, game_id: str, folder: Path, matches: int, mode: str) -> float:
    decisions = decisions_in(folder, game_id, matches)
    two = count(src, game_id, folder, matches, mode, 2)
    none = count(src, game_id, folder, matches, mode, 0)
    return (two - none) / (2 * decisions)


def decisions_in(folder: Path, game_id: str, matches: int) -> int:
    total = 0
    for s in range(matches):
        record = json.loads((folder / f"{game_id}-{s}.json").read_text(encoding="utf-8"))
        total += sum(len(step["actions"]) for step in record["steps"])
    return total


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT / "src"))
    from mainmatch import games

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from replay import records_for  # the same records as benchmarks/replay.py

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=games.ids())
    parser.add_argument("--base", default=None, help="src folder of a tree to compare with")
    parser.add_argument("--records", type=Path, default=None, help="folder of the records")
    parser.add_argument("--matches", type=int, default=10, help="records per game")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is needed: apt-get install valgrind", file=sys.stderr)
        return 2
    folder = args.records or Path(tempfile.mkdtemp(prefix="mm-records-"))
    folder.mkdir(parents=True, exist_ok=True)
    here = str(ROOT / "src")
    print("instructions per decision (callgrind), PYTHONHASHSEED=0")
    print()
    print(
        "| game | workload | base | this tree | ratio |"
        if args.base
        else "| game | workload | this tree |"
    )
    print("|---|---|---:|---:|---:|" if args.base else "|---|---|---:|")
    for game_id in args.games:
        records_for(game_id, args.matches, folder)  # written on first use
        for mode, label in (("replay", "replay"), ("plain", "plain API, views kept")):
            now = per_decision(here, game_id, folder, args.matches, mode)
            if args.base:
                base = per_decision(args.base, game_id, folder, args.matches, mode)
                print(
                    f"| {game_id} | {label} | {base:,.0f} | {now:,.0f} | {base / now:.2f}x |",
                    flush=True,
                )
            else:
                print(f"| {game_id} | {label} | {now:,.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
