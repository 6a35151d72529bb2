"""Season ledger speed: standings are folded from the whole ledger on every read.

    .venv/bin/python benchmarks/season.py [--entries 1000] [--repeat 5]

Builds a season of 20 players with ``--entries`` legal entries (Main Matches,
Death Matches, transfers, adjustments, undos) and prints the CPU time of one
fold of the whole ledger (``ledger.standings``, what every read and every
append does) and of one read through the service on a SQLite file (the
entries loaded from the database and folded), best of ``--repeat``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from mainmatch.season.ledger import SeasonError, check_append, standings
from mainmatch.season.models import (
    Adjust,
    CastMember,
    DeathMatch,
    Entry,
    MainMatch,
    SeasonSettings,
    Transfer,
    Undo,
)

CAST = [f"p{i:02d}" for i in range(20)]


def build(n: int, rng: random.Random) -> tuple[SeasonSettings, list[Entry]]:
    settings = SeasonSettings(name="bench", cast=[CastMember(id=p) for p in CAST])
    entries: list[Entry] = []
    st = standings(settings, entries)
    while len(entries) < n:
        alive = st.alive
        roll = rng.random()
        if roll < 0.3 and len(alive) > 6:
            players = rng.sample(alive, 6)
            body: object = MainMatch(
                players=players,
                garnets={p: rng.randint(0, 3) for p in players},
                tokens_of_life={players[0]: 1},
                elimination_candidate=players[-1],
                winners=[players[0]],
            )
        elif roll < 0.35 and len(alive) > 8:
            ec, opp = rng.sample(alive, 2)
            body = DeathMatch(ec=ec, opponent=opp, winner=rng.choice([ec, opp]))
        elif roll < 0.6 and len(alive) > 1:
            a, b = rng.sample(alive, 2)
            if not st.players[a].garnets:
                continue
            body = Transfer(giver=a, receiver=b, garnets=1)
        elif roll < 0.95:
            body = Adjust(player=rng.choice(CAST), garnets=rng.randint(1, 3))
        elif st.in_force:
            body = Undo(target=st.in_force[-1])
        else:
            continue
        entry = Entry(number=len(entries) + 1, at=0.0, author="bench", body=body)
        try:
            st = check_append(settings, entries, entry)
        except SeasonError:
            continue
        entries.append(entry)
    return settings, entries


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entries", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    settings, entries = build(args.entries, random.Random(0))
    fold = best(lambda: standings(settings, entries), args.repeat)
    print(f"fold of {len(entries)} entries: {fold * 1000:.1f} ms")

    from mainmatch.host.db import Database
    from mainmatch.host.season_service import SeasonService

    with tempfile.TemporaryDirectory() as tmp:
        db = Database(str(Path(tmp) / "bench.db"))
        db.migrate()
        svc = SeasonService(db)
        svc.import_({"format": "mainmatch-season/1",
                     "settings": settings.model_dump(mode="json"),
                     "entries": [e.model_dump(mode="json") for e in entries]})  # fmt: skip
        read = best(lambda: svc.get("bench"), args.repeat)
        print(f"service read (SQLite, load + fold): {read * 1000:.1f} ms")
        db.dispose()


if __name__ == "__main__":
    main()
