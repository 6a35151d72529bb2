"""Seat Exchange's step descriptions (seat_exchange spec §3.1, §5): the words and
inputs every adapter derives its form, echo and decomposition from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mainmatch.engine.checks import money
from mainmatch.engine.ec import CHOOSE_EC
from mainmatch.engine.steps import StepDescription, counted

from .models import TradesAction
from .random_play import view_random_trades


def _summary(request: Mapping[str, Any]) -> str:
    """The ``trades`` request as a sentence (§3.1)."""
    garnets = request.get("garnets", 0)
    held = f" and {counted(garnets, 'garnet')}" if garnets else ""
    return (
        f"Round {request.get('round')}: you have {money(request.get('money', 0))}{held}. "
        "Pay for trades between any two players (the same one twice is a self-swap), "
        "or send nothing to save your money."
    )


def _echo(action: Mapping[str, Any], request: Mapping[str, Any]) -> str:
    """A ``trades`` submission read back: each trade and the garnets turned into dollars."""
    trades = action.get("trades") or []
    parts = []
    for t in trades:
        pair = t.get("players") or ["?", "?"]
        a, b = (pair + ["?", "?"])[:2]
        what = f"a self-swap of {a}" if a == b else f"a trade between {a} and {b}"
        parts.append(f"{money(t.get('amount', 0))} for {what}")
    said = "You pay " + "; ".join(parts) if parts else "You pay for no trade (you save your money)"
    garnets = action.get("garnets", 0)
    if garnets:
        said += f", and turn {counted(garnets, 'garnet')} into dollars"
    return said + "."


TRADES = StepDescription(
    kind="trades",
    action=TradesAction,
    ask="pay for trades",
    task="pay for trades",
    summary=_summary,
    echo=_echo,
    widget="seat_pairs",
    random=view_random_trades,
)

#: the step kinds of Seat Exchange, in the order of play
STEPS = {"trades": TRADES, "choose_ec": CHOOSE_EC}
