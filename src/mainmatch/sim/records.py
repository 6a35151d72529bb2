"""Writing the kept records of a simulation (``--save-records DIR``).

Each kept match becomes ``DIR/match-<index>.json``, a plain
``mainmatch-record/1`` file that ``mainmatch replay`` loads. The record
format has no room for who played, so ``DIR/matches.json`` lists each kept
match: its file, the bot in each seat, its end label, Tokens of Life and EC.
"""

from __future__ import annotations

import json
from pathlib import Path

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject
from mainmatch.engine.record import save_record

from .summary import MatchSummary

INDEX = "matches.json"


def record_name(index: int) -> str:
    return f"match-{index:06d}.json"


def save_records(
    directory: str | Path, records: dict[int, JSONObject], summaries: list[MatchSummary]
) -> list[Path]:
    """Write ``records`` (match index -> record) and the index; return the record paths."""
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        by_index = {s.index: s for s in summaries}
        paths, listing = [], []
        for index, record in sorted(records.items()):
            path = directory / record_name(index)
            save_record(record, path)
            paths.append(path)
            s = by_index[index]
            players = record["config"]["players"]
            listing.append(
                {
                    "match": index,
                    "file": path.name,
                    "bots": dict(zip(players, s.bots)),
                    "end": s.end,
                    "tokens_of_life": {p: t for p, t in zip(players, s.tokens) if t},
                    "elimination_candidate": players[s.ec] if s.ec is not None else None,
                    "faults": [
                        {"player": players[k], "fault": kind, "message": msg}
                        for k, kind, msg in s.faults
                    ],
                }
            )
        (directory / INDEX).write_text(json.dumps(listing, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise MainmatchError(
            f"cannot write records to {directory}: {exc.strerror or exc}"
        ) from None
    return paths
