"""The Sealed Bid as a pure state machine (rules.md), on the engine contract only:
its config, its first state and which phase asks which step unit (steps.py)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from mainmatch.engine.errors import InvalidConfig
from mainmatch.engine.game import Game
from mainmatch.engine.variants import check_variant

from . import views
from .models import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRIZE_MAX,
    PRIZE_MIN,
    ROUNDS,
    VARIANT_KEYS,
    SealedBidConfig,
)
from .render import render_event
from .state import SealedState
from .steps import PHASES
from .types import SealedBidResult, SealedBidView


class SealedBid(Game[SealedState]):
    id = "sealed_bid"
    title = "The Sealed Bid"
    pitch = "3 to 5 players bid chips in secret on three public prizes; every bid is paid."
    player_range = (MIN_PLAYERS, MAX_PLAYERS)
    view_type = SealedBidView  # the declared views and result (types.py)
    result_type = SealedBidResult
    player_count = MAX_PLAYERS  # the default table (default_players)
    default_players = ("ana", "ben", "cy", "dee", "eli")
    config_model = SealedBidConfig
    # the state machine: which phase asks which step unit (steps.py); the
    # step descriptions and action models are read off the units
    phases = PHASES
    host_inputs = ("gamewide_tiebreak", "garnets", "variant")
    variant_keys = VARIANT_KEYS
    # a round a day, as ORG main matches usually run
    step_minutes: ClassVar[dict[str, int | None]] = {"bid": 24 * 60, "choose_ec": 24 * 60}

    # ------------------------------------------------------------ config §1, §4

    def new_config(
        self,
        players: list[str],
        seed: int,
        gamewide_tiebreak: list[str] | None = None,
        garnets: dict[str, int] | None = None,
        variant: dict[str, int] | None = None,
        **options: Any,
    ) -> dict:
        if options:
            raise InvalidConfig(
                f"unknown option {min(options)!r}; sealed_bid takes gamewide_tiebreak, garnets and variant"
            )
        variant = check_variant(self, variant) if variant is not None else {}
        rounds = variant.get("rounds", ROUNDS)
        players = list(players)
        rng = random.Random(seed)
        given = dict(garnets or {})
        config: dict = {
            "players": players,
            "prizes": [rng.randint(PRIZE_MIN, PRIZE_MAX) for _ in range(rounds)],
            "gamewide_tiebreak": list(gamewide_tiebreak)
            if gamewide_tiebreak is not None
            else list(players),
            "garnets": {p: given.pop(p, 0) for p in players},
        }
        if given:
            raise InvalidConfig(f"config.garnets: {min(given)!r} is not a player in this match")
        if variant:  # official configs carry no variant field (docs/spec/engine.md convention 7)
            config["variant"] = variant
        return self.check_config(config)

    def random_config(
        self, players: list[str], rng: random.Random, variant: dict[str, int] | None = None
    ) -> dict:
        # vary the host inputs so random records reach garnet spending and tiebreak votes
        tiebreak = list(players)
        if rng.random() < 0.5:
            rng.shuffle(tiebreak)
        garnets = {p: rng.choice((0, 0, 1, 3)) for p in players} if rng.random() < 0.4 else None
        return self.new_config(
            list(players),
            rng.randrange(2**32),
            gamewide_tiebreak=tiebreak,
            garnets=garnets,
            variant=variant,
        )

    # ------------------------------------------------------------ state

    def initial_state(self, config: dict) -> SealedState:
        config = self.check_config(config)
        players = tuple(config["players"])
        chips = self.rule_values(config)["chips"]
        return SealedState(
            config=config,
            players=players,
            prizes=tuple(config["prizes"]),
            round=1,
            chips=dict.fromkeys(players, chips),
            garnets=dict(config["garnets"]),
            garnets_spent=dict.fromkeys(players, 0),
            points=dict.fromkeys(players, 0),
            history=(),
            phase="bid",
            end=None,
        )

    # ------------------------------------------------------------ views, result §4, §3

    def view(self, state: SealedState, player: str | None) -> dict:
        return views.view(state, player)

    def result(self, state: SealedState) -> dict | None:
        return views.result(state)

    def render_event(self, event: dict) -> str:
        return render_event(event)
