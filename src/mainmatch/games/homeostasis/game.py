"""Homeostasis as a pure state machine: its config, its first state and which
phase asks which step unit (steps.py).

The rules live in the modules beside this one: ``cards`` (the deck, saving
cost), ``expression`` (the evaluator), ``bands`` (the end), ``config``,
``validate``, ``resolve`` (resolution and automatic transitions), ``quick`` (the
fast paths of bids and draft choices), ``steps`` (the step units: requests,
checks, defaults, resolution), ``views``, ``random_play`` and ``render``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from mainmatch.engine.checks import present
from mainmatch.engine.game import Action, Config, Event, Game, JSONObject, View
from mainmatch.engine.result import nonzero

from . import quick, views
from . import state as S
from .bands import edges_fault, ranking, settle
from .config import OPTIONS, VARIANT_KEYS, check_config, make_config
from .models import PLAYERS, HomeostasisConfig
from .render import render_event
from .state import HomeostasisState
from .steps import PHASES
from .types import HomeostasisResult, HomeostasisView

DEFAULT_PLAYERS = ("a", "b", "c", "d", "e")  # the spec's examples (§9)

#: phase -> its unit's bound handlers, made once with the class: a replay's or a
#: harness's call reaches the handler by one lookup, where ``Game``'s methods find
#: the unit and then the method at every call (issue 35; decision SQ1)
_NEXT = {phase: unit.next_state for phase, unit in PHASES.items()}
_CHECKED = {
    phase: unit.checked_next_state for phase, unit in PHASES.items() if unit.has_checked_step
}
_PLAIN = {phase: unit.plainly_legal for phase, unit in PHASES.items() if unit.has_fast_check}
_RESOLVE = {phase: unit.resolve for phase, unit in PHASES.items()}


class Homeostasis(Game[HomeostasisState]):
    id = "homeostasis"
    title = "Homeostasis"
    pitch = "Two teams and a loner bid cards into a sum over three rounds: high, low, or near zero."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = HomeostasisConfig
    # the state machine: which phase asks which step unit (steps.py); the
    # step descriptions and action models are read off the units
    phases = PHASES
    over_words = "the match is over; nobody is expected to act"
    view_type = HomeostasisView  # the declared views and result (types.py)
    result_type = HomeostasisResult
    host_inputs = OPTIONS
    variant_keys = VARIANT_KEYS
    # a view's logs are shared with later views (views.py, decision PE16)
    fresh_views = False
    # The match is live. The seed gives 1 minute to a draft choice and to each
    # bracket window; the live bidding steps get the same minute; the seed sets
    # no time for saving (its "Initial Round") or for the EC choice.
    step_minutes: ClassVar[dict[str, int | None]] = {
        "save_cards": None,
        "draft": 1,
        "bid": 1,
        "final_bid": 1,
        "place_saved": 1,
        "brackets": 1,
        "choose_ec": None,
    }

    # ------------------------------------------------------------ config §2

    def new_config(self, players: list[str], seed: int, **options: Any) -> Config:
        return make_config(players, seed, options)

    def variant_combination_fault(self, values: dict[str, int]) -> str | None:
        return edges_fault(values)

    def check_config(self, config: object) -> Config:
        return check_config(config)

    def random_config(
        self, players: list[str], rng: random.Random, variant: dict[str, int] | None = None
    ) -> Config:
        """Random records vary the host inputs so random play reaches garnet
        spending on saved cards, other tiebreaks, and short-of-chips matches
        (automatic passes and placements, final auctions without bidders)."""
        options: dict[str, Any] = {}
        if rng.random() < 0.5:
            tiebreak = list(players)
            rng.shuffle(tiebreak)
            options["gamewide_tiebreak"] = tiebreak
        if rng.random() < 0.4:
            options["garnets"] = {p: rng.choice((0, 0, 1, 2, 4, 9, 20, 90)) for p in players}
        r = rng.random()
        if r < 0.1:
            options["chips"] = rng.choice((0, 1, 2, 3, 5, 10, 20))
        if variant:
            options["variant"] = variant
        return self.new_config(list(players), rng.randrange(2**32), **options)

    # ------------------------------------------------------------ state

    def initial_state(self, config: Config) -> HomeostasisState:
        config = check_config(config)
        players = tuple(config["players"])
        return HomeostasisState(
            config=config,
            players=players,
            index={p: i for i, p in enumerate(players)},
            teams={p: config["teams"][p] for p in players},
            tiebreak={p: i for i, p in enumerate(config["gamewide_tiebreak"])},
            phase=S.SAVE_CARDS,
            round=0,
            chips={p: config["chips"] for p in players},
            garnets_spent={p: 0 for p in players},
            saved={p: () for p in players},
            used_saved={p: () for p in players},
        )

    def pending_players(self, state: HomeostasisState) -> list[str]:
        # the speed hook: who acts without asking the unit (views.pending_players,
        # as the view reads it); a live auction's one bidder, most steps, at once
        a = state.auction
        if a is not None and state.phase == S.AUCTION:
            return [state.turn_order[a.turn]]
        return views.pending_players(state)

    # the hot handlers through the phase tables above (the same units, the same answers)

    def validate(self, state: HomeostasisState, player: str, action: object) -> None:
        plain = _PLAIN.get(state.phase)
        if plain is None or not plain(state, player, action):
            super().validate(state, player, action)  # the ordered checks word the fault

    def apply(
        self, state: HomeostasisState, actions: dict[str, Action]
    ) -> tuple[HomeostasisState, list[Event]]:
        resolve = _RESOLVE.get(state.phase)
        return super().apply(state, actions) if resolve is None else resolve(state, actions)

    def next_state(self, state: HomeostasisState, actions: dict[str, Action]) -> HomeostasisState:
        after = _NEXT.get(state.phase)
        return super().next_state(state, actions) if after is None else after(state, actions)

    def checked_next_state(
        self, state: HomeostasisState, actions: dict[str, Action]
    ) -> HomeostasisState | None:
        phase = state.phase
        # most steps: a live bid or a draft choice by its own path (the unit's when
        # that declines: an auction's or the draft's end, or a fault to word)
        if phase == S.AUCTION:
            return quick.checked_bid(state, actions) or _CHECKED[phase](state, actions)
        if phase == S.DRAFT:
            return quick.checked_draft(state, actions) or _CHECKED[phase](state, actions)
        checked = _CHECKED.get(phase)
        return None if checked is None else checked(state, actions)

    # ------------------------------------------------------------ views §5

    def view(self, state: HomeostasisState, player: str | None) -> View:
        out = views.public_view(state, self.id)
        if player is not None:
            out["you"] = views.you(state, player)
        return out

    def shared_view(self, state: HomeostasisState, player: str | None) -> View:
        out = views.public_view(state, self.id, shared=True)
        if player is not None:  # the public part is the one shown by the next view too
            out = {**out, "you": views.you(state, player)}
        return out

    # ------------------------------------------------------------ result §7

    def result(self, state: HomeostasisState) -> JSONObject | None:
        if state.phase != S.OVER:
            return None
        players = list(state.players)
        outcome = present(state.outcome, "outcome")
        tokens, garnets, _, death = settle(outcome, state.teams, players)
        ec = state.elimination_candidate
        return {
            "ranking": ranking(outcome, state.teams, players, ec),
            "tokens_of_life": tokens,
            "garnets": garnets,
            "garnets_spent": nonzero(state.garnets_spent, players),
            "elimination_candidate": ec,
            "void_tokens_of_life": False,
            "details": {
                "round_results": [r["result"] for r in state.rounds],
                "simplified": [r["simplified"] for r in state.rounds],
                "total": str(state.total),
                "outcome": state.outcome,
                "teams": dict(state.config["teams"]),
                "death_match": death,
                "chips_left": {p: state.chips[p] for p in players},
            },
        }

    # ------------------------------------------------------------ people

    def render_event(self, event: Event) -> str:
        return render_event(event)
