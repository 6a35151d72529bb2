"""The Sealed Bid's step descriptions (rules.md §2, §3): the words and inputs
the web form, Discord, echoes and RL derive from. ``choose_ec`` is the engine's
shared step (engine spec convention 4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mainmatch.engine.ec import CHOOSE_EC
from mainmatch.engine.steps import StepDescription, counted

from .models import BidAction


def _summary(request: Mapping[str, Any]) -> str:
    """The ``bid`` request as a sentence (§2)."""
    garnets = request.get("garnets", 0)
    held = f" and {counted(garnets, 'garnet')}" if garnets else ""
    return (
        f"Round {request.get('round')}: the prize is {counted(request.get('prize', 0), 'point')}. "
        f"You hold {counted(request.get('chips', 0), 'chip')}{held}. Bid in secret; the single "
        "highest bid wins, a tie for highest wins nothing, and every bid is paid."
    )


def _echo(action: Mapping[str, Any], request: Mapping[str, Any]) -> str:
    """A ``bid`` submission read back (§2)."""
    said = f"You bid {counted(action.get('bid', 0), 'chip')}"
    garnets = action.get("garnets", 0)
    if garnets:
        said += f", and turn {counted(garnets, 'garnet')} into chips after the bids"
    return said + "."


BID = StepDescription(
    kind="bid",
    action=BidAction,
    ask="place your sealed bid",
    task="place a sealed bid",
    summary=_summary,
    echo=_echo,
    together=True,
)

#: the step kinds of The Sealed Bid, in the order of play
STEPS = {"bid": BID, "choose_ec": CHOOSE_EC}
