"""The MVP's step descriptions (mvp.md §3): the words and inputs every
adapter derives its form, echo and decomposition from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mainmatch.engine.ec import CHOOSE_EC
from mainmatch.engine.steps import StepDescription, counted, listed

from .models import RoundAction
from .random_play import view_random_round


def _card(name: Any) -> str:
    """A card as people read it: ``apples-1`` is "apples 1" (the web form's words)."""
    return str(name).replace("-", " ").replace("_", " ")


def _summary(request: Mapping[str, Any]) -> str:
    """The ``round`` request as a sentence (§3.1), as the web page says it."""
    chips = request.get("chips", 0)
    garnets = request.get("garnets", 0)
    said = (
        f"Round {request.get('round')}. You have {counted(chips, 'free chip')} and "
        f"{counted(garnets, 'garnet')}. Add chips to your bids on the cards you can bid on: "
        f"{listed(request.get('biddable'))}."
    )
    costs = request.get("costs")
    if garnets and isinstance(costs, Mapping):
        # a purchase with nothing left to learn is not offered (no hidden place, no
        # card on one: the form drops it too, engine.steps.offered_inputs)
        buys = []
        if request.get("identity_targets", True):
            buys.append(
                f"learn the card on a hidden place ({counted(costs.get('identity'), 'garnet')})"
            )
        if request.get("location_targets", True):
            buys.append(f"learn where a card lies ({counted(costs.get('location'), 'garnet')})")
        buys.append(f"buy chips ({costs.get('chip')} garnet a chip)")
        said += (
            " With garnets: "
            + (", ".join(buys[:-1]) + ", or " if buys[:-1] else "")
            + buys[-1]
            + "."
        )
    return said


def _echo(action: Mapping[str, Any], request: Mapping[str, Any]) -> str:
    """A ``round`` submission read back: the bids, then the purchases."""
    said: list[str] = []
    bids = action.get("bids")
    if isinstance(bids, Mapping) and bids:
        each = [f"{counted(n, 'chip')} on {letter}" for letter, n in bids.items()]
        said.append(f"You add {listed(each)} to your bids.")
    chips = action.get("buy_chips", 0)
    if chips:
        said.append(f"You buy {counted(chips, 'chip')} with garnets.")
    places = action.get("buy_identity")
    if isinstance(places, list) and places:
        said.append(f"You learn the card on {listed(places)}.")
    cards = action.get("buy_location")
    if isinstance(cards, list) and cards:
        said.append(f"You learn where {listed([_card(c) for c in cards])} lie.")
    return " ".join(said) or "You add no chips to your bids and buy nothing."


ROUND = StepDescription(
    kind="round",
    random=view_random_round,
    action=RoundAction,
    ask="bid and buy this round",
    task="bid and buy for the round",
    summary=_summary,
    echo=_echo,
)

#: the step kinds of The MVP, in the order of play
STEPS = {"round": ROUND, "choose_ec": CHOOSE_EC}
