"""Validation of Homeostasis actions, in the order of homeostasis spec §3.

Each checker takes the raw JSON action and what the rule needs, and raises
:class:`IllegalAction` for the first broken rule with a message for people
(the spec's wording where it gives one). Any JSON value is handled: nothing
but ``IllegalAction`` ever escapes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from mainmatch.engine.checks import is_json_int, json_type
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Action

from .cards import DECK_COUNT, SYMBOL_LIST, SYMBOLS, canonical, save_cost
from .expression import crosses


def _show(value: object) -> str:
    """A value as it was sent: strings quoted like the spec (``'7'``), the rest as JSON."""
    if isinstance(value, str):
        return repr(value)
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def _listing(items: Iterable[Any]) -> str:
    shown = ", ".join(_key(str(i)) for i in items)
    return shown or "none"


def _key(key: str) -> str:
    """A key as the spec's messages name it (``got slot``), or as JSON where it
    could not be read so (empty, spaces around it, a line break): a refusal is
    one line (docs/decisions/homeostasis.md HO23)."""
    if key and key.isprintable() and key.strip() == key:
        return key
    return json.dumps(key)


#: a field left out of an action, in the player's words (issue #17), by key
MISSING = {
    "cards": "choose the cards you save (none saves nothing)",
    "card": "choose the card to place",
    "position": "choose a free place in the auction order",
    "slot": "choose an empty slot to bid on",
    "chips": "enter how many chips you bid",
    "front": "choose the saved cards to place before slot 1 (none places nothing)",
    "back": "choose the saved cards to place after slot 10 (none places nothing)",
    "first": "choose the first card inside your brackets",
    "last": "choose the last card inside your brackets",
    "ec": "choose the Elimination Candidate",
}


def require_keys(action: object, keys: Sequence[str], example: str) -> Action:
    """§3: an object with exactly ``keys`` (``action must have exactly the keys slot, chips; got slot``)."""
    if not isinstance(action, dict):
        raise IllegalAction(
            f"the action must be a JSON object like {example}, not {json_type(action)}"
        )
    if set(action) != set(keys):
        word = "key" if len(keys) == 1 else "keys"
        # the spec's message (§3), then, for a field left out, what to do in the player's words
        missing = [k for k in keys if k not in action]
        todo = f": {MISSING[missing[0]]}" if set(action) < set(keys) else ""
        raise IllegalAction(
            f"action must have exactly the {word} {', '.join(keys)}; got {_listing(map(str, action))}{todo}"
        )
    return action


def is_pass(action: object, keys: Sequence[str], example: str) -> bool:
    """For steps with a pass: True for exactly ``{"pass": true}``, False for
    exactly ``keys``; anything else is illegal (``{"pass": false}`` included)."""
    if isinstance(action, dict) and "pass" in action:
        if set(action) != {"pass"}:
            raise IllegalAction(
                f"action must have exactly the keys {', '.join(keys)}, or just pass; got {_listing(map(str, action))}"
            )
        if action["pass"] is not True:
            raise IllegalAction(
                f'a pass is exactly {{"pass": true}}; got {{"pass": {_show(action["pass"])}}}'
            )
        return True
    require_keys(action, keys, example)
    return False


def _card_list(value: object, name: str) -> list[str]:
    """A list of card symbols (``unknown card '*'; cards are 1, 2, 3, +, -, x, /``)."""
    if not isinstance(value, list):
        raise IllegalAction(
            f'{name} must be a list of card symbols like ["1", "x"], not {json_type(value)}'
        )
    for card in value:
        if not isinstance(card, str) or card not in DECK_COUNT:
            hint = "" if isinstance(card, str) else ' (symbols are strings, e.g. "2")'
            raise IllegalAction(f"unknown card {_show(card)}; cards are {SYMBOL_LIST}{hint}")
    return value


# ------------------------------------------------------------ save_cards


def check_save(action: object, garnets: int) -> None:
    """§3 ``save_cards``: known symbols, at most the deck's copies, cost within the holding."""
    cards = _card_list(require_keys(action, ("cards",), '{"cards": ["1", "x"]}')["cards"], "cards")
    counts = Counter(cards)
    for symbol in SYMBOLS:
        if counts[symbol] > DECK_COUNT[symbol]:
            raise IllegalAction(
                f"your copy has only {DECK_COUNT[symbol]} '{symbol}' card(s); you listed {counts[symbol]}"
            )
    cost = save_cost(len(cards))
    if cost > garnets:
        raise IllegalAction(
            f"saving {len(cards)} cards costs {cost} garnets but you hold {garnets}"
        )


# ------------------------------------------------------------ draft


