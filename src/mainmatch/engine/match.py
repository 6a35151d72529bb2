"""A match in progress: a game, its config, its state and the steps so far.

``Match`` is the engine's :class:`~mainmatch.engine.driver.Driver` (the one
place where a step is validated, applied and written to the record) plus
rebuilding from a record and undo; and whole matches of play.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .driver import Driver, StepError
from .errors import MainmatchError
from .game import Game, State
from .record import iter_replay

__all__ = ["Match", "StepError", "play", "play_random", "random_actions"]


class Match(Driver):
    """A match driven step by step (see :class:`Driver`), which can also be
    rebuilt from a record and have its last step taken back."""

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Match:
        """Replay ``record`` (validating every action) into a live match."""
        match = None
        for rep, step in iter_replay(record):
            if match is None:
                match = cls(rep.game, rep.config, state=rep.initial)
            if step is not None:
                match.state = step.state
                match.steps.append({"actions": step.actions, "defaulted": step.defaulted})
                match.events.append(step.events)
        assert match is not None
        return match

    def undo(self) -> None:
        """Take back the last step (by replaying the ones before it)."""
        if not self.steps:
            raise StepError("there is no step to undo")
        record = self.record()
        record["steps"] = record["steps"][:-1]
        again = Match.from_record(record)
        self.state, self.steps, self.events = again.state, again.steps, again.events


def random_actions(
    game: Game[State], state: State, rng: random.Random, default_rate: float = 0.0
) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """One step of random play: ``random_action`` for every pending player or,
    with probability ``default_rate`` each, the rules' default (listed in the
    second value, as a record's ``defaulted``)."""
    actions: dict[str, dict[str, Any]] = {}
    defaulted: list[str] = []
    for p in game.pending(state):
        if default_rate and rng.random() < default_rate:
            actions[p] = game.default_action(state, p, rng)
            defaulted.append(p)
        else:
            actions[p] = game.random_action(state, p, rng)
    return actions, defaulted


Chooser = Callable[[Match, str, dict[str, Any]], dict[str, Any]]


def play(match: Match, choose: Chooser, *, max_steps: int = 100_000) -> Match:
    """Play ``match`` to the end, asking ``choose(match, player, request)`` for
    every pending player's action."""
    for _ in range(max_steps):
        pending = match.pending
        if not pending:
            return match
        match.step({p: choose(match, p, req) for p, req in pending.items()})
    raise MainmatchError(f"{match.game.id}: no end after {max_steps} steps")


def play_random(game: Game[State], config: dict[str, Any], rng: random.Random) -> Match:
    """A whole match of ``random_action`` play."""
    return play(Match(game, config), lambda m, p, _req: game.random_action(m.state, p, rng))
