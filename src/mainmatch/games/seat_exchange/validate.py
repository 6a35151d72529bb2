"""Validation of a ``trades`` action, in the order of seat_exchange spec §3.1.

The first broken rule is the one reported.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from mainmatch.engine.checks import is_json_int, json_type, money
from mainmatch.engine.errors import IllegalAction

ALLOWED = ("garnets", "trades")
_NO_TRADES: list[Any] = []  # the default of a missing "trades": only ever read


def _who(x: object) -> str:
    return repr(x) if isinstance(x, str) else json.dumps(x)


def check_trades(
    action: object, index: dict[str, int], players: Sequence[str], dollars: int, garnets_held: int
) -> None:
    """Raise :class:`IllegalAction` for the first rule ``action`` breaks (§3.1)."""
    # §3.1.1
    if not isinstance(action, dict):
        raise IllegalAction(
            f'the action must be a JSON object like {{"trades": [...]}}, not {json_type(action)}'
        )
    if len(action) != ("garnets" in action) + ("trades" in action):
        unknown = [k for k in action if k not in ALLOWED]
        raise IllegalAction(f'unknown fields {sorted(unknown)!r}; use "garnets" and "trades"')
    # §3.1.2
    spend = action.get("garnets", 0)
    if type(spend) is not int or spend:  # the common 0 needs no more checks
        _check_garnets(spend, garnets_held)
    # §3.1.3
    trades = action.get("trades", _NO_TRADES)
    if not isinstance(trades, list):
        raise IllegalAction(f"trades must be a list of trades, not {json_type(trades)}")
    seen: list[int] = []  # few trades: a list beats building a set
    total = 0
    n = 0
    for trade in trades:
        n += 1  # noqa: SIM113 (enumerate costs more in this hot loop)
        if (
            not isinstance(trade, dict)
            or len(trade) != 2
            or "players" not in trade
            or "amount" not in trade
        ):
            raise IllegalAction(_trade_shape(n, trade))
        pair = trade["players"]
        if not isinstance(pair, list) or len(pair) != 2:
            raise IllegalAction(
                f'trade {n}: "players" must list exactly two player ids (the same one twice for a self-swap)'
            )
        a, b = pair
        i = index.get(a) if isinstance(a, str) else None
        if i is None:
            raise IllegalAction(f"{_who(a)} is not a player in this match")
        j = index.get(b) if isinstance(b, str) else None
        if j is None:
            raise IllegalAction(f"{_who(b)} is not a player in this match")
        if i > j:
            a, b, i, j = b, a, j, i
        amount = trade["amount"]
        if type(amount) is not int or amount < 1:  # a JSON integer: not true, not 5.0
            raise IllegalAction(f"trade {a}-{b}: amount must be a whole number of dollars >= 1")
        key = 16 * i + j  # the unordered pair (index[a] <= index[b] < 16)
        if key in seen:
            raise IllegalAction(f"trade {a}-{b} is listed twice; put it once with the total amount")
        seen.append(key)
        total += amount
    # §3.1.4
    if total > dollars + spend:
        raise IllegalAction(
            f"trades total {money(total)} but you have {money(dollars + spend)} ({money(dollars)} + {spend} garnets)"
        )


def _check_garnets(spend: object, garnets_held: int) -> None:
    """§3.1.2: garnets turned in are a whole number, at most those held."""
    if not is_json_int(spend) or spend < 0:
        raise IllegalAction(f"garnets must be a whole number >= 0, not {json.dumps(spend)}")
    if spend > garnets_held:
        raise IllegalAction(
            f"you hold {garnets_held} garnet{'s' if garnets_held != 1 else ''}; cannot spend {spend}"
        )


def _trade_shape(n: int, trade: object) -> str:
    """What is wrong with the shape of trade ``n``, in the player's words (issue #17)."""
    if isinstance(trade, dict) and set(trade) <= {"players", "amount"}:
        if "players" not in trade:
            return f"trade {n}: choose the two players to swap"
        pair = trade["players"]
        names = (
            " and ".join(pair)
            if isinstance(pair, list) and all(isinstance(x, str) for x in pair)
            else ""
        )
        return (
            f"trade {n}{f' ({names})' if names else ''}: enter the amount you pay, in whole dollars"
        )
    return f'trade {n} must be an object with exactly "players" and "amount"'
