"""Engine replay speed: decisions per second replaying records with public views.

    .venv/bin/python benchmarks/replay.py [--records DIR] [--matches 30] [--seconds 3] [GAME ...]

What an independent implementation of the specs is timed against: each record
is replayed as ``mainmatch replay --json`` does it (``initial_state``, every
action validated, every step applied, the public view after every step, the
result). A *decision* is one player's action in one step. A second column times the
same work through the plain ``Game`` API, as an outside harness would call it:
``initial_state``, ``validate`` for every action, ``apply`` (with its events),
``view(state, None)`` after every step and ``result``. The records are
those ``mainmatch random GAME --seed S`` writes for seeds ``0..matches-1``;
with ``--records DIR`` they are written there on first use and read from there
afterwards, so two trees (``PYTHONPATH=other/src``) can be timed side by side
on the very same records. Times are process CPU time, best of ``--repeat``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from mainmatch import games
from mainmatch.engine import record as record_module
from mainmatch.engine.match import play_random
from mainmatch.engine.record import replay


def records_for(game_id: str, matches: int, folder: Path | None) -> list[dict]:
    """The records of ``mainmatch random GAME --seed S``, S = 0..matches-1."""
    out = []
    game = games.get(game_id)
    for seed in range(matches):
        path = folder / f"{game_id}-{seed}.json" if folder else None
        if path is not None and path.exists():
            out.append(json.loads(path.read_text(encoding="utf-8")))
            continue
        rng = random.Random(seed)
        config = game.random_config(list(game.default_players), rng)
        record = play_random(game, config, rng).record()
        if path is not None:
            path.write_text(json.dumps(record), encoding="utf-8")
        out.append(record)
    return out


def replay_all(records: list[dict]) -> None:
    for record in records:
        output(record)


def _output(record: dict) -> dict:
    return replay(record).to_json()


#: what ``mainmatch replay --json`` calls in the tree being timed (older trees: replay + to_json)
output: Callable[[dict], dict] = getattr(record_module, "replay_output", _output)


def api_all(records: list[dict]) -> None:
    for record in records:
        game = games.get(record["game"])
        state = game.initial_state(record["config"])
        views = []
        for step in record["steps"]:
            actions = step["actions"]
            for player, action in actions.items():
                game.validate(state, player, action)
            state, _events = game.apply(state, actions)
            views.append(game.view(state, None))
        game.result(state)


def decisions_per_s(
    records: list[dict], seconds: float, run: Callable[[list[dict]], None] = replay_all
) -> float:
    decisions = sum(len(step["actions"]) for r in records for step in r["steps"])
    run(records[:2])  # warm up
    done = 0
    started = time.process_time()
    while True:
        run(records)
        done += decisions
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return done / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=games.ids())
    parser.add_argument("--records", type=Path, default=None, help="folder of the records")
    parser.add_argument("--matches", type=int, default=30, help="records per game")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per game; the best is shown")
    args = parser.parse_args(argv)
    if args.records:
        args.records.mkdir(parents=True, exist_ok=True)
    print(f"replay with public views, decisions/s on one core, Python {sys.version.split()[0]}")
    print()
    print(
        "| game | decisions/record | decisions/s | µs/decision | plain API: decisions/s | µs/decision |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for game_id in args.games:
        records = records_for(game_id, args.matches, args.records)
        per_record = sum(len(s["actions"]) for r in records for s in r["steps"]) / len(records)
        best = max(decisions_per_s(records, args.seconds) for _ in range(args.repeat))
        api = max(decisions_per_s(records, args.seconds, api_all) for _ in range(args.repeat))
        print(
            f"| {game_id} | {per_record:.0f} | {best:,.0f} | {1e6 / best:.1f} "
            f"| {api:,.0f} | {1e6 / api:.1f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
