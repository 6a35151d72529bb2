"""What the environments need from one game: its sub-decisions and its encoder,
read off the game's step descriptions and views, for any registered game.

:func:`spec` builds a :class:`GameSpec` per (game, player count): the
sub-decisions of every step kind from ``game.step(kind).inputs()``
(``plan.py``), and the observation layout and the values each choice names
from the game's declared view and request types (``observe.py``,
``declared.py``). Nothing here names a game; no match is played.
(Not ``spec.py``: a submodule of that name would shadow the package's ``spec``
function.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from mainmatch.engine import registry
from mainmatch.engine.errors import MainmatchError, UnknownGame

from . import plan as plans
from .decisions import PlanFactory
from .declared import offered
from .layout import Layout
from .observe import observer as observer_of

#: ``encode(view, request, player)``: the game part of an observation.
Encoder = Callable[[dict[str, Any], "dict[str, Any] | None", str], np.ndarray]


@dataclass(frozen=True)
class GameSpec:
    game_id: str
    #: players a match of this spec takes
    players: int
    #: kinds of sub-decision, in the order of the observation's one-hot
    decisions: tuple[str, ...]
    #: size of the ``Discrete`` action space (the largest decision's choices)
    n_actions: int
    #: the view part of the observation
    layout: Layout
    #: the plan's context part of the observation (what is decided so far)
    context: Layout
    encode: Encoder
    plan: PlanFactory
    #: what each decision's index means (Markdown, for docs/rl.md)
    actions_doc: str
    #: legal actions the decomposition cannot express, and why (Markdown)
    limits_doc: str


LIMITS_DOC = (
    "Amounts between the steps of an amount decision or beyond its last, lists longer than their "
    f"`max_items` (else {plans.LIST_MAX}), and what a rule across fields forbids (a total "
    "spend, a tie, a minimum number of entries): an assembled action the game refuses "
    "is shrunk by the table (amounts halved, then entries dropped, then the game's "
    "default action) and counted in `repaired`."
)


def spec(game_id: str, players: int | None = None) -> GameSpec:
    """The :class:`GameSpec` of ``game_id`` for ``players`` players (by default
    its default players' count); :class:`UnknownGame` lists the ids."""
    if not isinstance(game_id, str) or game_id not in registry.game_ids():
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(game_ids())}")
    game = registry.get_game(game_id)
    count = len(game.default_players) if players is None else players
    fault = game.takes_players(count)
    if fault:
        raise MainmatchError(fault)
    return _build(game_id, count)


@cache
def _build(game_id: str, count: int) -> GameSpec:
    game = registry.get_game(game_id)
    steps = plans.step_shapes(game)
    observer = observer_of(game, count)
    vocab = {
        key: offered(game, key) for step in steps.values() for key in plans.vocab_keys(step.inputs)
    }
    decisions: list[tuple[str, str]] = []
    for step in steps.values():
        decisions += [d for d in plans.decisions(step) if d[0] not in dict(decisions)]
    sizes = [plans.BINS, count, 2]
    for step in steps.values():
        sizes += [len(vocab.get(key, ())) for key in plans.vocab_keys(step.inputs)]
    n_actions = max(sizes)
    context = plans.context_layout(n_actions)
    choices = plans.Choices(n_actions, vocab, context)
    doc = "; ".join(f"`{kind}`: {meaning}" for kind, meaning in decisions)
    return GameSpec(
        game_id=game_id,
        players=count,
        decisions=tuple(k for k, _ in decisions),
        n_actions=n_actions,
        layout=observer.layout,
        context=context,
        encode=observer.encode,
        plan=plans.plan(choices, steps),
        actions_doc=doc + ".",
        limits_doc=LIMITS_DOC,
    )


def game_ids() -> list[str]:
    """The registered games: every one has an environment."""
    return list(registry.game_ids())
