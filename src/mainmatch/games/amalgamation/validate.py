"""Validation of ``round`` and ``choose_ec`` actions, in the order of
amalgamation spec §3.1 and §3.2; the first broken rule is the one reported.

Any JSON value may arrive here; nothing but :class:`IllegalAction` escapes.
"""

from __future__ import annotations

import json
from typing import Any

from mainmatch.engine.checks import is_json_int, json_type
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.steps import field_words

from . import budget
from .constants import ROLES, TILES_PER_ROUND
from .models import RoundAction

TOP_KEYS = ("kong", "minus", "invest", "thief")
OPTIONAL_KEYS = ("buy_garnets",)
SHAPE_HINT = "an action has kong, minus, invest, thief and optionally buy_garnets"
#: §3.1 rule 2: each sub-object's exact keys.
PART_KEYS = {
    "kong": ("contribute",),
    "minus": ("bids",),
    "invest": ("invest", "donate"),
    "thief": ("bet", "role"),
}
#: §3.1 rule 3: the whole-dollar amounts, in the order they are checked.
#: a missing field of a sub-game, in the player's words (issue #17)
MISSING = {
    ("kong", "contribute"): "enter your contribution to Kong's Dilemma (0 for none)",
    ("minus", "bids"): "enter a bid on each Minus Auction tile",
    ("invest", "invest"): "enter what you invest in Investment & Donation (0 for none)",
    ("invest", "donate"): "enter what you donate in Investment & Donation (0 for none)",
    ("thief", "bet"): "enter a bet for Garnet Chip Thief (0 for none)",
    ("thief", "role"): "choose a role for Garnet Chip Thief",
}
AMOUNTS = (("kong", "contribute"), ("invest", "invest"), ("invest", "donate"), ("thief", "bet"))


def words(path: str) -> str:
    """A field as the forms name it (``kong.contribute``: "Kong's Dilemma, Into your
    team's pot"), said after the spec's message, which names the JSON key (issue #25)."""
    return field_words(RoundAction, path)


