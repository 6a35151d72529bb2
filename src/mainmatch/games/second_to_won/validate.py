"""Validation of a ``bids`` action, in the order of second_to_won spec §3.1.

The first broken rule is the one reported. Any JSON value is answered with
``None`` (legal) or :class:`IllegalAction`, never another exception.
"""

from __future__ import annotations

import json
from collections.abc import Collection

from mainmatch.engine.checks import json_type
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Action, JSONObject
from mainmatch.engine.steps import field_words

from .models import GARNET_VALUE, LETTERS, MIN_BIDS, Bid

BID_KEYS = ("chips", "garnets", "choice")
BID_KEY_SET = frozenset(BID_KEYS)
CHIPS_AND_GARNETS = frozenset(("chips", "garnets"))
LETTER_SET = frozenset(LETTERS)
#: the CHOICE player's field as the forms name it ("For"): messages say it in those words
FOR = field_words(Bid, "choice")


def _shown(value: object) -> str:
    if isinstance(value, str):
        return repr(value)
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return json_type(value)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def plainly_legal(
    action: object,
    player: str,
    players: Collection[str],
    choice_letters: Collection[str],
    chips: int,
    garnets: int,
) -> bool:
    """Whether ``action`` is, in exact built-in types, a ``bids`` action that
    breaks no rule of §3.1 (one pass; what :func:`check_bids` accepts, and
    nothing more). ``False`` means only "not plainly so": :func:`check_bids`
    then decides and names the first broken rule, so no message changes."""
    if type(action) is not dict or len(action) != 1:
        return False
    bids = action.get("bids")
    if type(bids) is not dict or len(bids) < min(MIN_BIDS, chips) or not bids.keys() <= LETTER_SET:
        return False
    total_chips = 0
    total_garnets = 0
    for letter, bid in bids.items():
        if type(bid) is not dict:
            return False
        if len(bid) == 1 and letter not in choice_letters:
            # the usual bid, {"chips": c} on an item that is not to CHOICE
            c = bid.get("chips")
            if type(c) is int and c > 0:
                total_chips += c
                continue
        c = bid.get("chips", 0)
        g = bid.get("garnets", 0)
        if type(c) is not int or type(g) is not int or c < 0 or g < 0 or c + GARNET_VALUE * g < 1:
            return False
        if letter in choice_letters:
            who = bid.get("choice")
            if type(who) is not str or who == player or who not in players:
                return False
            if not bid.keys() <= BID_KEY_SET:
                return False
        elif not bid.keys() <= CHIPS_AND_GARNETS:  # no "choice" off a CHOICE item
            return False
        total_chips += c
        total_garnets += g
    return total_chips <= chips and total_garnets <= garnets


def check_bids(
    action: object,
    player: str,
    players: Collection[str],
    choice_letters: Collection[str],
    chips: int,
    garnets: int,
) -> None:
    """Raise :class:`IllegalAction` for the first rule ``action`` breaks (§3.1).

    ``choice_letters`` are this auction's items with a CHOICE effect;
    ``chips`` and ``garnets`` what ``player`` holds now.
    """
    bids = _bids_of(action)
    # §3.1 2: each bid in the order given
    total_chips = 0
    total_garnets = 0
    for letter, bid in bids.items():
        c, g = _check_bid(letter, bid)
        _check_choice(letter, bid, player, players, choice_letters)
        total_chips += c
        total_garnets += g
    # §3.1 3
    need = min(MIN_BIDS, chips)
    if len(bids) < need:
        hint = "" if need == MIN_BIDS else f" (you hold {_plural(chips, 'chip')})"
        raise IllegalAction(
            f"you bid on {_plural(len(bids), 'item')}; bid on at least {need}{hint}"
        )
    # §3.1 4
    if total_chips > chips:
        raise IllegalAction(f"your bids total {_plural(total_chips, 'chip')} but you have {chips}")
    # §3.1 5
    if total_garnets > garnets:
        raise IllegalAction(
            f"your bids use {_plural(total_garnets, 'garnet')} but you hold {garnets}"
        )


