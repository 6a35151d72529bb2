"""Match records (``mainmatch-record/1``): load, validate, save, replay.

A record is the config plus every applied step's actions (engine spec "The
match record"). Replaying it re-runs the game from ``initial_state(config)``
validating every action, so a record is all a match needs to be stored,
exported, checked by another implementation, or continued.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypedDict

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .collector import fewer_collections
from .driver import FORMAT, StepError, check_players, check_step
from .errors import InvalidConfig, MainmatchError, RecordError, UnknownGame
from .game import Game, JSONObject, State, View, describe_validation_error
from .jsonfile import read_json
from .registry import get_game

SCHEMA_PATH = Path(__file__).with_name("schemas") / "record.schema.json"


class RecordStep(BaseModel):
    """One applied step: the action of every pending player, and which of them
    were defaults the host drew (stored like any other action)."""

    # other implementations may add notes of their own: accepted, ignored, kept
    model_config = ConfigDict(extra="allow")

    actions: dict[str, Any] = Field(description="player id -> that player's action (a JSON object)")
    defaulted: list[str] = Field(
        default_factory=list, description="players whose action is the rules' default"
    )


class Record(BaseModel):
    """A match record, ``mainmatch-record/1``."""

    model_config = ConfigDict(extra="allow", title="mainmatch-record/1")

    format: Literal["mainmatch-record/1"]
    game: str = Field(
        description="game id, as `mainmatch games` lists them (seat_exchange, mvp, ...)"
    )
    config: dict[str, Any] = Field(description="the game's fully explicit config")
    steps: list[RecordStep] = Field(description="applied steps in order; step 1 first")


def record_schema() -> dict[str, Any]:
    """The JSON Schema of a record (the file shipped in ``engine/schemas``)."""
    schema = Record.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://mainmatch.invalid/schemas/record.schema.json"
    return schema


def new_record(game_id: str, config: Mapping[str, object]) -> dict[str, Any]:
    return {"format": FORMAT, "game": game_id, "config": config, "steps": []}


def parse_record(data: object) -> dict[str, Any]:
    """Check a parsed JSON document is a well-formed record; return it as a dict.

    Raises :class:`RecordError` naming what is wrong (and the step, for a bad step).
    """
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object with format, game, config and steps")
    if data.get("format") != FORMAT:
        raise RecordError(f"unknown record format {data.get('format')!r}; expected {FORMAT!r}")
    if _plainly_well_formed(data):
        return data
    _check_with_model(data)
    for i, step in enumerate(data["steps"]):
        for p, action in step["actions"].items():
            if not isinstance(action, dict):
                raise RecordError("the action must be a JSON object", step=i + 1, player=p)
    return data


def _plainly_well_formed(data: Mapping[str, object]) -> bool:
    """Whether ``data`` is, in exact built-in types, a record that passes
    :func:`parse_record`: a string ``game``, an object ``config`` and a list of
    steps, each an object with ``actions`` (player -> object) and, if present,
    ``defaulted`` (a list of strings); every key a string. ``False`` means
    only "not plainly so": the model then decides and names the fault. This
    shortcut (the model converts every step into objects, a tenth of a replay)
    accepts nothing the full check would refuse, so no message changes."""
    if not _str_keys(data) or type(data.get("game")) is not str:
        return False
    config, steps = data.get("config"), data.get("steps")
    if type(config) is not dict or not _str_keys(config) or type(steps) is not list:
        return False
    for step in steps:
        if type(step) is not dict:
            return False
        actions = step.get("actions")
        if type(actions) is not dict:
            return False
        for key, action in actions.items():
            if type(key) is not str or type(action) is not dict:
                return False
        if "defaulted" in step:
            defaulted = step["defaulted"]
            if type(defaulted) is not list:
                return False
            for p in defaulted:
                if type(p) is not str:
                    return False
            if len(step) != 2 and not _str_keys(step):
                return False
        elif len(step) != 1 and not _str_keys(step):
            return False
    return True


def _str_keys(obj: Mapping[str, object]) -> bool:
    for key in obj:
        if type(key) is not str:
            return False
    return True


def _check_with_model(data: Mapping[str, object]) -> None:
    """Validate with :class:`Record`; raise :class:`RecordError` for its first error."""
    try:
        Record.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = err["loc"]
        if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
            raise RecordError(describe_validation_error(exc, "record"), step=loc[1] + 1) from None
        raise RecordError(describe_validation_error(exc, "record")) from None


def load_record(path: str | Path) -> dict[str, Any]:
    """Read and check a record file."""
    data = read_json(path, error=RecordError)
    return parse_record(data)


def dump_record(record: Mapping[str, object]) -> str:
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def save_record(record: Mapping[str, object], path: str | Path) -> None:
    Path(path).write_text(dump_record(record), encoding="utf-8")


class ReplayedStep:
    """One replayed step: its 1-based ``number``, actions, defaulted players
    and the state after it. Its ``events`` are built when first read (by
    applying the step again to the state before it: ``apply`` is a pure
    function), since a replay for views and results never reads them."""

    __slots__ = ("_before", "_events", "_game", "actions", "defaulted", "number", "state")

    def __init__(
        self,
        number: int,
        actions: dict[str, dict[str, Any]],
        defaulted: list[str],
        state: State,
        game: Game[State],
        before: State,
        events: list[dict[str, Any]] | None = None,
    ):
        self.number = number
        self.actions = actions
        self.defaulted = defaulted
        self.state = state
        self._game = game
        self._before = before
        self._events = events

    @property
    def events(self) -> list[dict[str, Any]]:
        if self._events is None:
            self._events = self._game.apply_validated(self._before, self.actions)[1]
        return self._events


class ReplayOutput(TypedDict):
    """The replay output of the engine spec (:meth:`Replay.to_json`)."""

    result: JSONObject | None
    public_views: list[View]
    steps_applied: int


@dataclass
class Replay:
    game: Game[State]
    config: dict[str, Any]
    initial: State
    steps: list[ReplayedStep] = field(default_factory=list)

    @property
    def state(self) -> State:
        return self.steps[-1].state if self.steps else self.initial

    def result(self) -> dict[str, Any] | None:
        return self.game.result(self.state)

    def to_json(self) -> ReplayOutput:
        """The replay output of the engine spec: result, public view after every step,
        count. The views are :meth:`Game.shared_view`s: what a step leaves
        alone may be one object in several views, so copy a view before
        changing it (JSON written from them is the same)."""
        view = self.game.shared_view
        with fewer_collections():  # every view is kept: see engine/collector.py
            views = [view(s.state, None) for s in self.steps]
        return {"result": self.result(), "public_views": views, "steps_applied": len(self.steps)}


def game_of(record: dict[str, Any]) -> Game[State]:
    """The registered game a record names; :class:`RecordError` if there is none."""
    try:
        return get_game(record["game"])
    except UnknownGame as exc:
        raise RecordError(str(exc)) from None


def iter_replay(
    record: dict[str, Any], *, events: bool = True
) -> Iterator[tuple[Replay, ReplayedStep | None]]:
    """Replay step by step; yields the growing :class:`Replay` first with
    ``None`` (the initial state), then after each step with that step.
    With ``events`` false the steps are applied without their events
    (:meth:`Game.next_state`), which each step then builds when read."""
    record = parse_record(record)
    rep = _started(record)
    game, initial = rep.game, rep.initial
    yield rep, None
    state = initial
    for i, step in enumerate(record["steps"]):
        number = i + 1
        actions = step["actions"]
        defaulted = list(step.get("defaulted", []))
        before = state
        try:
            if events:
                check_step(game, before, number, actions, defaulted)
                state, built = game.apply_validated(before, actions)
            else:
                check_players(game, before, number, actions, defaulted)
                built = None
                # plainly legal actions are checked while the step is applied
                after = game.checked_next_state(before, actions)
                if after is None:
                    check_step(game, before, number, actions, defaulted)
                    after = game.next_state(before, actions)
                state = after
        except StepError:
            raise
        except MainmatchError as exc:
            raise RecordError(str(exc), step=number) from None
        done = ReplayedStep(
            number, actions, defaulted, state, game=game, before=before, events=built
        )
        rep.steps.append(done)
        yield rep, done


def replay_output(record: dict[str, Any]) -> ReplayOutput:
    """The replay output of the engine spec for ``record`` (``mainmatch replay
    --json``): :func:`replay` then :meth:`Replay.to_json`, inside one raise of
    the collector's threshold (apart, the threshold dropped back between the
    steps and the views, and the collection it then owed walked them all)."""
    with fewer_collections():
        return replay(record).to_json()


def replay(record: dict[str, Any]) -> Replay:
    """Replay a whole record, validating every action (each step's events
    are built when read): :func:`iter_replay` without events, as one loop."""
    with fewer_collections():  # every state is kept: see engine/collector.py
        record = parse_record(record)
        rep = _started(record)
        _replay_steps(rep, record["steps"])
    return rep


def _started(record: dict[str, Any]) -> Replay:
    """A parsed record's :class:`Replay` before its first step (its game and
    initial state); a config the game refuses is a :class:`RecordError`."""
    game = game_of(record)
    try:
        initial = game.initial_state(record["config"])
    except InvalidConfig as exc:
        raise RecordError(f"invalid config: {exc}") from None
    return Replay(game=game, config=record["config"], initial=initial)


def _replay_steps(rep: Replay, steps: list[dict[str, Any]]) -> None:
    """:func:`iter_replay`'s loop with ``events`` false, the same checks in
    the same order and the same errors: who acts is checked here (the driver's
    :func:`check_players` names a fault), then each plainly legal step is
    checked while it is applied (``Game.checked_next_state``), any other
    validated rule by rule first. A replay is mostly this loop, so it reads
    the game's methods once."""
    game = rep.game
    add = rep.steps.append
    pending_of = game.pending_players
    checked = game.checked_next_state
    state = rep.initial
    for number, step in enumerate(steps, 1):
        actions = step["actions"]
        defaulted = list(step["defaulted"]) if "defaulted" in step else []
        before = state
        try:
            pending = pending_of(before)
            if (
                not pending
                or len(actions) != len(pending)
                or not all(map(actions.__contains__, pending))
                or (defaulted and not all(map(actions.__contains__, defaulted)))
            ):
                check_players(game, before, number, actions, defaulted, pending)  # raises
            after = checked(before, actions)
            if after is None:
                check_step(game, before, number, actions, defaulted, pending)
                after = game.next_state(before, actions)
            state = after
        except StepError:
            raise
        except MainmatchError as exc:
            raise RecordError(str(exc), step=number) from None
        add(ReplayedStep(number, actions, defaulted, state, game, before))
