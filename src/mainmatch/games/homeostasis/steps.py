"""Homeostasis's step units (homeostasis spec §3, §4): each step kind's request
type, action model, words (words.py) and handlers, with the fast paths of
quick.py beside the rules they shortcut (docs/engine.md "Step units").

§3: "Simultaneous steps (``save_cards``, ``final_bid``, ``brackets``) have all
their players pending at once ...; the other steps have one": ``draft``,
``bid`` and ``place_saved`` are asked of one player at a time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from mainmatch.engine.checks import present
from mainmatch.engine.ec import ChooseEcStep
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Action, Event, Request
from mainmatch.engine.unit import Resolved, SomeStep

from . import quick, resolve
from . import state as S
from . import validate as V
from .cards import DECK
from .random_play import (
    random_bid,
    random_brackets,
    random_final_bid,
    random_placement,
    random_save,
)
from .state import HomeostasisState
from .types import (
    BidRequest,
    BracketsRequest,
    DraftRequest,
    FinalBidRequest,
    PlaceSavedRequest,
    SaveCardsRequest,
)
from .views import cards_left, empty_slots, free_positions, pending_players
from .words import WORDS
from .work import QuietWork, Work


class HomeostasisStep(SomeStep):
    """What every Homeostasis step shares (§4): a step resolves on a
    :class:`~.work.Work` draft, then the automatic transitions run up to the
    next step with pending players; a direct caller's step is checked first."""

    kind_name: str

    def __init__(self) -> None:
        if self.kind_name in WORDS:  # choose_ec: the engine's words
            self.description = WORDS[self.kind_name]
        #: the last ``(state, player, action)`` :meth:`plainly_legal` accepted:
        #: ``apply`` of that very action at that very state need not check it
        #: again (decision PE17)
        self._plain: tuple[HomeostasisState, str, object] | None = None

    def not_asked(self, state: HomeostasisState, player: str) -> str:
        return f"{player} is not expected to act now"

    def players(self, state: HomeostasisState) -> Sequence[str]:
        # who acts, read off the state for the driver, the checks and the
        # view alike (views.pending_players)
        return pending_players(state)

    def run(self, w: Work, actions: dict[str, Action]) -> None:
        """§4: this step's resolution on ``w`` (then the transitions)."""
        raise NotImplementedError

    def quick(
        self,
        state: HomeostasisState,
        actions: dict[str, Action],
        events: list[Event] | None,
    ) -> HomeostasisState | None:
        """The fast path beside :meth:`run` (quick.py), ``None`` where it does not apply."""
        return None

    def resolve(self, state: HomeostasisState, actions: dict[str, Action]) -> Resolved:
        """§4 for a direct caller: every pending action checked, then resolved."""
        if len(actions) == 1:
            ((p, action),) = actions.items()
            plain = self._plain  # one read: another thread may replace it
            if (
                plain is not None and plain[0] is state and plain[2] is action and plain[1] == p
            ) or self.plainly_legal(state, p, action):
                events: list[Event] = []
                out = self.quick(state, actions, events)
                if out is not None:
                    return out, events
        requests = self.requests(state)
        for p, action in actions.items():
            if p not in requests:
                raise IllegalAction(
                    self.not_asked(state, p)
                    if isinstance(p, str) and p in state.index
                    else f"{p!r} is not a player in this match"
                )
        for p in requests:
            if p not in actions:
                raise IllegalAction(f"{p} has not acted; every pending player needs an action")
            if not self.plainly_legal(state, p, actions[p]):
                self.validate(state, p, actions[p])
        return self.resolve_checked(state, actions)

    def resolve_checked(self, state: HomeostasisState, actions: dict[str, Action]) -> Resolved:
        events: list[Event] = []
        out = self.quick(state, actions, events)
        if out is not None:
            return out, events
        w = Work(state)
        self.run(w, actions)
        return w.freeze(), w.events

    def next_state(self, state: HomeostasisState, actions: dict[str, Action]) -> HomeostasisState:
        out = self.quick(state, actions, None)
        return self.worked(state, actions) if out is None else out

    def one_checked(
        self,
        state: HomeostasisState,
        actions: dict[str, Action],
        legal: Callable[[HomeostasisState, str, object], bool],
    ) -> HomeostasisState | None:
        """Replay of a turn (a draft choice, a live bid): the one action checked by
        ``legal`` and applied in one go (the engine has checked who acts); ``None``
        for anything not plainly legal, which ``validate`` then words."""
        ((p, action),) = actions.items()
        if not legal(state, p, action):
            return None
        out = self.quick(state, actions, None)
        return self.worked(state, actions) if out is None else out

    def worked(self, state: HomeostasisState, actions: dict[str, Action]) -> HomeostasisState:
        """:meth:`next_state` where :meth:`quick` does not apply: :meth:`run` on a draft."""
        w = QuietWork(state)
        self.run(w, actions)
        return w.freeze()