def _bids_of(action: object) -> JSONObject:
    """§3.1 1: the action's shape, ``{"bids": {LETTER: bid, ...}}``; its bids."""
    if not isinstance(action, dict):
        raise IllegalAction(
            f'the action must be a JSON object like {{"bids": {{"A": {{"chips": 1}}}}}}, not {json_type(action)}'
        )
    unknown = [k for k in action if k != "bids"]
    if unknown:
        raise IllegalAction(
            f'unknown fields {sorted(map(str, unknown))!r}; send exactly {{"bids": {{LETTER: bid, ...}}}}'
        )
    if "bids" not in action:
        raise IllegalAction(
            'missing "bids": send {"bids": {"A": {"chips": 1}, ...}} (an empty object to bid on nothing)'
        )
    bids = action["bids"]
    if not isinstance(bids, dict):
        raise IllegalAction(f'"bids" must be an object {{LETTER: bid}}, not {json_type(bids)}')
    return bids


def _check_bid(letter: object, bid: object) -> tuple[int, int]:
    """§3.1 2a-c: a known item, a bid object of chips and garnets worth at
    least 1 chip; its chips and garnets."""
    # a
    if letter not in LETTER_SET:
        raise IllegalAction(f"unknown item {_shown(letter)}; this auction's items are A-F")
    # b
    if not isinstance(bid, dict):
        raise IllegalAction(
            f'bid on {letter} must be an object like {{"chips": 5}}, not {json_type(bid)}'
        )
    if not BID_KEY_SET.issuperset(bid):
        extra = [k for k in bid if k not in BID_KEY_SET]
        raise IllegalAction(
            f'bid on {letter}: unknown fields {sorted(map(str, extra))!r}; a bid has "chips", "garnets" and "choice"'
        )
    c = bid.get("chips", 0)
    if type(c) is not int or c < 0:  # a JSON integer: not true, not 1.0
        raise IllegalAction(f"bid on {letter}: chips must be a whole number >= 0, not {_shown(c)}")
    g = bid.get("garnets", 0)
    if type(g) is not int or g < 0:
        raise IllegalAction(
            f"bid on {letter}: garnets must be a whole number >= 0, not {_shown(g)}"
        )
    # c
    if c + GARNET_VALUE * g < 1:
        raise IllegalAction(
            f"bid on {letter} is worth 0 chips; a bid must be worth at least 1 chip (chips + 3 per garnet)"
        )
    return c, g


def _check_choice(
    letter: str,
    bid: JSONObject,
    player: str,
    players: Collection[str],
    choice_letters: Collection[str],
) -> None:
    """§3.1 2d: an item to CHOICE names another player of the match; no other item does."""
    # d
    if letter in choice_letters:
        who = bid.get("choice")
        if who is None:
            # the spec's message (§3.1), then what to do in the player's words (issue #17)
            raise IllegalAction(
                f'item {letter} is to CHOICE: name the player in "choice"'
                f' (under "{FOR}", choose the player item {letter} goes to)'
            )
        if who == player:
            raise IllegalAction(
                f"bid on {letter}: the CHOICE player cannot be yourself"
                f' (under "{FOR}", choose another player)'
            )
        if not isinstance(who, str) or who not in players:
            raise IllegalAction(
                f'bid on {letter}: "{FOR}" ("choice") must name another player of this match, '
                f"not {_shown(who)}"
            )
    elif "choice" in bid:
        raise IllegalAction(
            # the forms ask "For" only on an item to CHOICE (Ask.when): only a
            # client typing JSON meets this, told in the words of the item
            f'item {letter} has no CHOICE target; remove "choice"'
            f" (item {letter} goes to no other player: name nobody for it)"
        )


def normalise(action: Action) -> dict[str, tuple[int, int, str | None]]:
    """A legal action's bids as ``{letter: (chips, garnets, choice)}`` in letter order."""
    bids = action["bids"]
    return {
        letter: (
            bids[letter].get("chips", 0),
            bids[letter].get("garnets", 0),
            bids[letter].get("choice"),
        )
        for letter in sorted(bids)
    }
