"""The MVP's step units (mvp spec §3, §4, §7.3): each step kind's request type,
action model, words (the inputs every adapter derives its form, echo and
decomposition from) and handlers, with the fast paths beside the rules they
shortcut (docs/engine.md "Step units")."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from mainmatch.engine.ec import ChooseEcStep
from mainmatch.engine.events import public
from mainmatch.engine.game import Action, Request
from mainmatch.engine.steps import StepDescription, counted, listed
from mainmatch.engine.unit import Resolved, SomeStep, Step

from .cards import CARDS
from .models import COSTS, LAST_ROUND, RoundAction
from .pattern import HIDDEN
from .random_play import random_ec_vote, random_round_action, view_random_round
from .resolve import apply_round
from .state import CHOOSE_EC, OVER, ROUND, MvpFinal, MvpState
from .types import RoundRequest
from .validate import check_round_action, plainly_legal


def _card(name: object) -> str:
    """A card as people read it: ``apples-1`` is "apples 1" (the web form's words)."""
    return str(name).replace("-", " ").replace("_", " ")


def _summary(request: Mapping[str, object]) -> str:
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


def _echo(action: Mapping[str, object], request: Mapping[str, object]) -> str:
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


ROUND_WORDS = StepDescription(
    kind="round",
    random=view_random_round,
    action=RoundAction,
    ask="bid and buy this round",
    task="bid and buy for the round",
    summary=_summary,
    echo=_echo,
)


class Round(Step[RoundRequest, RoundAction]):
    """§3.1, §4.1: every player bids and buys at once; no submission bids nothing."""

    description = ROUND_WORDS
    request_type = RoundRequest

    def requests(self, state: MvpState) -> dict[str, Request]:
        e = state.exposure
        biddable = list(e.exposed if state.round == LAST_ROUND else e.biddable)
        hidden = list(e.hidden)
        locations = [c for c in CARDS if e.status[state.where[c]] == HIDDEN]
        return {
            p: {
                "kind": "round",
                "round": state.round,
                "chips": state.chips[p],
                "garnets": state.garnets[p],
                "biddable": list(biddable),
                "identity_targets": list(hidden),
                "location_targets": list(locations),
                "costs": dict(COSTS),
            }
            for p in state.players
        }

    def players(self, state: MvpState) -> Sequence[str]:
        return state.players  # every player in a round

    def acts(self, state: MvpState, player: str) -> bool:
        return player in state.players

    # the common case, in one pass, before the rule-by-rule walk (validate.py)
    plainly_legal = staticmethod(plainly_legal)

    def validate(self, state: MvpState, player: str, action: object) -> None:
        check_round_action(
            action,
            exposure=state.exposure,
            round_no=state.round,
            last_round=LAST_ROUND,
            chips=state.chips[player],
            garnets=state.garnets[player],
            where=state.where,
        )

    def default(self, state: MvpState, player: str, rng: random.Random) -> Action:
        # §3.1: "If you fail to make a submission, you are assumed to not make any bid"
        return {}

    def random(self, state: MvpState, player: str, rng: random.Random) -> Action:
        return random_round_action(state, player, rng)

    def resolve(self, state: MvpState, actions: dict[str, Action]) -> Resolved:
        return apply_round(state, actions)

    def next_state(self, state: MvpState, actions: dict[str, Action]) -> MvpState:
        return apply_round(state, actions, emit=False)[0]


class ChooseEc(ChooseEcStep):
    """§7.3: the winners vote for the EC among the candidates; plurality, a tie
    in votes to the tied candidate last in ``gamewide_tiebreak``."""

    def choosers(self, state: MvpState) -> Sequence[str]:
        voters: list[str] = state.ended["voters"]
        return voters

    def candidates(self, state: MvpState) -> list[str]:
        candidates: list[str] = state.ended["ec_candidates"]
        return candidates

    def not_asked(self, state: MvpState, player: str) -> str:
        return f"{player} has nothing to do now; only the winners vote for the EC"

    def random(self, state: MvpState, player: str, rng: random.Random) -> Action:
        # §3.3: the default vote, a self-vote (when a candidate) or a uniform candidate
        default = self.default(state, player, rng)
        return random_ec_vote(self.candidates(state), player, default, rng)

    def resolve(self, state: MvpState, actions: dict[str, Action]) -> Resolved:
        votes, ec = self.tally(state, actions)
        new_final: MvpFinal = {**state.ended, "ec_votes": votes, "elimination_candidate": ec}
        events = [public("elimination_candidate", player=ec, votes=dict(votes))]
        return replace(state, final=new_final, phase=OVER), events


#: the state machine: phase -> the step unit it asks (``"over"`` asks nothing)
PHASES: dict[str, SomeStep] = {ROUND: Round(), CHOOSE_EC: ChooseEc()}
