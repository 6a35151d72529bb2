"""A finished match record as a ledger entry (ENGINE.md "result").

The record is replayed by the engine (every action validated), so the entry
holds exactly the replayed result: Tokens of Life and garnets awarded,
garnets spent, the Elimination Candidate. Its claim key is the SHA-256 of
the record's game, config and actions: the same match exported twice, or a
hosted match's own export, has the same key and enters the season once.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import ValidationError

from mainmatch.engine.game import describe_validation_error
from mainmatch.engine.record import parse_record, replay

from .ledger import SeasonError
from .models import MainMatch


def match_key(record: dict[str, Any]) -> str:
    """The claim key of a record: what identifies the match, not its packaging
    (extra notes and the ``defaulted`` lists do not change it)."""
    canon = {
        "game": record["game"],
        "config": record["config"],
        "actions": [step["actions"] for step in record["steps"]],
    }
    text = json.dumps(canon, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def winners_of(result: dict[str, Any]) -> list[str]:
    """The Main Match's winners: the first tie group of the ranking; where a
    game has no ranking, the players it gave Tokens of Life (decision SE3)."""
    if result.get("ranking"):
        return list(result["ranking"][0])
    return [p for p, n in result["tokens_of_life"].items() if n > 0]


def entry_of_record(
    record: Any, cast: list[str], *, source: str = "record", match: str | None = None
) -> MainMatch:
    """The ``main_match`` entry of a finished record whose players are all in
    ``cast``; raises :class:`SeasonError` (or the engine's ``RecordError``)."""
    record = parse_record(record)
    outsiders = [p for p in record["config"].get("players", []) if p not in cast]
    if outsiders:
        raise SeasonError(
            f"the record's player{'s' if len(outsiders) > 1 else ''} {', '.join(outsiders)} "
            f"{'are' if len(outsiders) > 1 else 'is'} not in the season's cast"
        )
    rep = replay(record)
    result = rep.result()
    if result is None:
        raise SeasonError(
            f"the record stops before the match ends (after step {len(rep.steps)}); "
            "only a finished match can enter the season"
        )
    players = list(rep.config["players"])
    held = rep.config.get("garnets") or {}
    data = {
        "source": source,
        "game": record["game"],
        "match": match,
        "match_key": match_key(record),
        "players": players,
        "starting_garnets": {p: int(held.get(p, 0)) for p in players},
        "tokens_of_life": dict(result["tokens_of_life"]),
        "garnets": dict(result["garnets"]),
        "garnets_spent": dict(result["garnets_spent"]),
        "elimination_candidate": result["elimination_candidate"],
        "winners": winners_of(result),
    }
    try:
        return MainMatch.model_validate(data)
    except ValidationError as exc:
        raise SeasonError(describe_validation_error(exc, "record")) from None
