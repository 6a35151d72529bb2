"""Structured actions as sequences of discrete sub-decisions.

A game's action (a list of trades, four sub-games at once, a bid per item) does
not fit one flat action space, so each game writes a *plan*: a generator that,
given the player's own view and request, yields one :class:`Decision` at a
time (a kind, a mask over ``n_actions`` choices, a small context vector) and
receives the chosen index back; when it returns, its value is the whole action
(OpenSpiel's decomposition of multi-part moves).

The contract every plan keeps, checked by ``tests/rl/test_legal.py``: a choice
the mask allows always leads to a legal action, whatever the later allowed
choices are. A plan sees only ``view`` and ``request`` (never the state), so no
secret can reach a mask.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

import numpy as np

from .layout import relative


@dataclass(frozen=True)
class Decision:
    """One sub-decision: its kind (one of the game's ``DECISIONS``), which of the
    ``n_actions`` indices are allowed, and a fixed-length context vector (what
    the plan has decided so far, as the game's ``CONTEXT`` documents)."""

    kind: str
    mask: np.ndarray
    context: tuple[float, ...]


#: A plan: yields decisions, is sent the chosen indices, returns the action.
Plan = Generator[Decision, int, dict]
#: ``plan(view, request, player)``
PlanFactory = Callable[[dict, dict, str], Plan]


def choose_candidate(
    view: dict, request: dict, player: str, n_actions: int, context_size: int
) -> Plan:
    """``choose_ec`` in every game that has it: one decision, index = the
    candidate's seat-relative position (the observer is 0)."""
    seats = relative(view["players"], player)
    allowed = [i for i, p in enumerate(seats) if p in request["candidates"]]
    i = yield Decision("choose_ec", mask_of(n_actions, allowed), (0.0,) * context_size)
    return {"ec": seats[i]}


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


def amounts_up_to(buckets: Sequence[int], limit: int) -> list[int]:
    """Indices of ``buckets`` whose amount is at most ``limit``."""
    return [i for i, amount in enumerate(buckets) if amount <= limit]


#: Money/chip buckets shared by the games: unit steps where small amounts matter,
#: coarser above. Index ``i`` of an amount decision means ``AMOUNTS[i]``.
AMOUNTS: tuple[int, ...] = (
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    10,
    12,
    15,
    20,
    25,
    30,
    40,
    50,
    60,
    75,
    100,
    125,
    150,
    200,
    250,
    300,
    400,
)
#: The same buckets without 0, for amounts that must be at least 1.
POSITIVE: tuple[int, ...] = AMOUNTS[1:]
