"""Kong's Seat Exchange as a pure state machine: its config, its first state and
which phase asks which step unit (steps.py)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from mainmatch.engine.errors import InvalidConfig
from mainmatch.engine.game import Config, Event, Game, JSONObject, View
from mainmatch.engine.variants import check_variant

from . import views
from .models import (
    INCOME,
    PLAYERS,
    ROUNDS,
    STREAK_TARGET,
    VARIANT_KEYS,
    SeatExchangeConfig,
    plainly_valid,
)
from .render import render_event
from .state import DEFAULT_PLAYERS, SeatState, holders_of
from .steps import PHASES
from .streaks import longest_streak
from .types import SeatExchangeResult, SeatExchangeView


class SeatExchange(Game[SeatState]):
    id = "seat_exchange"
    title = "Kong's Seat Exchange"
    pitch = "13 players in a circle pay in secret to swap seats until six numbers run in a row."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = SeatExchangeConfig
    # the state machine: which phase asks which step unit (steps.py); the
    # step descriptions and action models are read off the units
    phases = PHASES
    view_type = SeatExchangeView  # the declared views and result (types.py)
    result_type = SeatExchangeResult
    random_reads_secrets = True  # the streak builder reads the numbers (decision S5)
    host_inputs = ("gamewide_tiebreak", "garnets", "variant")
    variant_keys = VARIANT_KEYS
    # a view's history is shared with later views (views.py, decision PE16)
    fresh_views = False
    # the seed: "Every round ... " over a day each (an ORG's daily rhythm)
    step_minutes: ClassVar[dict[str, int | None]] = {"trades": 24 * 60, "choose_ec": 24 * 60}

    # ------------------------------------------------------------ config §2

    def new_config(
        self,
        players: list[str],
        seed: int,
        gamewide_tiebreak: object = None,
        garnets: object = None,
        variant: object = None,
        **options: Any,
    ) -> Config:
        if options:
            raise InvalidConfig(
                f"unknown option {min(options)!r}; seat_exchange takes gamewide_tiebreak, garnets and variant"
            )
        variant = check_variant(self, variant) if variant is not None else {}
        target = variant.get("streak", STREAK_TARGET)
        players = list(players)
        if len(players) != PLAYERS:
            raise InvalidConfig(
                f"config.players: Seat Exchange takes exactly {PLAYERS} players, not {len(players)}"
            )
        if gamewide_tiebreak is not None and not isinstance(gamewide_tiebreak, list):
            raise InvalidConfig(
                "config.gamewide_tiebreak: must be a list of the 13 player ids, best first"
            )
        if garnets is not None and not isinstance(garnets, dict):
            raise InvalidConfig(
                'config.garnets: must be an object player -> garnets held, e.g. {"jk": 2}'
            )
        rng = random.Random(seed)
        while True:
            seats = list(players)
            rng.shuffle(seats)
            nums = list(range(1, PLAYERS + 1))
            rng.shuffle(nums)
            numbers = dict(zip(players, nums))
            if longest_streak([numbers[s] for s in seats]) < target:
                break
        given = dict(garnets or {})
        config = {
            "players": players,
            "seats": seats,
            "numbers": numbers,
            "gamewide_tiebreak": list(gamewide_tiebreak)
            if gamewide_tiebreak is not None
            else list(players),
            "garnets": {p: given.pop(p, 0) for p in players},
        }
        if given:
            raise InvalidConfig(f"config.garnets: {min(given)!r} is not a player in this match")
        if variant:  # official configs carry no variant field (records as the spec defines)
            config["variant"] = variant
        return self.check_config(config)

    def check_config(self, config: object) -> Config:
        if plainly_valid(config):  # the common case, without building the model
            return config
        return super().check_config(config)

    def random_config(
        self, players: list[str], rng: random.Random, variant: dict[str, int] | None = None
    ) -> Config:
        # vary the host inputs so random records reach garnet spending and other tiebreaks
        tiebreak = list(players)
        if rng.random() < 0.5:
            rng.shuffle(tiebreak)
        garnets = (
            {p: rng.choice((0, 0, 0, 1, 5, 20)) for p in players} if rng.random() < 0.3 else None
        )
        return self.new_config(
            list(players),
            rng.randrange(2**32),
            gamewide_tiebreak=tiebreak,
            garnets=garnets,
            variant=variant,
        )

    # ------------------------------------------------------------ state

    def initial_state(self, config: Config) -> SeatState:
        config = self.check_config(config)
        players = tuple(config["players"])
        seats = tuple(config["seats"])
        numbers = dict(config["numbers"])
        nums = tuple([numbers[s] for s in seats])
        if "variant" in config:
            rules = self.rule_values(config)
            limits = (rules["rounds"], rules["income"], rules["streak"])
        else:  # the spec's constants (§2)
            limits = (ROUNDS, INCOME, STREAK_TARGET)
        return SeatState(
            config=config,
            players=players,
            index={p: i for i, p in enumerate(players)},
            numbers=numbers,
            seats=seats,
            round=1,
            money=dict.fromkeys(players, limits[1]),  # §8 decision 14: $100 before round 1
            garnets=dict(config["garnets"]),
            garnets_spent=dict.fromkeys(players, 0),
            history=(),
            bids=(),
            longest=longest_streak(nums),
            phase="trade",
            end=None,
            holders=holders_of(numbers),
            seat_numbers=nums,
            limits=limits,
        )

    # ------------------------------------------------------------ views §5, result §7

    def view(self, state: SeatState, player: str | None) -> View:
        return views.view(state, player)

    def result(self, state: SeatState) -> JSONObject | None:
        return views.result(state)

    def render_event(self, event: Event) -> str:
        return render_event(event)
