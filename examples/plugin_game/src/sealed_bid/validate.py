"""Checking a Sealed Bid action (rules.md §2): one line naming the broken rule."""

from __future__ import annotations

from typing import Any

from mainmatch.engine.checks import is_json_int, json_type
from mainmatch.engine.errors import IllegalAction


def check_bid(action: Any, chips: int, garnets: int) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is a legal bid for a player
    holding ``chips`` and ``garnets`` (§2), naming the first broken rule."""
    if not isinstance(action, dict):
        raise IllegalAction(
            f'the action must be a JSON object like {{"bid": 3}}, not {json_type(action)}'
        )
    extra = sorted(k for k in action if k not in ("bid", "garnets"))
    if extra:
        raise IllegalAction(f'unknown fields {extra!r}; send {{"bid": n, "garnets": g}}')
    bid = action.get("bid", 0)
    if not is_json_int(bid) or bid < 0:
        raise IllegalAction(f"a bid is a whole number of chips >= 0, not {bid!r}")
    if bid > chips:
        raise IllegalAction(f"a bid of {bid} chips exceeds the {chips} chips you hold")
    turned = action.get("garnets", 0)
    if not is_json_int(turned) or turned < 0:
        raise IllegalAction(f"garnets must be a whole number >= 0, not {turned!r}")
    if turned > garnets:
        raise IllegalAction(f"you turn in {turned} garnets but hold {garnets}")
