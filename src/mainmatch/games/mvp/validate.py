"""Validation of a ``round`` action, in the order of mvp spec §3.1.

The first broken rule is the one reported, and any failure rejects the whole
action. Integers are JSON integers only (``true``, ``2.5`` and ``2.0`` are
rejected) and ``null`` never stands for an absent field (D31).
"""

from __future__ import annotations

import json
from typing import Any

from mainmatch.engine.checks import is_json_int, json_type
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Action
from mainmatch.engine.steps import field_words

from .cards import is_card
from .models import CHIP_COST, IDENTITY_COST, LAST_ROUND, LOCATION_COST, RoundAction
from .pattern import EXPOSED, HIDDEN, NEARLY_EXPOSED, Exposure, is_letter
from .state import MvpState

FIELDS = ("bids", "buy_identity", "buy_location", "buy_chips")

_STATUS_WORDS = {
    EXPOSED: "exposed",
    NEARLY_EXPOSED: "nearly exposed",
    HIDDEN: "hidden",
    "claimed": "claimed",
}


def shown(value: object, limit: int = 40) -> str:
    """A submitted value as JSON for a message (``true``, ``2.0``, ``"3"``), cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _name(value: object) -> str:
    """A submitted letter or card for a message: ``'Z'`` for strings, JSON otherwise."""
    return repr(value) if isinstance(value, str) else shown(value)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _in(key: str) -> str:
    """Where a purchase is made, as the forms name it, said after the spec's
    message, which names the JSON key (issue #25): ' (in "Learn where a card lies")'."""
    return f' (in "{field_words(RoundAction, key)}")'


def check_round_action(
    action: Any,
    *,
    exposure: Exposure,
    round_no: int,
    last_round: int,
    chips: int,
    garnets: int,
    where: dict[str, str],
) -> None:
    """Raise :class:`IllegalAction` for the first rule of §3.1 that ``action`` breaks.

    ``exposure`` holds the statuses at the start of the round, ``chips`` and
    ``garnets`` the player's free chips and garnets left, ``where`` maps each
    card to its letter.
    """
    _check_fields(action)
    total = _check_bids(action.get("bids", {}), exposure, round_no, last_round)
    # §3.1 rule 3: bids are paid from the chips held when the round starts (D13)
    if total > chips:
        raise IllegalAction(
            f"your bids total {_plural(total, 'chip')} but you have {chips} "
            "(chips bought this round arrive at the end of the round)"
        )
    identity = _check_identity(action.get("buy_identity", []), exposure.status)
    location = _check_location(action.get("buy_location", []), exposure.status, where)
    # §3.1 rule 6
    buy_chips = action.get("buy_chips", 0)
    if not is_json_int(buy_chips) or buy_chips < 0:
        raise IllegalAction(
            f"buy_chips must be a non-negative integer (got {shown(buy_chips)})" + _in("buy_chips")
        )
    # §3.1 rule 7: purchases are paid from the garnets left
    cost = IDENTITY_COST * len(identity) + LOCATION_COST * len(location) + CHIP_COST * buy_chips
    if cost > garnets:
        raise IllegalAction(f"your purchases cost {_plural(cost, 'garnet')} but you have {garnets}")


def _check_fields(action: object) -> None:
    """§3.1 rule 1: an object with known fields, none of them null."""
    if not isinstance(action, dict):
        raise IllegalAction(
            f'the action must be a JSON object like {{"bids": {{"U": 1}}}}, not {json_type(action)}'
        )
    unknown = [k for k in action if k not in FIELDS]
    if unknown:
        word = "field" if len(unknown) == 1 else "fields"
        raise IllegalAction(
            f"unknown {word} {', '.join(_name(k) for k in unknown)}; allowed fields: {', '.join(FIELDS)}"
        )
    for key in FIELDS:
        if key in action and action[key] is None:
            raise IllegalAction(
                f"{key} is null; leave the field out instead (null never stands for a field)"
            )


def _check_bids(bids: object, exposure: Exposure, round_no: int, last_round: int) -> int:
    """§3.1 rule 2: bids on biddable cards, positive JSON integers; their total."""
    if not isinstance(bids, dict):
        raise IllegalAction(
            f'bids must be an object of {{letter: chips}} like {{"U": 2}}, not {json_type(bids)}'
        )
    biddable = exposure.exposed if round_no == last_round else exposure.biddable
    total = 0
    for letter, amount in bids.items():
        if not is_letter(letter):
            raise IllegalAction(f"{_name(letter)} is not a card letter (A to X)")
        if letter not in biddable:
            st = exposure.status[letter]
            if round_no == last_round and st == NEARLY_EXPOSED:
                raise IllegalAction(
                    f"in round {last_round} you may bid only on exposed cards; {letter} is nearly exposed"
                )
            raise IllegalAction(
                f"card {letter} is {_STATUS_WORDS[st]}; you may bid on: {', '.join(biddable) or 'nothing'}"
            )
        if not is_json_int(amount) or amount < 1:
            raise IllegalAction(
                f"bid on {letter} must be a positive integer number of chips (got {shown(amount)}); "
                "leave the card out to not bid on it"
            )
        total += amount
    return total


def _check_identity(identity: object, status: dict[str, str]) -> list[str]:
    """§3.1 rule 4: identities of hidden letters, no letter twice in the list (D14, D30)."""
    if not isinstance(identity, list):
        raise IllegalAction(
            f'buy_identity must be a list of card letters like ["C"], not {json_type(identity)}'
            + _in("buy_identity")
        )
    seen: set[str] = set()
    for letter in identity:
        if not is_letter(letter):
            raise IllegalAction(
                f"buy_identity: {_name(letter)} is not a card letter (A to X)" + _in("buy_identity")
            )
        if status[letter] != HIDDEN:
            raise IllegalAction(
                f"buy_identity: card {letter} is {_STATUS_WORDS[status[letter]]} and public; "
                "you may buy the identity of hidden cards only" + _in("buy_identity")
            )
        if letter in seen:
            raise IllegalAction(
                f"buy_identity lists the same letter twice ({letter})" + _in("buy_identity")
            )
        seen.add(letter)
    return identity


def _check_location(location: object, status: dict[str, str], where: dict[str, str]) -> list[str]:
    """§3.1 rule 5: locations of cards lying on hidden places, no card twice in the list."""
    if not isinstance(location, list):
        raise IllegalAction(
            f'buy_location must be a list of cards like ["pears-4"], not {json_type(location)}'
            + _in("buy_location")
        )
    seen = set()
    for card in location:
        if not is_card(card):
            raise IllegalAction(
                f"buy_location: {_name(card)} is not a card (write suit-rank with suit apples, lemons, "
                "pears or grapes and rank 1 to 6, e.g. pears-4)" + _in("buy_location")
            )
        letter = where[card]
        if status[letter] != HIDDEN:
            raise IllegalAction(
                f"buy_location: {card} is already public (card {letter} is {_STATUS_WORDS[status[letter]]}); "
                "you may buy the location of hidden cards only" + _in("buy_location")
            )
        if card in seen:
            raise IllegalAction(
                f"buy_location lists the same card twice ({card})" + _in("buy_location")
            )
        seen.add(card)
    return location


def plainly_legal(state: MvpState, player: str, action: object) -> bool:
    """Whether ``player`` plays this round and ``action`` is plainly a legal
    round action that buys nothing:
    ``{}``, or ``{"bids": {letter: chips}}`` with exact built-in types, every
    letter in ``biddable`` (the letters §3.1 rule 2 allows this round), every
    amount a positive ``int`` and their total at most ``chips`` (rule 3).
    ``False`` may also mean "not plainly": :func:`check_round_action` then
    goes through the rules in order and names the first one broken. Most
    actions are of this kind, and one pass costs a fraction of the ordered
    checks; it accepts nothing they refuse (rules 4 to 7 hold for an action
    without purchase fields). The ``round`` unit's fast path (steps.py)."""
    if type(action) is not dict or player not in state.players:
        return False
    if not action:
        return True
    if len(action) != 1:
        return False
    bids = action.get("bids")
    if type(bids) is not dict:
        return False
    e = state.exposure
    biddable = e.exposed_set if state.round == LAST_ROUND else e.biddable_set
    chips = state.chips[player]
    total = 0
    for letter, amount in bids.items():
        if type(amount) is not int or amount < 1 or letter not in biddable:
            return False
        total += amount
    return total <= chips


def purchase_cost(action: Action) -> int:
    """Garnets a valid action's purchases cost (§2.4)."""
    cost: int = (
        IDENTITY_COST * len(action.get("buy_identity", ()))
        + LOCATION_COST * len(action.get("buy_location", ()))
        + CHIP_COST * action.get("buy_chips", 0)
    )
    return cost