def shown(value: object) -> str:
    """A JSON value as it would be written in the action (``-5``, ``"x"``, ``1.5``)."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def check_round(
    action: object, tiles: tuple[int, ...], balance: int, garnets_held: int, rate: int
) -> None:
    """Raise :class:`IllegalAction` for the first rule of §3.1 ``action`` breaks."""
    if plainly_legal(action, balance, garnets_held, rate):
        return
    # §3.1 rule 1: the top-level keys
    if not isinstance(action, dict):
        raise IllegalAction(
            f"the action must be a JSON object, not {json_type(action)}; {SHAPE_HINT}"
        )
    for key in action:
        if key not in PART_KEYS and key not in OPTIONAL_KEYS:
            raise IllegalAction(f"unknown key {key!r}; {SHAPE_HINT}")
    for key in TOP_KEYS:
        if key not in action:
            raise IllegalAction(f"missing {key!r}; {SHAPE_HINT}")
    # §3.1 rule 2: each sub-object has exactly its keys (decision 44: never completed field by field)
    for key in TOP_KEYS:
        part = action[key]
        want = PART_KEYS[key]
        if isinstance(part, dict) and all(k in want for k in part) and len(part) < len(want):
            # the spec's own example message (§3.1 rule 2), then what to do in the player's words
            missing = MISSING[key, next(k for k in want if k not in part)]
            raise IllegalAction(
                f"{key} must be an object with exactly {', '.join(want)}: {missing}"
            )
        if not isinstance(part, dict) or len(part) != len(want) or any(k not in part for k in want):
            got = (
                f"got {json_type(part)}"
                if not isinstance(part, dict)
                else f"got keys {shown(list(part))}"
            )
            raise IllegalAction(f"{key} must be an object with exactly {', '.join(want)} ({got})")
    # §3.1 rule 3: whole dollars and garnets, never negative
    buy = action.get("buy_garnets", 0)
    if not is_json_int(buy) or buy < 0:
        raise IllegalAction(
            f"buy_garnets must be a non-negative integer of garnets, got {shown(buy)}"
            f" ({words('buy_garnets')}: a whole number, 0 or more)"
        )
    for key, name in AMOUNTS:
        value = action[key][name]
        if not is_json_int(value) or value < 0:
            raise IllegalAction(
                f"{key}.{name} must be a non-negative integer of dollars, got {shown(value)}"
                f" ({words(f'{key}.{name}')}: whole dollars, 0 or more)"
            )
    # §3.1 rule 4: garnets held
    budget.check_purchase(buy, garnets_held)
    # §3.1 rule 5: a bid for every tile
    bids = action["minus"]["bids"]
    if (
        not isinstance(bids, list)
        or len(bids) != TILES_PER_ROUND
        or not all(is_json_int(b) for b in bids)
    ):
        raise IllegalAction(
            f"minus.bids must be a list of {TILES_PER_ROUND} integers, one per tile of {list(tiles)}, got {shown(bids)}"
            f" ({words('minus.bids')}: a whole number for each tile, negative allowed)"
        )
    # §3.1 rule 6: a role
    role = action["thief"]["role"]
    if not isinstance(role, str) or role not in ROLES:
        raise IllegalAction(
            f"thief.role must be one of {', '.join(ROLES)}, got {shown(role) if not isinstance(role, str) else repr(role)}"
            f" ({MISSING['thief', 'role']})"
        )
    # §3.1 rule 7: no debt
    budget.check_no_debt(budget.spend_parts(action), balance, buy, garnets_held, rate)


def plainly_legal(action: object, balance: int, garnets_held: int, rate: int) -> bool:
    """Whether ``action`` passes every rule of §3.1, checked in one pass over
    exact built-in types (``dict``, ``list``, ``int``, ``str``); ``False`` may
    also mean "not plainly": :func:`check_round` then goes through the rules
    in order to name the first one broken. Most actions are legal, and this
    costs a fraction of the ordered checks."""
    if type(action) is not dict:
        return False
    try:
        k = action["kong"]
        m = action["minus"]
        i = action["invest"]
        t = action["thief"]
        if type(k) is not dict or type(m) is not dict or type(i) is not dict or type(t) is not dict:
            return False
        c = k["contribute"]
        bids = m["bids"]
        inv = i["invest"]
        don = i["donate"]
        bet = t["bet"]
        role = t["role"]
    except KeyError:
        return False
    # each part holds its keys, so exactly them when the sizes add up (§3.1 rule 2)
    if len(k) + len(m) + len(i) + len(t) != _PART_SIZES:
        return False
    size = len(action)
    buy: Any = 0
    if size == 4:
        pass
    elif size == 5:
        buy = action.get("buy_garnets")
        if type(buy) is not int or buy < 0 or buy > garnets_held:
            return False
    else:
        return False
    if type(c) is not int or type(inv) is not int or type(don) is not int or type(bet) is not int:
        return False
    if c < 0 or inv < 0 or don < 0 or bet < 0 or type(role) is not str or role not in _ROLES:
        return False
    if type(bids) is not list or len(bids) != TILES_PER_ROUND:
        return False
    b0, b1, b2, b3, b4 = bids  # TILES_PER_ROUND
    if (
        type(b0) is not int
        or type(b1) is not int
        or type(b2) is not int
        or type(b3) is not int
        or type(b4) is not int
    ):
        return False
    spend = c + inv + don + bet + abs(b0) + abs(b1) + abs(b2) + abs(b3) + abs(b4)
    fits: bool = spend <= balance + buy * rate
    return fits


_ROLES = frozenset(ROLES)
_PART_SIZES = sum(map(len, PART_KEYS.values()))


def check_choose_ec(action: object, candidates: list[str]) -> None:
    """§3.2: exactly ``{"ec": candidate}``."""
    names = ", ".join(candidates)
    if not isinstance(action, dict):
        raise IllegalAction(
            f'the action must be a JSON object {{"ec": id}} naming one of {names}, not {json_type(action)}'
        )
    for key in action:
        if key != "ec":
            raise IllegalAction(
                f'unknown key {key!r}; send exactly {{"ec": id}} naming one of {names}'
            )
    if "ec" not in action:
        raise IllegalAction(f"missing 'ec'; name one of {names}")
    ec = action["ec"]
    if not isinstance(ec, str) or ec not in candidates:
        raise IllegalAction(
            f"ec must be one of {names}, got {repr(ec) if isinstance(ec, str) else shown(ec)}"
        )
