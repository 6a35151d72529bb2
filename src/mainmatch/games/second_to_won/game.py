"""Second to Won as a pure state machine: its config, its first state and which
phase asks which step unit (steps.py).

One step kind, ``bids``, per auction with all nine players pending; the
match ends after the last auction or as soon as someone passes 200 points,
with no ``choose_ec`` step (§1, decisions 17-19).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from mainmatch.engine.errors import InvalidConfig
from mainmatch.engine.game import Config, Event, Game, JSONObject, View
from mainmatch.engine.ranking import Placings
from mainmatch.engine.result import nonzero

from .config import OPTIONS, build_config, check_config
from .items import compile_item
from .models import (
    LETTERS,
    PLAYERS,
    VARIANT_KEYS,
    SecondToWonConfig,
)
from .places import placings
from .random_play import random_host_inputs
from .render import render_event
from .state import SecondState
from .steps import PHASES
from .table import CHOICE, Table, lot_of, new_table, plain_lots
from .types import SecondToWonResult, SecondToWonView
from .views import view

__all__ = ["SecondState", "SecondToWon", "Table"]

DEFAULT_PLAYERS = ("ana", "ben", "cal", "dee", "eve", "fay", "gus", "hal", "ivy")


class SecondToWon(Game[SecondState]):
    id = "second_to_won"
    title = "Second to Won"
    pitch = "9 players bid chips on point items over up to 8 auctions: aim for second place, and never pass 200."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = SecondToWonConfig
    # the state machine: which phase asks which step unit (steps.py); the
    # step description and action model are read off the unit
    phases = PHASES
    view_type = SecondToWonView  # the declared views and result (types.py)
    result_type = SecondToWonResult
    host_inputs = OPTIONS
    variant_keys = VARIANT_KEYS
    # the view's auctions are shared with later views (table.py, decision PE16)
    fresh_views = False
    # the seed sets no time for an auction (only a 24-hour pre-game period, decision 31)
    # an ORG Main Match plays an auction a day (the seed's "24 hour pre-game period")
    step_minutes: ClassVar[dict[str, int | None]] = {"bids": 24 * 60}

    # ------------------------------------------------------------ config §2

    def new_config(
        self,
        players: list[str],
        seed: int,
        auctions: object = None,
        n_auctions: object = None,
        gamewide_tiebreak: object = None,
        garnets: object = None,
        variant: object = None,
        **options: Any,
    ) -> Config:
        if options:
            raise InvalidConfig(
                f"unknown option {min(options)!r}; second_to_won takes auctions, n_auctions, gamewide_tiebreak, garnets and variant"
            )
        return build_config(
            players,
            seed,
            auctions=auctions,
            n_auctions=n_auctions,
            gamewide_tiebreak=gamewide_tiebreak,
            garnets=garnets,
            variant=variant,
            game=self,
        )

    def check_config(self, config: object) -> Config:
        return check_config(config)

    def random_config(
        self, players: list[str], rng: random.Random, variant: dict[str, int] | None = None
    ) -> Config:
        inputs = random_host_inputs(list(players), rng)
        return self.new_config(list(players), rng.randrange(2**32), variant=variant, **inputs)

    # ------------------------------------------------------------ state

    def initial_state(self, config: Config) -> SecondState:
        # the catalogue is checked and prepared in one pass when it is plainly
        # valid; otherwise check_config names the first fault (PW1)
        ready = (
            plain_lots(config["auctions"])
            if type(config) is dict and "auctions" in config
            else None
        )
        if ready is None:
            config = check_config(config)
            auctions = config["auctions"]
            lots = tuple(tuple(lot_of(compile_item(it)) for it in a) for a in auctions)
            choice = tuple(
                frozenset(l for l, lot in zip(LETTERS, a) if any(g[0] == CHOICE for g in lot))
                for a in lots
            )
        else:
            config = check_config(config, catalogue_checked=True)
            lots, choice = ready
        rules = self.rule_values(config)
        players = tuple(config["players"])
        zero = dict.fromkeys(players, 0)
        nothing: dict[str, Any] = dict.fromkeys(players, ())  # no bids, items won, lists yet
        return SecondState(
            config=config,
            players=players,
            index={p: i for i, p in enumerate(players)},
            table=new_table(config, lots, choice, rules["limit"]),
            phase="bidding",
            auction=1,
            points=zero,
            chips=dict.fromkeys(players, rules["chips"]),  # decision 31: dealt once, never refilled
            garnets=dict(config["garnets"]),
            garnets_spent=zero,  # maps shared until they change (states are never mutated)
            garnets_from_items=zero,
            history=(),
            bids=nothing,
            won=nothing,
            info=nothing,
            end=None,
        )

    # ------------------------------------------------------------ views §5

    def view(self, state: SecondState, player: str | None) -> View:
        return view(self.id, state, player)

    def shared_view(self, state: SecondState, player: str | None) -> View:
        """:meth:`view` whose bids and items won are shown by objects made once
        per row of the state (docs/decisions/performance.md PE14, decision TBL6)."""
        return view(self.id, state, player, shared=True)

    # ------------------------------------------------------------ result §7.5

    def end_label(self, config: Config, result: JSONObject) -> str | None:
        """``complete`` or ``over_LIMIT``: the result's ``end_reason`` keeps the
        spec's word ``over_200`` under any limit (second_to_won spec §7.5), so a
        report of a variant names the limit actually played (``over_150``)."""
        label = super().end_label(config, result)
        limit = self.rule_values(config)["limit"]
        return f"over_{limit}" if label == "over_200" else label

    def placings(self, result: JSONObject, players: Sequence[str] = ()) -> Placings:
        """First, second, the rest by points, last place, over the limit, the EC
        (second_to_won spec §7; the result has no ranking): :func:`.places.placings`."""
        return placings(result, players)

    def result(self, state: SecondState) -> JSONObject | None:
        if state.phase != "over":
            return None
        end = state.ended
        players = list(state.players)
        garnets = {p: state.garnets_from_items[p] + end["garnet_award"][p] for p in players}
        return {
            "ranking": None,  # decision 29: second beats first, so no best-first order exists
            "tokens_of_life": dict(end["tokens_of_life"]),
            "garnets": nonzero(garnets, players),
            "garnets_spent": nonzero(state.garnets_spent, players),
            "elimination_candidate": end["elimination_candidate"],
            "void_tokens_of_life": False,
            "details": {
                "end_reason": end["reason"],
                "auctions_played": end["auctions_played"],
                "scores": dict(end["scores"]),
                "score_history": [dict(h) for h in end["score_history"]],
                "over_200": list(end["over_200"]),
                "first": list(end["first"]),
                "second": list(end["second"]),
                "last_place": list(end["last_place"]),
                "elimination_candidates": list(end["elimination_candidates"]),
                "garnets_from_items": dict(state.garnets_from_items),
                "garnet_award": dict(end["garnet_award"]),
                "chips": dict(state.chips),
            },
        }

    def render_event(self, event: Event) -> str:
        return render_event(event)
