"""A match in progress: a game, its config, its state and the steps so far.

``Match`` is the one place where a step is validated, applied and written to
the record, so the host server, the CLI, the bots' driver and the simulator
all record steps the same way (a drawn default is stored like any action).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .errors import IllegalAction, MainmatchError
from .game import Game, State
from .record import FORMAT, iter_replay


class StepError(MainmatchError):
    """A step could not be applied; ``player`` is the player at fault."""

    def __init__(self, message: str, player: str | None = None):
        self.player = player
        super().__init__(message)


class Match:
    def __init__(self, game: Game, config: dict, *, _state: State | None = None):
        self.game = game
        self.config = config
        self.state = game.initial_state(config) if _state is None else _state
        self.steps: list[dict] = []
        #: events of each applied step, ``events[i]`` for step ``i + 1``.
        self.events: list[list[dict]] = []

    @classmethod
    def from_record(cls, record: dict) -> Match:
        """Replay ``record`` (validating every action) into a live match."""
        match = None
        for rep, step in iter_replay(record):
            if match is None:
                match = cls(rep.game, rep.config, _state=rep.initial)
            if step is not None:
                match.state = step.state
                match.steps.append({"actions": step.actions, "defaulted": step.defaulted})
                match.events.append(step.events)
        assert match is not None
        return match

    # --------------------------------------------------------------- queries

    @property
    def pending(self) -> dict[str, dict]:
        return self.game.pending(self.state)

    @property
    def over(self) -> bool:
        return not self.pending

    def result(self) -> dict | None:
        return self.game.result(self.state)

    def view(self, player: str | None) -> dict:
        return self.game.view(self.state, player)

    def record(self) -> dict:
        return {
            "format": FORMAT,
            "game": self.game.id,
            "config": self.config,
            "steps": list(self.steps),
        }

    # --------------------------------------------------------------- changes

    def step(
        self, actions: dict[str, dict], defaulted: list[str] | tuple[str, ...] = ()
    ) -> list[dict]:
        """Validate and apply one step; return its events.

        ``actions`` must hold exactly the pending players. Raises
        :class:`StepError` (naming the player) and changes nothing on error.
        """
        pending = self.pending
        if not pending:
            raise StepError("the match is over")
        for p in actions:
            if p not in pending:
                raise StepError(f"{p} is not pending now", player=p)
        for p in pending:
            if p not in actions:
                raise StepError(f"{p} has not acted yet", player=p)
            try:
                self.game.validate(self.state, p, actions[p])
            except IllegalAction as exc:
                raise StepError(f"{p}: {exc}", player=p) from None
        state, events = self.game.apply(self.state, actions)
        self.state = state
        self.steps.append(
            {
                "actions": {p: actions[p] for p in pending},
                "defaulted": [p for p in pending if p in defaulted],
            }
        )
        self.events.append(events)
        return events

    def undo(self) -> None:
        """Take back the last step (by replaying the ones before it)."""
        if not self.steps:
            raise StepError("there is no step to undo")
        record = self.record()
        record["steps"] = record["steps"][:-1]
        again = Match.from_record(record)
        self.state, self.steps, self.events = again.state, again.steps, again.events


def random_actions(
    game: Game, state: State, rng: random.Random, default_rate: float = 0.0
) -> tuple[dict[str, dict], list[str]]:
    """One step of random play: ``random_action`` for every pending player or,
    with probability ``default_rate`` each, the rules' default (listed in the
    second value, as a record's ``defaulted``)."""
    actions: dict[str, dict] = {}
    defaulted: list[str] = []
    for p in game.pending(state):
        if default_rate and rng.random() < default_rate:
            actions[p] = game.default_action(state, p, rng)
            defaulted.append(p)
        else:
            actions[p] = game.random_action(state, p, rng)
    return actions, defaulted


Chooser = Callable[[Match, str, dict], dict]


def play(match: Match, choose: Chooser, *, max_steps: int = 100_000) -> Match:
    """Play ``match`` to the end, asking ``choose(match, player, request)`` for
    every pending player's action."""
    for _ in range(max_steps):
        pending = match.pending
        if not pending:
            return match
        match.step({p: choose(match, p, req) for p, req in pending.items()})
    raise MainmatchError(f"{match.game.id}: no end after {max_steps} steps")


def play_random(game: Game, config: dict, rng: random.Random) -> Match:
    """A whole match of ``random_action`` play."""
    return play(Match(game, config), lambda m, p, _req: game.random_action(m.state, p, rng))
