"""Structured actions as sequences of discrete sub-decisions.

A game's action (a list of trades, four sub-games at once, a bid per item) does
not fit one flat action space, so it is built by a *plan*: a generator that,
given the player's own view and request, yields one :class:`Decision` at a
time (a kind, a mask over ``n_actions`` choices, a small context vector) and
receives the chosen index back; when it returns, its value is the whole action
(OpenSpiel's decomposition of multi-part moves). ``plan.py`` makes the plan of
every step kind from its step description.

A choice the mask allows keeps every bound the description states; a plan sees
only ``view`` and ``request`` (never the state), so no secret can reach a mask.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Decision:
    """One sub-decision: its kind (one of the spec's ``decisions``), which of the
    ``n_actions`` indices are allowed, and a fixed-length context vector (what
    the plan has decided so far, as the spec's ``context`` documents)."""

    kind: str
    mask: np.ndarray
    context: tuple[float, ...]


#: A plan: yields decisions, is sent the chosen indices, returns the action.
Plan = Generator[Decision, int, dict[str, object]]
#: ``plan(view, request, player)``
PlanFactory = Callable[[dict[str, Any], dict[str, Any], str], Plan]


def mask_of(n_actions: int, allowed: Sequence[int]) -> np.ndarray:
    """An ``int8`` mask of length ``n_actions`` with ``allowed`` set."""
    mask = np.zeros(n_actions, dtype=np.int8)
    mask[list(allowed)] = 1
    return mask


def nearest_allowed(mask: np.ndarray, choice: int) -> int:
    """The allowed index closest to ``choice`` (the lower one on a tie): what
    the environments play when an agent sends a masked-out index."""
    allowed = np.flatnonzero(mask)
    if not len(allowed):
        raise ValueError("a decision with no allowed choice")
    pos = bisect.bisect_left(allowed.tolist(), choice)
    if pos < len(allowed) and allowed[pos] == choice:
        return int(choice)
    candidates = [int(allowed[i]) for i in (pos - 1, pos) if 0 <= i < len(allowed)]
    return min(candidates, key=lambda a: (abs(a - choice), a))
