"""Second to Won's step descriptions (second_to_won spec §3.1): the words and
inputs every adapter derives its form, echo and decomposition from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mainmatch.engine.steps import StepDescription, counted

from .models import GARNET_VALUE, BidsAction
from .random_play import view_random_bids


def _summary(request: Mapping[str, Any]) -> str:
    """The ``bids`` request as a sentence (§3.1), as the web page says it."""
    chips = request.get("chips", 0)
    garnets = request.get("garnets", 0)
    held = (
        f" and {counted(garnets, 'garnet')} (a garnet bids as {GARNET_VALUE} chips "
        "and is spent win or lose)"
        if garnets
        else ""
    )
    least = request.get("min_items", 0)
    return (
        f"Auction {request.get('auction')}. You have {counted(chips, 'chip')}{held}. "
        f"Bid on at least {counted(least, 'item')}; the highest bid on an item wins it "
        "(a chip bid that loses comes back). An item for CHOICE needs the player it goes to."
    )


def _item_text(request: Mapping[str, Any], letter: str) -> str:
    for item in request.get("items") or []:
        if isinstance(item, Mapping) and item.get("letter") == letter and item.get("text"):
            return f" ({item['text']})"
    return ""


def _one_bid(letter: str, bid: Any, request: Mapping[str, Any]) -> str:
    if not isinstance(bid, Mapping):
        return f"? on {letter}"
    parts = [counted(bid.get("chips", 0), "chip")]
    if bid.get("garnets"):
        parts.append(counted(bid["garnets"], "garnet"))
    said = f"{' and '.join(parts)} on {letter}{_item_text(request, letter)}"
    if bid.get("choice"):
        said += f" for {bid['choice']}"
    return said


def _echo(action: Mapping[str, Any], request: Mapping[str, Any]) -> str:
    """A ``bids`` submission read back: each bid with its item's words."""
    bids = action.get("bids")
    if not isinstance(bids, Mapping) or not bids:
        return "You bid on no item yet."
    return "You bid " + "; ".join(_one_bid(k, b, request) for k, b in bids.items()) + "."


BIDS = StepDescription(
    kind="bids",
    random=view_random_bids,
    action=BidsAction,
    ask="bid on the items",
    task="bid on the items",
    summary=_summary,
    echo=_echo,
)

#: the step kinds of Second to Won (the Elimination Candidate is found by the rules, §7)
STEPS = {"bids": BIDS}
