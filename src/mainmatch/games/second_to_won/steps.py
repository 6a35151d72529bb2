"""Second to Won's step unit (second_to_won spec §3.1, §4): the ``bids`` step's
request type, action model, words (the inputs every adapter derives its form,
echo and decomposition from) and handlers, with the fast paths beside the
rules they shortcut (docs/engine.md "Step units"). The Elimination Candidate
is found by the rules (§7): there is no ``choose_ec`` step."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Action, Request
from mainmatch.engine.steps import StepDescription, counted
from mainmatch.engine.unit import Resolved, SomeStep, Step

from .models import GARNET_VALUE, MIN_BIDS, PLAYERS, BidsAction
from .random_play import default_bids, random_bids, view_random_bids
from .resolve import play_auction
from .state import SecondState
from .types import BidsRequest
from .validate import check_bids, plainly_legal


def _summary(request: Mapping[str, object]) -> str:
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


def _one_bid(letter: str, bid: object, request: Mapping[str, object]) -> str:
    if not isinstance(bid, Mapping):
        return f"? on {letter}"
    parts = [counted(bid.get("chips", 0), "chip")]
    if bid.get("garnets"):
        parts.append(counted(bid["garnets"], "garnet"))
    said = f"{' and '.join(parts)} on {letter}{_item_text(request, letter)}"
    if bid.get("choice"):
        said += f" for {bid['choice']}"
    return said


def _echo(action: Mapping[str, object], request: Mapping[str, object]) -> str:
    """A ``bids`` submission read back: each bid with its item's words."""
    bids = action.get("bids")
    if not isinstance(bids, Mapping) or not bids:
        return "You bid on no item yet."
    return "You bid " + "; ".join(_one_bid(k, b, request) for k, b in bids.items()) + "."


BIDS_WORDS = StepDescription(
    kind="bids",
    random=view_random_bids,
    action=BidsAction,
    ask="bid on the items",
    task="bid on the items",
    summary=_summary,
    echo=_echo,
)


class Bids(Step[BidsRequest, BidsAction]):
    """§3.1, §4: all nine players bid on the auction's items at once."""

    description = BIDS_WORDS
    request_type = BidsRequest

    def requests(self, state: SecondState) -> dict[str, Request]:
        # §3.1 request; the shown items are one list shared by the nine requests
        k = state.auction
        items = state.table.show(k)
        out: dict[str, Request] = {}
        for p in state.players:
            c = state.chips[p]
            out[p] = {
                "kind": "bids",
                "auction": k,
                "items": items,
                "chips": c,
                "garnets": state.garnets[p],
                "min_items": min(MIN_BIDS, c),
                "choice_targets": list(state.table.others[p]),
            }
        return out

    def players(self, state: SecondState) -> Sequence[str]:
        return state.players  # all nine while the match runs (§3.1)

    def acts(self, state: SecondState, player: str) -> bool:
        return isinstance(player, str) and player in state.index

    def plainly_legal(self, state: SecondState, player: str, action: object) -> bool:
        # the common case, in one pass, before the rule-by-rule checks
        if not self.acts(state, player):
            return False
        choice = state.table.choice_letters[state.auction - 1]
        return plainly_legal(
            action, player, state.index, choice, state.chips[player], state.garnets[player]
        )

    def validate(self, state: SecondState, player: str, action: object) -> None:
        # the rule-by-rule checks name the first broken rule
        choice = state.table.choice_letters[state.auction - 1]
        check_bids(action, player, state.index, choice, state.chips[player], state.garnets[player])

    def default(self, state: SecondState, player: str, rng: random.Random) -> Action:
        self._require_player(state, player)
        return default_bids(
            rng,
            state.chips[player],
            state.table.choice_letters[state.auction - 1],
            state.table.others[player],
        )

    def random(self, state: SecondState, player: str, rng: random.Random) -> Action:
        self._require_player(state, player)
        t = state.table
        return random_bids(
            rng,
            state.chips[player],
            state.garnets[player],
            t.n_auctions - state.auction + 1,
            t.choice_letters[state.auction - 1],
            t.others[player],
        )

    def _require_player(self, state: SecondState, player: str) -> None:
        """Every player is pending while the match runs (§3.1)."""
        if not self.acts(state, player):
            raise IllegalAction(f"{player!r} is not a player in this match")

    def resolve(self, state: SecondState, actions: dict[str, Action]) -> Resolved:
        players = state.players
        if len(actions) != len(players) or any(p not in actions for p in players):
            # actions arrive validated (docs/engine.md); this guards a direct
            # caller's wrong set of players
            missing = [p for p in players if p not in actions]
            extra = sorted(str(p) for p in actions if p not in state.index)
            raise IllegalAction(
                f"a bids step needs one action from each of the {PLAYERS} players "
                f"(missing {missing}, unknown {extra})"
            )
        return play_auction(state, actions, True)

    def resolve_checked(self, state: SecondState, actions: dict[str, Action]) -> Resolved:
        # the driver has checked the players (docs/engine.md: apply gets a checked step)
        return play_auction(state, actions, True)

    def next_state(self, state: SecondState, actions: dict[str, Action]) -> SecondState:
        return play_auction(state, actions, False)[0]


BIDS = Bids()
#: the state machine: phase -> the step unit it asks (``"over"`` asks nothing)
PHASES: dict[str, SomeStep] = {"bidding": BIDS}
