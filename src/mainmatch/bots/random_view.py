"""The random bot that decides from its own view and request only, for any game.

The engine's ``Game.random_action`` is the generator of random *records*
(engine spec convention 6): it may read the state to reach rare branches
(Seat Exchange's streak builder reads the true numbers, decision S5). A bot
must not: in a hosted match or a simulation the ``random`` bot is a seat
like any other and sees only what its player sees (issue #18, finding 10).

:class:`ViewRandomBot` draws every step from its description: each field from
what the request offers and within its bounds (``engine/choices.py``), or with
the step's own ``random`` draw where the game has a rule across fields that
its inputs do not state. A game whose ``random_action`` reads a secret
(``Game.random_reads_secrets``) gets this bot as its ``random`` bot; the others
keep the engine's draw.
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.engine.choices import Pick, Shape, shape, walk
from mainmatch.engine.game import Action, Request, View

#: amounts drawn when a step states no upper bound: small ones
UNBOUNDED_MOST = 10


class ViewRandomBot:
    """Random legal play from ``(view, request)`` alone, read off the game's
    step descriptions."""

    name = "random"
    #: it changes neither its view nor its request and returns fresh values only (PD2)
    reads_only = True

    def __init__(self, game: Any):
        self.game = game
        self._shapes: dict[str, Shape] = {}

    def act(self, view: View, request: Request, rng: random.Random) -> Action:
        kind = request["kind"]
        description = self.game.step(kind)
        if description.random is not None:
            action: Action = description.random(request, rng, view)
            return action
        step = self._shapes.get(kind)
        if step is None:
            step = self._shapes[kind] = shape(description)
        return draw(step, request, list(view.get("players") or ()), rng)


def draw(step: Shape, request: Request, players: list[str], rng: random.Random) -> Action:
    """One action of ``step`` with every pick drawn at random (:func:`choose`)."""
    run = walk(step, request, players)
    try:
        pick = next(run)
        while True:
            pick = run.send(choose(pick, rng))
    except StopIteration as done:
        drawn: Action = done.value
        return drawn


def choose(pick: Pick, rng: random.Random) -> Any:
    """A uniform draw among what ``pick`` allows (an amount: any whole number in
    its range; with no upper bound, up to ``UNBOUNDED_MOST`` above its least)."""
    if pick.role == "amount":
        high = pick.low + UNBOUNDED_MOST if pick.high is None else pick.high
        low = -high if pick.signed else pick.low
        return rng.randint(low, high) if high >= low else pick.low
    return rng.choice(pick.values) if pick.values else None