def check_draft(action: Any, left: list[str], free: list[int]) -> None:
    """§3 ``draft``: a card with a copy left to order, a free position."""
    require_keys(action, ("card", "position"), '{"card": "2", "position": 7}')
    card, position = action["card"], action["position"]
    if not isinstance(card, str):
        raise IllegalAction(
            f'card must be a card symbol as a string (e.g. "2"), not {json_type(card)}'
        )
    if card not in left:
        raise IllegalAction(
            f"card {card!r} is not left to order; left: {_listing(dict.fromkeys(canonical(left)))}"
        )
    if not is_json_int(position):
        raise IllegalAction(
            f"position must be a whole number, one of the free positions {_listing(free)}; got {_show(position)}"
        )
    if position not in free:
        raise IllegalAction(f"position {position} is not free; free positions: {_listing(free)}")


# ------------------------------------------------------------ bid


def check_bid(
    action: Any, chips: int, totals: Sequence[int], empty: list[int], has_bid: bool
) -> None:
    """§3 ``bid``: a pass only once a bid exists; an empty slot; 1 to own chips; no tie (D14, D17, D37)."""
    if type(action) is dict and len(action) == 2:
        # the common legal bid, accepted in one pass; anything else is judged
        # below, rule by rule, for its message
        slot, amount = action.get("slot"), action.get("chips")
        if (
            type(slot) is int
            and type(amount) is int
            and slot in empty
            and 1 <= amount <= chips
            # D14; the slot's own total is below its new one, so all ten can be searched
            and totals[slot - 1] + amount not in totals
        ):
            return
    if is_pass(action, ("slot", "chips"), '{"slot": 3, "chips": 5} or {"pass": true}'):
        if not has_bid:
            raise IllegalAction(
                "the first bid of an auction cannot be a pass: bid at least 1 chip on an empty slot"
            )
        return
    slot, amount = action["slot"], action["chips"]
    if not is_json_int(slot):
        raise IllegalAction(
            f"slot must be a whole number, one of the empty slots {_listing(empty)}; got {_show(slot)}"
        )
    if slot not in empty:
        raise IllegalAction(f"slot {slot} is not an empty slot; empty slots: {_listing(empty)}")
    if not is_json_int(amount) or amount < 1:
        raise IllegalAction(
            f"a bid must be a whole number of chips, at least 1; got {_show(amount)}"
        )
    if amount > chips:
        raise IllegalAction(f"bid of {amount} chips exceeds your {chips} chips")
    new_total = totals[slot - 1] + amount
    for other, total in enumerate(totals, 1):
        if other != slot and total == new_total:
            raise IllegalAction(
                f"a bid of {amount} on slot {slot} would tie slot {slot} with slot {other} at {new_total} chips"
            )


# ------------------------------------------------------------ final_bid


def check_final_bid(action: object, chips: int) -> None:
    """§3 ``final_bid``: a whole number from 0 to own chips."""
    amount = require_keys(action, ("chips",), '{"chips": 12}')["chips"]
    if not is_json_int(amount) or not 0 <= amount <= chips:
        raise IllegalAction(f"bid must be a whole number from 0 to {chips}; got {_show(amount)}")


# ------------------------------------------------------------ place_saved


def check_place_saved(action: Any, saved: Sequence[str]) -> None:
    """§3 ``place_saved``: two lists of symbols using only unused saved cards."""
    require_keys(action, ("front", "back"), '{"front": ["3"], "back": ["/"]}')
    front = _card_list(action["front"], "front")
    back = _card_list(action["back"], "back")
    have = Counter(saved)
    listed = Counter(front) + Counter(back)
    for symbol in SYMBOLS:
        if listed[symbol] > have[symbol]:
            raise IllegalAction(
                f"you have {have[symbol]} unused saved '{symbol}' card(s); you listed {listed[symbol]}"
            )


# ------------------------------------------------------------ brackets


def check_brackets(action: Any, length: int, placed: Iterable[tuple[int, int]]) -> None:
    """§3 ``brackets``: ``1 <= first <= last <= n``; no crossing of a placed pair (D23)."""
    if is_pass(action, ("first", "last"), '{"first": 3, "last": 7} or {"pass": true}'):
        return
    first, last = action["first"], action["last"]
    if not (is_json_int(first) and is_json_int(last) and 1 <= first <= last <= length):
        raise IllegalAction(
            f"first and last must be whole numbers with 1 <= first <= last <= {length}; got {_show(first)}..{_show(last)}"
        )
    for other in placed:
        if crosses((first, last), other):
            raise IllegalAction(
                f"brackets {first}..{last} would cross the pair {other[0]}..{other[1]}"
            )


# ------------------------------------------------------------ choose_ec


def check_choose_ec(action: object, candidates: list[str]) -> None:
    """§3 ``choose_ec``: ``ec`` is one of the candidates."""
    ec = require_keys(action, ("ec",), '{"ec": "a"}')["ec"]
    if not isinstance(ec, str) or ec not in candidates:
        raise IllegalAction(
            f"the elimination candidate must be one of {', '.join(candidates)}; got {_show(ec)}"
        )
