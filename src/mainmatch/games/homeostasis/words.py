"""Homeostasis's step descriptions (homeostasis spec §3, §4): the words and
inputs every adapter derives its form, echo and decomposition from; the step
units in steps.py hold them with their handlers.

§3: "Simultaneous steps (``save_cards``, ``final_bid``, ``brackets``) have all
their players pending at once ...; the other steps have one": ``draft``,
``bid`` and ``place_saved`` are asked of one player at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mainmatch.engine.steps import StepDescription, counted, listed

from .models import (
    BidAction,
    BracketsAction,
    DraftAction,
    FinalBidAction,
    PlaceSavedAction,
    SaveCardsAction,
)
from .random_play import VIEW_DRAWS


def _cards(cards: object) -> str:
    return " ".join(map(str, cards)) if isinstance(cards, list) and cards else "none"


def _pass(request: Mapping[str, object]) -> dict[str, dict[str, Any]]:
    return {"Pass": {"pass": True}}


def _save_summary(r: Mapping[str, object]) -> str:
    return (
        f"Save cards from your own copy of the deck ({_cards(r.get('cards'))}) to add at an "
        "end of the expression later. Saving one card is free, two cost 1 garnet, three "
        f"cost 4 (X cards cost (X-1)² garnets). You hold {counted(r.get('garnets', 0), 'garnet')}."
    )


def _save_echo(action: Mapping[str, object], request: Mapping[str, object]) -> str:
    cards = action.get("cards")
    if not isinstance(cards, list) or not cards:
        return "You save no card."
    cost = (len(cards) - 1) ** 2  # §4.1: X cards cost (X-1)^2 garnets
    return f"You save {_cards(cards)} (cost: {counted(cost, 'garnet')})."


def _draft_summary(r: Mapping[str, object]) -> str:
    return (
        f"Put one of the remaining cards ({_cards(r.get('cards'))}) at a free place of this "
        f"round's auction order: place {listed(r.get('positions'), 'or')}."
    )


def _draft_echo(action: Mapping[str, object], request: Mapping[str, object]) -> str:
    return (
        f"You put {action.get('card', '?')} at place {action.get('position', '?')} "
        "of the auction order."
    )


def _bid_summary(r: Mapping[str, object]) -> str:
    passing = ", or pass" if r.get("can_pass") else "; no one has bid yet, so you cannot pass"
    said = (
        f"Card {r.get('card')} is up for auction. Add chips to an empty slot "
        f"({listed(r.get('slots'), 'or')}){passing}. You have {counted(r.get('chips', 0), 'chip')}. "
        "Two slots may not end up with the same total."
    )
    totals = r.get("totals")
    if isinstance(totals, list):
        held = [f"slot {i}: {t}" for i, t in enumerate(totals, 1) if t]
        if held:
            said += f" Totals so far: {'; '.join(held)}."
    return said


def _bid_echo(action: Mapping[str, object], request: Mapping[str, object]) -> str:
    if action.get("pass") is True:
        return "You pass (out of this auction)."
    return f"You add {counted(action.get('chips', '?'), 'chip')} to slot {action.get('slot', '?')}."


def _final_summary(r: Mapping[str, object]) -> str:
    rebid = f" (rebid {r['rebid']})" if r.get("rebid") else ""
    return (
        f"Final auction{rebid}: a sealed bid of 0 to {counted(r.get('chips', 0), 'chip')}. "
        "Only the winner pays."
    )


def _final_echo(action: Mapping[str, object], request: Mapping[str, object]) -> str:
    return f"You bid {counted(action.get('chips', '?'), 'chip')} in the sealed final auction."


def _place_summary(r: Mapping[str, object]) -> str:
    return (
        f"You won the final auction: place any of your saved cards ({_cards(r.get('saved_cards'))}) "
        "before slot 1 or after slot 10, or none."
    )


def _place_echo(action: Mapping[str, object], request: Mapping[str, object]) -> str:
    front, back = action.get("front"), action.get("back")
    said = []
    if isinstance(front, list) and front:
        said.append(f"{_cards(front)} before slot 1")
    if isinstance(back, list) and back:
        said.append(f"{_cards(back)} after slot 10")
    return f"You put {' and '.join(said)}." if said else "You place no saved card."


def _brackets_summary(r: Mapping[str, object]) -> str:
    said = (
        "Place your team's one pair of brackets around cards of this round's expression "
        f"(1 to {r.get('length')}), or pass."
    )
    placed = r.get("brackets")
    if isinstance(placed, list) and placed:
        pairs = [f"{b[0]} to {b[1]}" for b in placed if isinstance(b, list) and len(b) == 2]
        said += f" Brackets already placed: {', '.join(pairs)}; yours may not cross them."
    return said


def _brackets_echo(action: Mapping[str, object], request: Mapping[str, object]) -> str:
    if action.get("pass") is True:
        return "You pass (no brackets in this step)."
    return f"You put brackets around cards {action.get('first', '?')} to {action.get('last', '?')}."


#: the step kinds' words, in the order of play (§3)
WORDS = {
    "save_cards": StepDescription(
        kind="save_cards",
        random=VIEW_DRAWS["save_cards"],
        action=SaveCardsAction,
        ask="save cards",
        summary=_save_summary,
        echo=_save_echo,
        widget="deck_save",
    ),
    "draft": StepDescription(
        kind="draft",
        action=DraftAction,
        ask="draft a card",
        summary=_draft_summary,
        echo=_draft_echo,
        together=False,
        widget="draft_pick",
    ),
    "bid": StepDescription(
        kind="bid",
        random=VIEW_DRAWS["bid"],
        action=BidAction,
        ask="bid in the live auction",
        summary=_bid_summary,
        echo=_bid_echo,
        together=False,
        widget="slot_bid",
        quick=lambda r: _pass(r) if r.get("can_pass") else {},
    ),
    "final_bid": StepDescription(
        kind="final_bid",
        action=FinalBidAction,
        ask="bid in the sealed final auction",
        summary=_final_summary,
        echo=_final_echo,
        widget="sealed_bid",
    ),
    "place_saved": StepDescription(
        kind="place_saved",
        random=VIEW_DRAWS["place_saved"],
        action=PlaceSavedAction,
        ask="place your saved cards",
        task="place saved cards",
        summary=_place_summary,
        echo=_place_echo,
        together=False,
        widget="saved_ends",
    ),
    "brackets": StepDescription(
        kind="brackets",
        random=VIEW_DRAWS["brackets"],
        action=BracketsAction,
        ask="place your team's brackets",
        task="place the team's brackets",
        summary=_brackets_summary,
        echo=_brackets_echo,
        widget="bracket_pick",
        quick=_pass,
    ),
}
