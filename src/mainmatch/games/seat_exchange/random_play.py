"""Random play of Seat Exchange (engine spec convention 6): passes in their
several spellings, garnet spending, self-swaps, all-ins and swaps that
lengthen a run (decision S5: the streak builder knows the true numbers).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mainmatch.engine.game import Action

from .state import SeatState

#: amounts random play draws from: small and repeated, so ties are common
_AMOUNTS = (1, 1, 2, 3, 5, 5, 10, 10, 20, 25, 50)


def random_action(state: SeatState, player: str, rng: random.Random) -> Action:
    """A random ``trades`` action for ``player`` (the EC vote's is the shared unit's)."""
    rand = rng.random
    passed, action, left = _opening(rand, state.garnets[player], state.money[player])
    if passed is not None:
        return passed
    players = state.players
    n = len(players)

    def pair_of(u: float) -> tuple[str, str]:
        if u < 0.5:
            return streak_builder(state, rng)
        if u < 0.62:
            x = player if u < 0.56 else players[int(rand() * n)]
            return (x, x)
        return _other_pair(rand, players)

    return _trades(rand, left, action, pair_of)


def _opening(rand: Callable[[], float], held: int, money: int) -> tuple[Action | None, Action, int]:
    """A pass a quarter of the time, in its several legal spellings (then the
    pass is returned first); else the garnets converted now and then, and the
    dollars to spend."""
    r = rand()
    if r < 0.25:
        passed = {} if r < 0.1 else {"trades": []} if r < 0.18 else {"garnets": 0, "trades": []}
        return passed, {}, 0
    spend = 0
    if held and rand() < 0.4:
        spend = held if rand() < 0.5 else 1 + int(rand() * held)
    return None, ({"garnets": spend} if spend else {}), money + spend


def _other_pair(rand: Callable[[], float], players: Sequence[str]) -> tuple[str, str]:
    """Two different players, uniformly."""
    n = len(players)
    i = int(rand() * n)
    j = (i + 1 + int(rand() * (n - 1))) % n
    return (players[i], players[j])


def _trades(
    rand: Callable[[], float],
    left: int,
    action: Action,
    pair_of: Callable[[float], tuple[str, str]],
) -> Action:
    """One to three trades, each pair once, amounts from ``_AMOUNTS`` or all-in,
    within the dollars ``left`` (§3.1)."""
    trades: list[Action] = []
    used: set[frozenset[str]] = set()
    u = rand()
    for _ in range(1 if u < 0.5 else 2 if u < 0.85 else 3):
        if left <= 0:
            break
        pair = pair_of(rand())
        key = frozenset(pair)
        if key in used:
            continue
        used.add(key)
        amount = left if rand() < 0.1 else min(left, _AMOUNTS[int(rand() * len(_AMOUNTS))])
        trades.append({"players": list(pair), "amount": amount})
        left -= amount
    if trades or not action:
        action["trades"] = trades
    return action


def streak_builder(state: SeatState, rng: random.Random) -> tuple[str, str]:
    """A swap that would lengthen a run by one: bring the next number to
    the seat beyond a run's end (so random play reaches streak ends)."""
    nums, holder, rs = state.seat_numbers, state.holders, state.runs
    n = len(nums)
    run = rs[0] if rng.random() < 0.6 else rng.choice(rs)
    if len(run) == n:
        x = rng.choice(state.players)
        return (x, x)
    if rng.random() < 0.5:
        end, beyond, prev = run[-1], (run[-1] + 1) % n, run[-2] if len(run) > 1 else None
    else:
        end, beyond, prev = run[0], (run[0] - 1) % n, run[1] if len(run) > 1 else None
    if prev is None:
        step = rng.choice((1, -1))
    else:
        step = 1 if (nums[end] - nums[prev]) % n == 1 else -1
    want = (nums[end] + step - 1) % n + 1
    return (holder[want], state.seats[beyond])


def view_random_trades(
    request: Mapping[str, Any], rng: random.Random, view: Mapping[str, Any]
) -> Action:
    """The view-only random bot's ``trades``: a pass a quarter of the time, else
    one to three trades between random pairs (some self-swaps), amounts from
    ``_AMOUNTS`` or all-in, garnets converted now and then; all from the request
    (``money``, ``garnets``, ``players``) and the player's own id, never the
    numbers (§3.1). Unlike :func:`random_action`, no streak builder."""
    rand = rng.random
    passed, action, left = _opening(rand, request["garnets"], request["money"])
    if passed is not None:
        return passed
    me = view["you"]["player"]
    players = list(request["players"])

    def pair_of(u: float) -> tuple[str, str]:
        if u < 0.2:
            x = me if u < 0.1 else players[int(rand() * len(players))]
            return (x, x)
        return _other_pair(rand, players)

    return _trades(rand, left, action, pair_of)