class SaveCards(HomeostasisStep):
    """§3 ``save_cards``: every player at once, before the first round."""

    kind_name = "save_cards"
    request_type = SaveCardsRequest

    def requests(self, state: HomeostasisState) -> dict[str, Request]:
        return {
            p: {"kind": "save_cards", "cards": list(DECK), "garnets": state.holding(p)}
            for p in state.players
        }

    def validate(self, state: HomeostasisState, player: str, action: object) -> None:
        V.check_save(action, state.holding(player))

    def default(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        return {"cards": []}  # D42: commit nothing

    def random(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        return random_save(state.holding(player), rng)

    def run(self, w: Work, actions: dict[str, Action]) -> None:
        resolve.apply_save(w, actions)


class Draft(HomeostasisStep):
    """§3 ``draft``: one player at a time, in snake order."""

    kind_name = "draft"
    request_type = DraftRequest

    def requests(self, state: HomeostasisState) -> dict[str, Request]:
        return {
            resolve.drafter(state): {
                "kind": "draft",
                "cards": cards_left(state),
                "positions": free_positions(state),
            }
        }

    def plainly_legal(self, state: HomeostasisState, player: str, action: object) -> bool:
        if quick.legal_draft(state, player, action):
            self._plain = (state, player, action)
            return True
        return False

    def validate(self, state: HomeostasisState, player: str, action: object) -> None:
        request = self.requests(state)[player]
        V.check_draft(action, request["cards"], request["positions"])

    def default(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        return self.random(state, player, rng)  # D9: the seed's "made at random"

    def random(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        request = self.requests(state)[player]
        return {"card": rng.choice(request["cards"]), "position": rng.choice(request["positions"])}

    def quick(
        self,
        state: HomeostasisState,
        actions: dict[str, Action],
        events: list[Event] | None,
    ) -> HomeostasisState | None:
        return quick.quick_draft(state, actions, events)

    def checked_next_state(
        self, state: HomeostasisState, actions: dict[str, Action]
    ) -> HomeostasisState | None:
        return self.one_checked(state, actions, quick.legal_draft)

    def run(self, w: Work, actions: dict[str, Action]) -> None:
        ((p, action),) = actions.items()
        resolve.apply_draft(w, p, action)


class Bid(HomeostasisStep):
    """§3 ``bid``: the live auction, one player at a time in turn order."""

    kind_name = "bid"
    request_type = BidRequest

    def requests(self, state: HomeostasisState) -> dict[str, Request]:
        a = present(state.auction, "open auction")
        p = state.turn_order[a.turn]
        return {
            p: {
                "kind": "bid",
                "card": a.card,
                "chips": state.chips[p],
                "slots": empty_slots(state),
                "totals": list(a.totals),
                "can_pass": bool(a.bids),
            }
        }

    def plainly_legal(self, state: HomeostasisState, player: str, action: object) -> bool:
        if quick.legal_bid(state, player, action):
            self._plain = (state, player, action)
            return True
        return False

    def validate(self, state: HomeostasisState, player: str, action: object) -> None:
        request = self.requests(state)[player]
        V.check_bid(
            action,
            state.chips[player],
            present(state.auction, "open auction").totals,
            request["slots"],
            request["can_pass"],
        )

    def default(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        request = self.requests(state)[player]
        if request["can_pass"]:
            return {"pass": True}
        return {"slot": rng.choice(request["slots"]), "chips": 1}  # D17: the first bid is forced

    def random(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        return random_bid(self.requests(state)[player], rng)

    def quick(
        self,
        state: HomeostasisState,
        actions: dict[str, Action],
        events: list[Event] | None,
    ) -> HomeostasisState | None:
        return quick.quick_bid(state, actions, events)

    def checked_next_state(
        self, state: HomeostasisState, actions: dict[str, Action]
    ) -> HomeostasisState | None:
        return self.one_checked(state, actions, quick.legal_bid)

    def run(self, w: Work, actions: dict[str, Action]) -> None:
        ((p, action),) = actions.items()
        resolve.apply_bid(w, p, action)


class FinalBid(HomeostasisStep):
    """§3 ``final_bid``: the sealed final auction, its bidders at once."""

    kind_name = "final_bid"
    request_type = FinalBidRequest

    def requests(self, state: HomeostasisState) -> dict[str, Request]:
        fa = present(state.final_auction, "final auction")
        return {
            p: {"kind": "final_bid", "chips": state.chips[p], "rebid": fa.rebids}
            for p in fa.bidders
        }

    def validate(self, state: HomeostasisState, player: str, action: object) -> None:
        V.check_final_bid(action, state.chips[player])

    def default(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        return {"chips": 0}

    def random(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        request = self.requests(state)[player]
        return {"chips": random_final_bid(state, player, request, rng)}

    def run(self, w: Work, actions: dict[str, Action]) -> None:
        resolve.apply_final_bids(w, actions)


class PlaceSaved(HomeostasisStep):
    """§3 ``place_saved``: the final auction's winner adds saved cards."""

    kind_name = "place_saved"
    request_type = PlaceSavedRequest

    def _winner(self, state: HomeostasisState) -> str:
        winner: str = present(
            present(state.final_auction, "final auction").winner, "auction winner"
        )
        return winner

    def requests(self, state: HomeostasisState) -> dict[str, Request]:
        p = self._winner(state)
        return {p: {"kind": "place_saved", "saved_cards": list(state.saved[p])}}

    def validate(self, state: HomeostasisState, player: str, action: object) -> None:
        V.check_place_saved(action, state.saved[player])

    def default(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        return {"front": [], "back": []}

    def random(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        return random_placement(list(state.saved[player]), rng)

    def run(self, w: Work, actions: dict[str, Action]) -> None:
        ((p, action),) = actions.items()
        resolve.apply_place_saved(w, p, action)


class Brackets(HomeostasisStep):
    """§3 ``brackets``: the players of teams that still hold their pair, at once."""

    kind_name = "brackets"
    request_type = BracketsRequest

    def requests(self, state: HomeostasisState) -> dict[str, Request]:
        placed = [[b["first"], b["last"]] for b in state.brackets]
        n = len(present(state.expression, "expression"))
        return {
            p: {"kind": "brackets", "length": n, "brackets": [list(x) for x in placed]}
            for p in resolve.eligible_for_brackets(state)
        }

    def validate(self, state: HomeostasisState, player: str, action: object) -> None:
        V.check_brackets(
            action,
            len(present(state.expression, "expression")),
            [(b["first"], b["last"]) for b in state.brackets],
        )

    def default(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        return {"pass": True}

    def random(self, state: HomeostasisState, player: str, rng: random.Random) -> Action:
        return random_brackets(self.requests(state)[player], rng)

    def run(self, w: Work, actions: dict[str, Action]) -> None:
        resolve.apply_brackets(w, actions)


class ChooseEc(HomeostasisStep, ChooseEcStep):
    """§4.6: the neutral player chooses the EC among the candidates."""

    kind_name = "choose_ec"

    def choosers(self, state: HomeostasisState) -> Sequence[str]:
        candidates = resolve.ec_candidates(state)
        return [next(p for p in state.players if p not in candidates)]

    def candidates(self, state: HomeostasisState) -> list[str]:
        return resolve.ec_candidates(state)

    def validate(self, state: HomeostasisState, player: str, action: object) -> None:
        V.check_choose_ec(action, self.candidates(state))

    def run(self, w: Work, actions: dict[str, Action]) -> None:
        resolve.apply_choose_ec(w, actions)


#: the state machine: phase -> the step unit it asks (``"over"`` asks nothing)
PHASES: dict[str, SomeStep] = {
    S.SAVE_CARDS: SaveCards(),
    S.DRAFT: Draft(),
    S.AUCTION: Bid(),
    S.FINAL_AUCTION: FinalBid(),
    S.PLACE_SAVED: PlaceSaved(),
    S.BRACKETS: Brackets(),
    S.CHOOSE_EC: ChooseEc(),
}
