"""What the environments need from one game: its sub-decisions and its encoder.

One :class:`GameSpec` per game lives in ``mainmatch.rl.games.<id>``; the
environments in this package are the same for every game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

import numpy as np

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


_MODULES = {
    "amalgamation": "mainmatch.rl.games.amalgamation",
    "seat_exchange": "mainmatch.rl.games.seat_exchange",
    "homeostasis": "mainmatch.rl.games.homeostasis",
    "mvp": "mainmatch.rl.games.mvp",
    "second_to_won": "mainmatch.rl.games.second_to_won",
}


def spec(game_id: str) -> GameSpec:
    """The :class:`GameSpec` of ``game_id``; :class:`UnknownGame` lists the ids."""
    module = _MODULES.get(game_id) if isinstance(game_id, str) else None
    if module is None:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(_MODULES)}")
    return import_module(module).SPEC


def game_ids() -> list[str]:
    return list(_MODULES)
