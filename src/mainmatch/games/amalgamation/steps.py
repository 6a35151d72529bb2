"""The Amalgamation's step units (amalgamation spec §3, §4): each step kind's
request type, action model, words (the inputs every adapter derives its form,
echo and decomposition from) and handlers, with the fast paths beside the
rules they shortcut (docs/engine.md "Step units")."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from mainmatch.engine.checks import money
from mainmatch.engine.ec import ChooseEcStep
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.events import public
from mainmatch.engine.game import Action, Request
from mainmatch.engine.steps import StepDescription, counted, listed
from mainmatch.engine.unit import Resolved, SomeStep, Step

from . import budget
from .constants import ROLES, ROUNDS, TILES_PER_ROUND
from .models import RoundAction
from .random_play import random_round_action, random_vote, view_random_round
from .resolve import apply_round
from .state import AmalgamationFinal, AmalgamationState
from .types import RoundRequest
from .validate import check_choose_ec, check_round, plainly_legal


def _part(action: Mapping[str, object], key: str) -> Mapping[str, object]:
    """A sub-game's part of a (possibly partial) round action; empty when absent."""
    part = action.get(key)
    return part if isinstance(part, Mapping) else {}


def _dollars(value: object) -> str:
    return money(value) if isinstance(value, int) else "?"


def _summary(request: Mapping[str, object]) -> str:
    """The ``round`` request as a sentence (§3.1), as the web page says it."""
    held = request.get("garnets_held", 0)
    rate = _dollars(request.get("garnet_rate", 0))
    garnets = (
        f"and {counted(held, 'garnet')} you may sell at {rate} each"
        if held
        else f"(no garnets to sell; they would fetch {rate} each)"
    )
    return (
        f"Round {request.get('round')} of {ROUNDS}. You can spend up to "
        f"{_dollars(request.get('max_spend', 0))} this round: your balance of "
        f"{_dollars(request.get('balance', 0))} {garnets}. "
        f"Minus Auction tiles: {listed(request.get('tiles'))}. "
        f"Garnet Chip Thief roles: {listed(request.get('roles'), 'or')}."
    )


def _echo(action: Mapping[str, object], request: Mapping[str, Any]) -> str:
    """A ``round`` submission read back game by game; parts not filled in yet are left out."""
    said: list[str] = []
    kong = _part(action, "kong")
    if "contribute" in kong:
        said.append(f"Kong's Dilemma: {_dollars(kong['contribute'])} into your team's pot.")
    bids = _part(action, "minus").get("bids")
    if isinstance(bids, list):
        tiles = request.get("tiles") or []
        named = [
            f"{_dollars(bid)} on {tiles[i] if i < len(tiles) else 'tile ' + str(i + 1)}"
            for i, bid in enumerate(bids)
        ]
        said.append(f"Minus Auction: you bid {listed(named, empty='nothing')}.")
    invest = _part(action, "invest")
    if invest:
        said.append(
            f"Investment & Donation: you invest {_dollars(invest.get('invest'))} "
            f"and donate {_dollars(invest.get('donate'))}."
        )
    thief = _part(action, "thief")
    if thief:
        said.append(
            f"Garnet Chip Thief: you play {thief.get('role', '?')} "
            f"and bet {_dollars(thief.get('bet'))}."
        )
    sold = action.get("buy_garnets", 0)
    if sold:
        said.append(f"You sell {counted(sold, 'garnet')}.")
    return " ".join(said) or "No moves yet."


ROUND_WORDS = StepDescription(
    kind="round",
    random=view_random_round,
    action=RoundAction,
    ask="play this round's four games",
    task="play the round's four games",
    summary=_summary,
    echo=_echo,
)


def default_round_action(rng: random.Random) -> Action:
    """§3.1 lack of submission: $0 everywhere, 0 on every tile, a random role."""
    return {
        "buy_garnets": 0,
        "kong": {"contribute": 0},
        "minus": {"bids": [0] * TILES_PER_ROUND},
        "invest": {"invest": 0, "donate": 0},
        "thief": {"bet": 0, "role": rng.choice(ROLES)},
    }


def check_actors(pending: Sequence[str], actions: dict[str, Action]) -> None:
    """A step holds exactly the pending players' actions (for a direct caller of
    ``apply``: the driver has checked them already)."""
    if set(actions) != set(pending):
        missing = [p for p in pending if p not in actions]
        extra = [p for p in actions if p not in pending]
        raise IllegalAction(
            f"a step needs exactly the pending players' actions (missing {missing}, not pending {extra})"
        )


