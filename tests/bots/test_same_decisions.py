"""The strategy bots decide exactly as before a speed-up (docs/decisions/performance.md SP1):
the records of a few simulated all-strategy and mixed (``strategy,random``)
tables per game hash to the figures kept in ``same_decisions.json``.

A speed-up must leave every hash unchanged. A change of play (a bot's
parameters or logic, a game's rules or records) changes them on purpose:
write the new figures with

    PYTHONPATH=src .venv/bin/python tests/bots/test_same_decisions.py --write

and say in the commit which bot's decisions changed and why.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from mainmatch.bots import bot_names
from mainmatch.sim import make_plan, ready_games
from mainmatch.sim.play import play_match

FIGURES = Path(__file__).with_name("same_decisions.json")
TABLES = ("strategy", "strategy,random")
#: matches per table: every step kind of every game comes up, in well under a second
MATCHES = 6
SEED = 11


def games() -> list[str]:
    return [g for g in ready_games() if "strategy" in bot_names(g)]


def records_hash(game_id: str, bots: str) -> str:
    """SHA-256 of the records (JSON, keys sorted) of matches ``0..MATCHES-1``,
    with no time limit: a loaded machine must not turn a decision into a default."""
    plan = make_plan(game_id, bots, MATCHES, seed=SEED, time_limit=None)
    digest = hashlib.sha256()
    for index in range(MATCHES):
        _, record = play_match(plan, index)
        digest.update(json.dumps(record, sort_keys=True).encode())
    return digest.hexdigest()


def _key(game_id: str, bots: str) -> str:
    return f"{game_id} {bots}"


@pytest.mark.parametrize("bots", TABLES)
@pytest.mark.parametrize("game_id", games())
def test_strategy_tables_play_the_same_records(game_id: str, bots: str) -> None:
    kept = json.loads(FIGURES.read_text(encoding="utf-8"))
    assert records_hash(game_id, bots) == kept[_key(game_id, bots)], (
        f"{game_id} --bots {bots}: the records changed; a speed-up must not change a "
        "decision (see this module's docstring for a deliberate change of play)"
    )


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print(__doc__)
        return 2
    figures = {_key(g, b): records_hash(g, b) for g in games() for b in TABLES}
    FIGURES.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
