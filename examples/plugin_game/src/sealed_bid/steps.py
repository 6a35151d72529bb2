"""The Sealed Bid's step units (rules.md §2, §3): each step kind's request
type, action model, words (the description the web form, Discord, echoes and
RL derive from) and handlers (docs/engine.md "Step units"). ``choose_ec`` is
the engine's shared step (docs/spec/engine.md convention 4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from mainmatch.engine.ec import ChooseEcStep
from mainmatch.engine.game import Request
from mainmatch.engine.steps import StepDescription, counted
from mainmatch.engine.unit import Resolved, SomeStep, Step

from .models import BidAction
from .resolve import resolve_round, resolve_vote
from .state import SealedState
from .types import BidRequest
from .validate import check_bid


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


BID_WORDS = StepDescription(
    kind="bid",
    action=BidAction,
    ask="place your sealed bid",
    task="place a sealed bid",
    summary=_summary,
    echo=_echo,
    together=True,
)


class Bid(Step[BidRequest, BidAction]):
    """§2: every player bids at once; no submission bids 0."""

    description = BID_WORDS
    request_type = BidRequest

    def requests(self, state: SealedState) -> dict[str, Request]:
        prize = state.prizes[state.round - 1]
        return {
            p: {
                "kind": "bid",
                "round": state.round,
                "prize": prize,
                "chips": state.chips[p],
                "garnets": state.garnets[p],
            }
            for p in state.players
        }

    def players(self, state: SealedState) -> Sequence[str]:
        return state.players  # §2: everyone at once

    def validate(self, state: SealedState, player: str, action: Any) -> None:
        check_bid(action, state.chips[player], state.garnets[player])

    def default(self, state: SealedState, player: str, rng: random.Random) -> dict[str, Any]:
        return {"bid": 0, "garnets": 0}  # §2: no submission bids 0

    def random(self, state: SealedState, player: str, rng: random.Random) -> dict[str, Any]:
        """Passes in both spellings, all-ins, small tie-prone bids, garnets turned
        in (docs/spec/engine.md convention 6); reads only the player's own chips and
        garnets."""
        held = state.garnets[player]
        turned = rng.randint(1, held) if held and rng.random() < 0.3 else 0
        chips = state.chips[player]
        r = rng.random()
        if r < 0.1:
            return {"garnets": turned} if turned else {}
        bid = chips if r < 0.25 else min(chips, rng.choice((0, 1, 2))) if r < 0.45 else None
        if bid is None:
            bid = rng.randint(0, chips)
        return {"bid": bid, "garnets": turned}

    def resolve(self, state: SealedState, actions: dict[str, dict[str, Any]]) -> Resolved:
        return resolve_round(state, actions)


class ChooseEc(ChooseEcStep):
    """§3: the winners name the EC among the tied worst."""

    def choosers(self, state: SealedState) -> Sequence[str]:
        return state.end["winners"] if state.end is not None else ()

    def candidates(self, state: SealedState) -> list[str]:
        return state.end["ec_candidates"] if state.end is not None else []

    def resolve(self, state: SealedState, actions: dict[str, dict[str, Any]]) -> Resolved:
        return resolve_vote(state, actions)


BID = Bid()
CHOOSE_EC = ChooseEc()
#: the state machine: phase -> the step unit it asks (``"over"`` asks nothing)
PHASES: dict[str, SomeStep] = {"bid": BID, "choose_ec": CHOOSE_EC}