class Round(Step[RoundRequest, RoundAction]):
    """§3, §4: every player plays the four sub-games at once."""

    description = ROUND_WORDS
    request_type = RoundRequest

    def requests(self, state: AmalgamationState) -> dict[str, Request]:
        rate = state.setup.rate
        tiles = state.setup.tiles[state.round - 1]
        return {
            p: {
                "kind": "round",
                "round": state.round,
                "tiles": list(tiles),
                "balance": state.balances[p],
                "garnets_held": state.garnets_held[p],
                "garnet_rate": rate,
                "max_spend": budget.max_spend(state.balances[p], state.garnets_held[p], rate),
                "roles": list(ROLES),
            }
            for p in state.setup.players
        }

    def players(self, state: AmalgamationState) -> Sequence[str]:
        return state.setup.players  # every player in a round

    def acts(self, state: AmalgamationState, player: str) -> bool:
        return isinstance(player, str) and player in state.setup.index

    def plainly_legal(self, state: AmalgamationState, player: str, action: object) -> bool:
        # the common case, in one pass (check_round's own shortcut); a
        # player's balance is there iff ``player`` is a player (an exact str)
        balance = state.balances.get(player) if type(player) is str else None
        return balance is not None and plainly_legal(
            action, balance, state.garnets_held[player], state.setup.rate
        )

    def validate(self, state: AmalgamationState, player: str, action: object) -> None:
        check_round(
            action,
            state.setup.tiles[state.round - 1],
            state.balances[player],
            state.garnets_held[player],
            state.setup.rate,
        )

    def default(self, state: AmalgamationState, player: str, rng: random.Random) -> Action:
        return default_round_action(rng)

    def complete(
        self, state: AmalgamationState, player: str, sent: object, rng: random.Random
    ) -> tuple[object, bool]:
        """The host's merge of a partial submission (§3.1): each missing top-level
        key gets its default (a random role for a missing ``thief``); sent
        sub-objects are kept exactly as sent. Returns ``(action, defaulted)``;
        an action with all four sub-objects comes back unchanged, not defaulted.
        Validate the result as usual (a half-filled sub-object stays illegal).
        """
        if not isinstance(sent, dict):
            return sent, False
        if all(k in sent for k in ("kong", "minus", "invest", "thief")):
            return sent, False
        full: Action = {
            "buy_garnets": 0,
            "kong": {"contribute": 0},
            "minus": {"bids": [0] * TILES_PER_ROUND},
            "invest": {"invest": 0, "donate": 0},
        }
        # the role is drawn only when the thief sub-object is missing
        full["thief"] = sent["thief"] if "thief" in sent else {"bet": 0, "role": rng.choice(ROLES)}
        full.update(sent)
        return full, True

    def random(self, state: AmalgamationState, player: str, rng: random.Random) -> Action:
        return random_round_action(state, player, rng)

    def resolve(self, state: AmalgamationState, actions: dict[str, Action]) -> Resolved:
        if type(actions) is not dict or actions.keys() != state.setup.everyone:
            check_actors(state.setup.players, actions)
        return self.resolve_checked(state, actions)

    def resolve_checked(self, state: AmalgamationState, actions: dict[str, Action]) -> Resolved:
        new, events = apply_round(state, actions, True)
        assert events is not None  # built when asked for
        return new, events

    def next_state(self, state: AmalgamationState, actions: dict[str, Action]) -> AmalgamationState:
        return apply_round(state, actions, False)[0]


class ChooseEc(ChooseEcStep):
    """§3.2, §4.3: the winners vote; plurality, tied votes to the tied
    candidate last in the gamewide tiebreak."""

    def choosers(self, state: AmalgamationState) -> Sequence[str]:
        choosers: list[str] = state.ended["ec_choosers"]
        return choosers

    def candidates(self, state: AmalgamationState) -> list[str]:
        candidates: list[str] = state.ended["ec_candidates"]
        return candidates

    def tiebreak(self, state: AmalgamationState) -> list[str]:
        return list(state.setup.tiebreak)

    def not_asked(self, state: AmalgamationState, player: str) -> str:
        return f"{player} is not a winner; only {', '.join(self.choosers(state))} choose the EC"

    def validate(self, state: AmalgamationState, player: str, action: object) -> None:
        check_choose_ec(action, self.candidates(state))

    def random(self, state: AmalgamationState, player: str, rng: random.Random) -> Action:
        return random_vote(self.candidates(state), rng)

    def resolve(self, state: AmalgamationState, actions: dict[str, Action]) -> Resolved:
        check_actors(self.choosers(state), actions)
        return self.resolve_checked(state, actions)

    def resolve_checked(self, state: AmalgamationState, actions: dict[str, Action]) -> Resolved:
        votes, ec = self.tally(state, actions)
        new_final: AmalgamationFinal = {
            **state.ended,
            "ec_votes": votes,
            "elimination_candidate": ec,
        }
        events = [public("elimination_candidate", votes=dict(votes), elimination_candidate=ec)]
        return replace(state, phase="over", final=new_final), events


#: the state machine: phase -> the step unit it asks (``"over"`` asks nothing)
PHASES: dict[str, SomeStep] = {"round": Round(), "choose_ec": ChooseEc()}
