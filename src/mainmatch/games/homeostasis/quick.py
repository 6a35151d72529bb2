"""Fast paths of the commonest steps of Homeostasis (homeostasis spec §3, §4.3, §4.4).

Nine steps in ten of a match are a bid or a pass in a live auction or a draft
choice. :func:`legal_bid` and :func:`legal_draft` accept such an action in one pass
over the state, without building the step's request, and :func:`quick_bid`
and :func:`quick_draft` resolve such a step straight on a copy of the state, without a :class:`~.work.Work`
draft. They answer only when they are sure: ``legal_*`` is true only for
actions ``validate``'s rule-by-rule checks accept (anything else goes there, and
they word the message), and ``quick_*`` gives ``None`` for any step it does
not cover, which ``resolve`` then resolves. The step units (steps.py) hold each
beside the rule it shortcuts. Where they answer, the state and the
events are exactly those of the general code (src/mainmatch/games/homeostasis/tests/test_quick.py
compares the two at every step of random and strategy play).
"""

from __future__ import annotations

from mainmatch.engine.events import PUBLIC
from mainmatch.engine.game import Action, Event

from .cards import DECK_COUNT
from .resolve import DRAFT_CHOICES, SNAKE, bid_outcome, next_turn
from .state import HomeostasisState, OpenAuction
from .work import copy_state

_NO_TOTALS = (0,) * 10


def legal_bid(state: HomeostasisState, player: object, action: object) -> bool:
    """§3 ``bid`` (``validate.check_bid``): from the player whose turn it is,
    ``{"slot", "chips"}`` with an empty slot, 1 to own chips, no tie (D14); or
    ``{"pass": true}`` once the auction has a bid (D17)."""
    a = state.auction
    if (
        a is None
        or type(player) is not str
        or player != state.turn_order[a.turn]
        or type(action) is not dict
    ):
        return False
    if len(action) == 2:
        slot, amount = action.get("slot"), action.get("chips")
        return (
            type(slot) is int
            and type(amount) is int
            and 1 <= slot <= 10
            and state.slots[slot - 1] is None
            and 1 <= amount <= state.chips[player]
            # D14; the slot's own total is below its new one, so all ten can be searched
            and a.totals[slot - 1] + amount not in a.totals
        )
    return len(action) == 1 and action.get("pass") is True and bool(a.bids)


def legal_draft(state: HomeostasisState, player: object, action: object) -> bool:
    """§3 ``draft`` (``validate.check_draft``): from the drafter, ``{"card",
    "position"}`` with a card that has a copy left to order and a free position."""
    if (
        type(player) is not str
        or player != state.turn_order[SNAKE[state.draft_choices]]
        or type(action) is not dict
        or len(action) != 2
    ):
        return False
    card, position = action.get("card"), action.get("position")
    order = state.auction_order
    return (
        type(card) is str
        and type(position) is int
        and 1 <= position <= 10
        and order[position - 1] is None
        and order.count(card) < DECK_COUNT.get(card, 0)
    )


def checked_bid(state: HomeostasisState, actions: dict[str, Action]) -> HomeostasisState | None:
    """Replay's live bid (``Game.checked_next_state``, the engine having checked
    who acts): the state after the one action when :func:`legal_bid` accepts
    it and :func:`quick_bid` covers the step, else ``None`` (the ``bid`` unit
    then decides: its own check and resolution, or ``validate``'s words)."""
    if len(actions) != 1:
        return None
    ((player, action),) = actions.items()
    return quick_bid(state, actions, None) if legal_bid(state, player, action) else None


def checked_draft(state: HomeostasisState, actions: dict[str, Action]) -> HomeostasisState | None:
    """:func:`checked_bid` for a draft choice (:func:`legal_draft`, :func:`quick_draft`)."""
    if len(actions) != 1:
        return None
    ((player, action),) = actions.items()
    return quick_draft(state, actions, None) if legal_draft(state, player, action) else None


def quick_bid(
    state: HomeostasisState, actions: dict[str, Action], events: list[Event] | None
) -> HomeostasisState | None:
    """The state after a checked ``bid`` step that is a bid or a pass leaving
    the auction open, or an auction's last pass or bid when the next auction
    opens as usual; ``None`` for any other (nothing is then appended to
    ``events``). The step's events are appended to ``events`` unless it is
    ``None``."""
    a = state.auction
    if a is None:
        return None
    action = actions[state.turn_order[a.turn]]
    said: list[Event] = []  # kept apart until the step is known to be covered
    chips, auction, ended = bid_outcome(state, action, None if events is None else said)
    if ended:
        return _next_auction(state, chips, auction, events, said)
    out = copy_state(state)
    out.chips = chips
    out.auction = auction
    if events is not None:
        events += said
    return out


def quick_draft(
    state: HomeostasisState, actions: dict[str, Action], events: list[Event] | None
) -> HomeostasisState | None:
    """The state after a checked draft choice before the ninth; ``None`` for
    the ninth (it starts the auctions: ``resolve`` resolves it). Its event is
    appended to ``events`` unless it is ``None``."""
    if state.draft_choices >= DRAFT_CHOICES - 1:
        return None
    player = state.turn_order[SNAKE[state.draft_choices]]
    action = actions[player]
    card, position = action["card"], action["position"]
    order = state.auction_order
    out = copy_state(state)
    out.auction_order = (*order[: position - 1], card, *order[position:])
    out.draft_choices = state.draft_choices + 1
    if events is not None:
        events.append(
            {
                "audience": PUBLIC,
                "type": "draft_choice",
                "player": player,
                "card": card,
                "position": position,
            }
        )
    return out


def _next_auction(
    state: HomeostasisState,
    chips: dict[str, int],
    ended: OpenAuction,
    events: list[Event] | None,
    said: list[Event],
) -> HomeostasisState | None:
    """§4.4.5 then §4.4.2 (``resolve.end_auction``, then ``resolve.run_auctions`` for
    the next number): the card goes to the slot with the highest total, and the
    next auction opens with the last bidder first, when it is not the tenth's
    end nor a forced placement (one empty slot left, or nobody with chips)."""
    number = ended.number + 1
    slots = state.slots
    top = max(ended.totals)
    slot = ended.totals.index(top)
    slots = (*slots[:slot], ended.card, *slots[slot + 1 :])
    if number > 10 or slots.count(None) == 1 or not any(chips.values()):
        return None
    card = state.auction_order[number - 1]
    if card is None:
        return None
    first = ended.bids[-1]["player"]
    order = state.turn_order
    turn = order.index(first)
    if events is not None:
        events += said  # the bid or pass, and the automatic passes after it
        events.append(
            {
                "audience": PUBLIC,
                "type": "card_placed",
                "number": ended.number,
                "card": ended.card,
                "slot": slot + 1,
                "automatic": False,
            }
        )
        events.append(
            {
                "audience": PUBLIC,
                "type": "auction_started",
                "number": number,
                "card": card,
                "first_bidder": first,
            }
        )
    # no bid exists yet and someone has chips, so the turn stops at a bidder (D17)
    passed, at = next_turn(order, chips, (), (), turn, events)
    out = copy_state(state)
    out.chips = chips
    out.slots = slots
    out.auction_log = (
        *state.auction_log,
        {
            "number": ended.number,
            "card": ended.card,
            "slot": slot + 1,
            "bids": list(ended.bids),
            "passed": list(ended.passed),
        },
    )
    out.next_first = first
    out.auction = OpenAuction(number, card, first, _NO_TOTALS, (), passed, at)
    return out
