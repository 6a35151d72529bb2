"""The match driver: the one loop that validates, applies and records a step.

engine spec "Replay": a step holds exactly one action per pending player, every
action passes ``validate``, a player listed in ``defaulted`` has an action, and
``apply`` makes the next state and the step's events. :func:`advance` is that
rule; :class:`Driver` keeps a match's state, its steps (the record) and their
events. :class:`mainmatch.engine.Match`, replay (``engine.record``), the host's
snapshots and the simulator all step through here, so they accept and write
the same steps. The pending requests of a state are remembered by
:meth:`Game.pending`, so asking again while a step is checked costs nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, TypedDict

from .errors import IllegalAction, RecordError
from .game import Action, Event, Game, Request, State

FORMAT = "mainmatch-record/1"


class StepRecord(TypedDict):
    """One step of a record as the driver writes it: each pending player's
    action (in pending order) and the players whose action is the default."""

    actions: dict[str, Action]
    defaulted: list[str]


class StepError(RecordError):
    """A step could not be applied: ``reason`` for people, the 1-based ``step``
    and the ``player`` at fault when the fault is in one action. A replay
    raises it for a broken record, so it is a :class:`RecordError`."""


def check_step(
    game: Game[State],
    state: State,
    number: int,
    actions: dict[str, Any],
    defaulted: Iterable[str] = (),
    pending: Collection[str] | None = None,
) -> Collection[str]:
    """Raise :class:`StepError` unless ``actions`` is a legal step ``number`` at
    ``state``; return who is pending (``pending``'s keys, in order). Nothing
    is changed. Only a message names a request's kind, so the requests
    themselves are not built (:meth:`Game.pending_players`)."""
    pending = check_players(game, state, number, actions, defaulted, pending)
    for p in pending:
        try:
            game.validate(state, p, actions[p])
        except IllegalAction as exc:
            raise StepError(str(exc), step=number, player=p) from None
    return pending


def check_players(
    game: Game[State],
    state: State,
    number: int,
    actions: dict[str, Any],
    defaulted: Iterable[str] = (),
    pending: Collection[str] | None = None,
) -> Collection[str]:
    """:func:`check_step` without validating the actions: the step has one
    action for each pending player and for nobody else, and whoever it lists
    as defaulted has one. Returns who is pending."""
    if pending is None:
        pending = game.pending_players(state)
    if not pending:
        raise StepError(
            "the match is already over; the record has steps after its end", step=number
        )
    # the same players (pending holds no repeats): only a fault needs the scans below
    if len(actions) != len(pending) or not all(map(actions.__contains__, pending)):
        _name_the_missing(game, state, number, actions, pending)
    for p in defaulted:
        if p not in actions:
            raise StepError(
                "is listed in defaulted but has no action in the step", step=number, player=p
            )
    return pending


def _name_the_missing(
    game: Game[State], state: State, number: int, actions: dict[str, Any], pending: Collection[str]
) -> None:
    """Raise :class:`StepError` for the first player who acts without being
    pending, else for the first pending player without an action."""
    for p in actions:
        if p not in pending:
            who = ", ".join(pending)
            raise StepError(f"is not pending at this step (pending: {who})", step=number, player=p)
    for p in pending:
        if p not in actions:
            raise StepError(
                f"is pending ({game.pending(state)[p]['kind']}) but the step has no action for them",
                step=number,
                player=p,
            )


def advance(
    game: Game[State],
    state: State,
    number: int,
    actions: dict[str, Any],
    defaulted: Iterable[str] = (),
    *,
    validate: bool = True,
) -> tuple[State, list[Event]]:
    """Step ``number`` from ``state``: checked (unless ``validate`` is false, for
    actions already known legal), then applied. Returns the next state and the
    step's events; raises :class:`StepError` and changes nothing on a bad step."""
    if validate:
        check_step(game, state, number, actions, defaulted)
    return game.apply_validated(state, actions)


class Driver:
    """A match in progress: its game, config and state, the record's steps so
    far and each step's events (``events[i]`` for step ``i + 1``).

    With ``events=False`` (the simulator, which reads only states and the
    record) steps are applied without building their events
    (:meth:`Game.next_state`): ``events`` stays empty and :meth:`step`
    returns ``[]``."""

    def __init__(
        self,
        game: Game[State],
        config: dict[str, Any],
        *,
        state: State | None = None,
        events: bool = True,
    ):
        self.game = game
        self.config = config
        self.state = game.initial_state(config) if state is None else state
        self.steps: list[StepRecord] = []
        self.events: list[list[Event]] = []
        self.keeps_events = events

    @property
    def pending(self) -> dict[str, Request]:
        return self.game.pending(self.state)

    @property
    def over(self) -> bool:
        return not self.pending

    def result(self) -> dict[str, Any] | None:
        return self.game.result(self.state)

    def view(self, player: str | None) -> dict[str, Any]:
        return self.game.view(self.state, player)

    def step(
        self,
        actions: dict[str, Any],
        defaulted: Iterable[str] = (),
        *,
        validate: bool = True,
    ) -> list[Event]:
        """Check and apply one step, append it to the record; return its events.

        ``actions`` must hold exactly the pending players; ``defaulted`` those
        whose action is the rules' default. The step is recorded in pending
        order. Raises :class:`StepError` and changes nothing on a bad step.
        ``validate=False`` is for callers that drew every action legally
        themselves (the simulator): checking again would double the work.
        """
        number = len(self.steps) + 1
        if validate:
            pending = check_step(self.game, self.state, number, actions, defaulted)
        else:
            pending = self.game.pending_players(self.state)
        dflt = set(defaulted)
        if self.keeps_events:
            state, events = self.game.apply_validated(self.state, actions)
            self.events.append(events)
        else:
            state, events = self.game.next_state(self.state, actions), []
        self.state = state
        self.steps.append(
            {
                "actions": {p: actions[p] for p in pending},
                "defaulted": [p for p in pending if p in dflt],
            }
        )
        return events

    def record(self) -> dict[str, Any]:
        """The ``mainmatch-record/1`` of the steps so far."""
        return {
            "format": FORMAT,
            "game": self.game.id,
            "config": self.config,
            "steps": list(self.steps),
        }
