"""What the environments need from one game: its sub-decisions and its encoder.

One :class:`GameSpec` per game lives in ``mainmatch.rl.games.<id>``; the
environments in this package are the same for every game. (Not ``spec.py``:
a submodule of that name would shadow the package's ``spec`` function.)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec

import numpy as np

from mainmatch.engine import registry
from mainmatch.engine.errors import UnknownGame

from .decisions import PlanFactory
from .layout import Layout

#: ``encode(view, request, player)``: the game part of an observation.
Encoder = Callable[[dict, "dict | None", str], np.ndarray]


@dataclass(frozen=True)
class GameSpec:
    game_id: str
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

    @classmethod
    def from_module(cls, name: str) -> GameSpec:
        """The spec a game module declares in its constants ``DECISIONS``,
        ``N_ACTIONS``, ``LAYOUT``, ``CONTEXT``, ``ACTIONS_DOC``, ``LIMITS_DOC``
        and functions ``encode`` and ``plan``."""
        m = sys.modules[name]
        return cls(
            game_id=name.rsplit(".", 1)[1],
            decisions=m.DECISIONS,
            n_actions=m.N_ACTIONS,
            layout=m.LAYOUT,
            context=m.CONTEXT,
            encode=m.encode,
            plan=m.plan,
            actions_doc=m.ACTIONS_DOC,
            limits_doc=m.LIMITS_DOC,
        )


#: where a game's environment description lives: a game registered by entry point
#: (``mainmatch.games``) has an environment when this package holds a module named after it
_PACKAGE = "mainmatch.rl.games"


def _module_of(game_id: object) -> str | None:
    if not isinstance(game_id, str) or game_id not in registry.game_ids():
        return None
    name = f"{_PACKAGE}.{game_id}"
    return name if find_spec(name) is not None else None


def spec(game_id: str) -> GameSpec:
    """The :class:`GameSpec` of ``game_id``; :class:`UnknownGame` lists the ids."""
    module = _module_of(game_id)
    if module is None:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(game_ids())}")
    return import_module(module).SPEC


def game_ids() -> list[str]:
    """The registered games that have an environment, in the registry's order."""
    return [g for g in registry.game_ids() if _module_of(g) is not None]
