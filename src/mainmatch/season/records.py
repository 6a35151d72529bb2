"""A finished match record as a ledger entry (engine spec "result").

The record is replayed by the engine (every action validated), so the entry
holds exactly the replayed result: Tokens of Life and garnets awarded,
garnets spent, the Elimination Candidate. Its claim key identifies the match
by what the game made of it, not by how its record is spelt (issue 26, L6;
issue 33, N9): the SHA-256 of the game, the config as its model reads it, and
every view (public and each player's) of every state from the first to the
last. The same match exported twice, a hosted match's own export, or a record
whose actions are respelt (``{}`` for ``{"trades": []}``, keys reordered,
defaults written out, a trade's two players in the other order, a list of
trades reordered where the rules do not care) has the same key and enters the
season once; a match in which anything happened differently has another.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel, ValidationError

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import describe_validation_error
from mainmatch.engine.record import Replay, parse_record, replay

from .ledger import SeasonError
from .models import MainMatch


def match_key(record: dict[str, Any], rep: Replay | None = None) -> str:
    """The claim key of a record (``rep``: its replay, when already made).

    Every action is first read by the game's model for the step kind its
    player was asked for and written back in one form (defaults written out),
    and the match replayed so; the key is the SHA-256 of the game, the config
    read by the game's ``config_model``, and every view, public and each
    player's, of every state from the first to the last, keys sorted (module
    doc). What the actions did is in the states the views show; how they were
    written (their spelling, the order of things whose order the rules ignore)
    is not, so no respelling enters a match twice (issue 33, N9), while any
    difference in what was played changes some view. Issue 26, L6."""
    if rep is None:
        rep = replay(record)
    rep = _canonical_replay(record, rep)
    game = rep.game
    players = list(rep.config["players"])
    digest = hashlib.sha256()
    digest.update(_json({"game": game.id, "config": _canonical(game.config_model, rep.config)}))
    for state in (rep.initial, *(step.state for step in rep.steps)):
        for viewer in (None, *players):
            digest.update(_json(game.shared_view(state, viewer)))
    return digest.hexdigest()


def _canonical_replay(record: dict[str, Any], rep: Replay) -> Replay:
    """The replay of ``record`` with each action as its model writes it
    (``rep`` itself when every action is written so already)."""
    game = rep.game
    states = [rep.initial, *(step.state for step in rep.steps)]
    steps, changed = [], False
    for before, step, raw in zip(states, rep.steps, record["steps"], strict=False):
        asked = game.pending(before)
        actions = {
            p: _canonical(game.action_models.get(asked[p]["kind"]), a, exclude_none=True)
            for p, a in step.actions.items()
        }
        changed = changed or actions != step.actions
        steps.append({**raw, "actions": actions})
    if not changed:
        return rep
    try:
        return replay({**record, "steps": steps})
    except MainmatchError:  # a game that refuses its model's own spelling: as written
        return rep


def _json(value: object) -> bytes:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return text.encode("utf-8") + b"\n"


def _canonical(
    model: type[BaseModel] | None, value: object, *, exclude_none: bool = False
) -> object:
    """``value`` as ``model`` reads it, all fields written out (the value itself
    when the model has no reading of it: the game's own check accepted it)."""
    if model is None:
        return value
    try:
        parsed = model.model_validate(value)
    except ValidationError:
        return value
    return parsed.model_dump(mode="json", by_alias=True, exclude_none=exclude_none)


def winners_of(result: dict[str, Any]) -> list[str]:
    """The Main Match's winners: the first tie group of the ranking; where a
    game has no ranking, the players it gave Tokens of Life (decision SE3)."""
    if result.get("ranking"):
        return list(result["ranking"][0])
    return [p for p, n in result["tokens_of_life"].items() if n > 0]


def entry_of_record(
    record: object, cast: list[str], *, source: str = "record", match: str | None = None
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
