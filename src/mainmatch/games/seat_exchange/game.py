"""Kong's Seat Exchange as a pure state machine (``src/mainmatch/games/seat_exchange/spec.md``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from mainmatch.engine import ec as ec_rules
from mainmatch.engine.errors import IllegalAction, InvalidConfig
from mainmatch.engine.game import Game
from mainmatch.engine.variants import check_variant

from . import random_play, resolve, views
from .models import (
    INCOME,
    PLAYERS,
    ROUNDS,
    STREAK_TARGET,
    VARIANT_KEYS,
    SeatExchangeConfig,
    TradesAction,
    plainly_valid,
)
from .render import render_event
from .state import DEFAULT_PLAYERS, SeatState, holders_of
from .steps import STEPS
from .streaks import longest_streak
from .types import REQUESTS, SeatExchangeResult, SeatExchangeView
from .validate import check_trades


class SeatExchange(Game[SeatState]):
    id = "seat_exchange"
    title = "Kong's Seat Exchange"
    pitch = "13 players in a circle pay in secret to swap seats until six numbers run in a row."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = SeatExchangeConfig
    action_models: ClassVar[dict[str, type[BaseModel]]] = {
        "trades": TradesAction,
        "choose_ec": ec_rules.ChooseEcAction,
    }
    steps = STEPS
    view_type = SeatExchangeView  # the declared views and result (types.py)
    result_type = SeatExchangeResult
    request_types = REQUESTS
    random_reads_secrets = True  # the streak builder reads the numbers (decision S5)
    host_inputs = ("gamewide_tiebreak", "garnets", "variant")
    variant_keys = VARIANT_KEYS
    # a view's history is shared with later views (views.py, decision PE16)
    fresh_views = False
    # the seed: "Every round ... " over a day each (an ORG's daily rhythm)
    step_minutes: ClassVar[dict[str, int | None]] = {"trades": 24 * 60, "choose_ec": 24 * 60}

    # ------------------------------------------------------------ config §2

    def new_config(
        self, players, seed, gamewide_tiebreak=None, garnets=None, variant=None, **options: Any
    ) -> dict:
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

    def check_config(self, config: Any) -> dict:
        if plainly_valid(config):  # the common case, without building the model
            return config
        return super().check_config(config)

    def random_config(self, players, rng: random.Random, variant=None) -> dict:
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

    def initial_state(self, config: dict) -> SeatState:
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

    def pending_players(self, state: SeatState) -> Sequence[str]:
        if state.phase == "trade":  # §3.1: everyone, in listing order
            return state.players
        if state.phase == "choose_ec":
            return state.ended["choosers"]
        return ()

    def requests(self, state: SeatState) -> dict[str, dict]:
        if state.phase == "trade":
            plist = list(state.players)
            out = {
                p: {
                    "kind": "trades",
                    "round": state.round,
                    "money": state.money[p],
                    "garnets": state.garnets[p],
                    "players": plist,
                }
                for p in state.players
            }
        elif state.phase == "choose_ec":
            out = {
                p: ec_rules.choose_ec_request(state.ended["ec_candidates"])
                for p in state.ended["choosers"]
            }
        else:
            out = {}
        return out

    def validate(self, state: SeatState, player: str, action: Any) -> None:
        if state.phase == "trade" and player in state.index:  # §3.1: all 13 are pending
            check_trades(
                action, state.index, state.players, state.money[player], state.garnets[player]
            )
            return
        if state.phase == "over":
            raise IllegalAction("the match is over")
        if player not in self.pending(state):
            raise IllegalAction(
                f"{player} has nothing to do now"
                if player in state.index
                else f"{player!r} is not a player in this match"
            )
        ec_rules.validate_ec_action(action, state.ended["ec_candidates"])

    def default_action(self, state: SeatState, player: str, rng: random.Random) -> dict:
        if state.phase == "choose_ec":
            return ec_rules.default_ec_action(
                state.ended["ec_candidates"], state.config["gamewide_tiebreak"]
            )
        return {"garnets": 0, "trades": []}  # §3.1: save everything

    # ------------------------------------------------------------ random play

    def random_action(self, state: SeatState, player: str, rng: random.Random) -> dict:
        return random_play.random_action(state, player, rng)

    # ------------------------------------------------------------ apply §4

    def apply(self, state: SeatState, actions: dict[str, dict]) -> tuple[SeatState, list[dict]]:
        if state.phase == "trade":
            return resolve.apply_trades(state, actions)
        if state.phase == "choose_ec":
            return resolve.apply_choose_ec(state, actions)
        raise IllegalAction("the match is over")

    def next_state(self, state: SeatState, actions: dict[str, dict]) -> SeatState:
        # apply's state without its events (replay, the simulator)
        if state.phase == "trade":
            return resolve.apply_trades(state, actions, events=False)[0]
        if state.phase == "choose_ec":
            return resolve.apply_choose_ec(state, actions, events=False)[0]
        raise IllegalAction("the match is over")

    def checked_next_state(self, state: SeatState, actions: dict[str, dict]) -> SeatState | None:
        # a round's trades checked while they are applied: one pass, not two
        return resolve.checked_trades(state, actions) if state.phase == "trade" else None

    # ------------------------------------------------------------ views §5, result §7

    def view(self, state: SeatState, player: str | None) -> dict:
        return views.view(state, player)

    def result(self, state: SeatState) -> dict | None:
        return views.result(state)

    def render_event(self, event: dict) -> str:
        return render_event(event)
