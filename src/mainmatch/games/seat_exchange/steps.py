"""Seat Exchange's step units (seat_exchange spec §3.1, §4, §5): each step kind's
request type, action model, words (the inputs every adapter derives its form,
echo and decomposition from) and handlers, with the fast paths beside the
rules they shortcut (docs/engine.md "Step units")."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from mainmatch.engine.checks import money
from mainmatch.engine.ec import ChooseEcStep
from mainmatch.engine.game import Action, Request
from mainmatch.engine.steps import StepDescription, counted
from mainmatch.engine.unit import Resolved, SomeStep, Step

from . import random_play
from .models import TradesAction
from .random_play import view_random_trades
from .resolve import apply_choose_ec, apply_trades, checked_trades
from .state import SeatState
from .types import TradesRequest
from .validate import check_trades


def _summary(request: Mapping[str, Any]) -> str:
    """The ``trades`` request as a sentence (§3.1)."""
    garnets = request.get("garnets", 0)
    held = f" and {counted(garnets, 'garnet')}" if garnets else ""
    return (
        f"Round {request.get('round')}: you have {money(request.get('money', 0))}{held}. "
        "Pay for trades between any two players (the same one twice is a self-swap), "
        "or send nothing to save your money."
    )


def _echo(action: Mapping[str, Any], request: Mapping[str, object]) -> str:
    """A ``trades`` submission read back: each trade and the garnets turned into dollars."""
    trades = action.get("trades") or []
    parts = []
    for t in trades:
        pair = t.get("players") or ["?", "?"]
        a, b = (pair + ["?", "?"])[:2]
        what = f"a self-swap of {a}" if a == b else f"a trade between {a} and {b}"
        parts.append(f"{money(t.get('amount', 0))} for {what}")
    said = "You pay " + "; ".join(parts) if parts else "You pay for no trade (you save your money)"
    garnets = action.get("garnets", 0)
    if garnets:
        said += f", and turn {counted(garnets, 'garnet')} into dollars"
    return said + "."


TRADES_WORDS = StepDescription(
    kind="trades",
    action=TradesAction,
    ask="pay for trades",
    task="pay for trades",
    summary=_summary,
    echo=_echo,
    widget="seat_pairs",
    random=view_random_trades,
)


class Trades(Step[TradesRequest, TradesAction]):
    """§3.1, §4.2: all 13 pay for trades at once; no submission saves everything."""

    description = TRADES_WORDS
    request_type = TradesRequest

    def requests(self, state: SeatState) -> dict[str, Request]:
        plist = list(state.players)
        return {
            p: {
                "kind": "trades",
                "round": state.round,
                "money": state.money[p],
                "garnets": state.garnets[p],
                "players": plist,
            }
            for p in state.players
        }

    def players(self, state: SeatState) -> Sequence[str]:
        return state.players  # §3.1: everyone, in listing order

    def acts(self, state: SeatState, player: str) -> bool:
        return player in state.index

    def validate(self, state: SeatState, player: str, action: object) -> None:
        check_trades(action, state.index, state.players, state.money[player], state.garnets[player])

    def default(self, state: SeatState, player: str, rng: random.Random) -> Action:
        return {"garnets": 0, "trades": []}  # §3.1: save everything

    def random(self, state: SeatState, player: str, rng: random.Random) -> Action:
        return random_play.random_action(state, player, rng)

    def resolve(self, state: SeatState, actions: dict[str, Action]) -> Resolved:
        return apply_trades(state, actions)

    def next_state(self, state: SeatState, actions: dict[str, Action]) -> SeatState:
        # the state without the round's events (replay, the simulator)
        return apply_trades(state, actions, events=False)[0]

    def checked_next_state(self, state: SeatState, actions: dict[str, Action]) -> SeatState | None:
        # a round's trades checked while they are applied: one pass, not two (PE15)
        return checked_trades(state, actions)


class ChooseEc(ChooseEcStep):
    """§4.3: the winners name the EC among the players tied for least money."""

    def choosers(self, state: SeatState) -> Sequence[str]:
        choosers: list[str] = state.ended["choosers"]
        return choosers

    def candidates(self, state: SeatState) -> list[str]:
        candidates: list[str] = state.ended["ec_candidates"]
        return candidates

    def resolve(self, state: SeatState, actions: dict[str, Action]) -> Resolved:
        return apply_choose_ec(state, actions)

    def next_state(self, state: SeatState, actions: dict[str, Action]) -> SeatState:
        return apply_choose_ec(state, actions, events=False)[0]


TRADES = Trades()
CHOOSE_EC = ChooseEc()
#: the state machine: phase -> the step unit it asks (``"over"`` asks nothing)
PHASES: dict[str, SomeStep] = {"trade": TRADES, "choose_ec": CHOOSE_EC}
