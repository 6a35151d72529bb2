"""A finished match record as a ledger entry (engine spec "result").

The record is replayed by the engine (every action validated), so the entry
holds exactly the replayed result: Tokens of Life and garnets awarded,
garnets spent, the Elimination Candidate. Its claim key identifies the match
by what the game made of it, not by how its record is spelt (issue 26, L6):
the SHA-256 of the game, the result and every view (public and each
player's) of every state from the first to the last. The same match exported
twice, a hosted match's own export, or a record whose actions are respelt
(``{}`` for ``{"trades": []}``, keys reordered, defaults written out) has the
same key and enters the season once.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel, ValidationError

from mainmatch.engine.game import describe_validation_error
from mainmatch.engine.record import Replay, parse_record, replay

from .ledger import SeasonError
from .models import MainMatch


def match_key(record: dict[str, Any], rep: Replay | None = None) -> str:
    """The claim key of a record (``rep``: its replay, when already made).

    The game, the config and every step's actions, each read by the game's
    own model (the config's ``config_model``, an action's model for the
    step kind its player was asked for) and written back in one canonical
    form: defaults written out, keys sorted. Neither packaging (notes,
    ``defaulted``) nor the spelling of an action (``{}`` for ``{"trades":
    []}``) changes it; any difference in what was played does (the order of
    a list is kept: in some rules it matters). Issue 26, L6."""
    if rep is None:
        rep = replay(record)
    game = rep.game
    states = [rep.initial, *(step.state for step in rep.steps)]
    actions = []
    for before, step in zip(states, rep.steps, strict=False):
        asked = game.pending(before)
        actions.append(
            {
                p: _canonical(game.action_models.get(asked[p]["kind"]), a)
                for p, a in step.actions.items()
            }
        )
    canon = {
        "game": game.id,
        "config": _canonical(game.config_model, rep.config),
        "actions": actions,
    }
    text = json.dumps(canon, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _canonical(model: type[BaseModel] | None, value: Any) -> Any:
    """``value`` as ``model`` reads it, all fields written out (the value itself
    when the model has no reading of it: the game's own check accepted it)."""
    if model is None:
        return value
    try:
        return model.model_validate(value).model_dump(mode="json", by_alias=True)
    except ValidationError:
        return value


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
        "match_key": match_key(record, rep),
        "players": players,
        "starting_garnets": {p: int(held.get(p, 0)) for p in players},
        "tokens_of_life": dict(result["tokens_of_life"]),
        "garnets": dict(result["garnets"]),
        "garnets_spent": dict(result["garnets_spent"]),
        "elimination_candidate": result["elimination_candidate"],
        "winners": winners_of(result),
        "result": result,
    }
    try:
        return MainMatch.model_validate(data)
    except ValidationError as exc:
        raise SeasonError(describe_validation_error(exc, "record")) from None
