"""The Sealed Bid as a pure state machine (rules.md), on the engine contract only."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from mainmatch.engine import ec as ec_rules
from mainmatch.engine.errors import IllegalAction, InvalidConfig
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
    BidAction,
    SealedBidConfig,
)
from .render import render_event
from .rules import SealedState, check_bid, resolve_round, resolve_vote
from .steps import STEPS
from .types import REQUESTS, SealedBidResult, SealedBidView


class SealedBid(Game[SealedState]):
    id = "sealed_bid"
    title = "The Sealed Bid"
    pitch = "3 to 5 players bid chips in secret on three public prizes; every bid is paid."
    player_range = (MIN_PLAYERS, MAX_PLAYERS)
    view_type = SealedBidView  # the declared views and result (types.py)
    result_type = SealedBidResult
    request_types = REQUESTS
    player_count = MAX_PLAYERS  # the default table (default_players)
    default_players = ("ana", "ben", "cy", "dee", "eli")
    config_model = SealedBidConfig
    action_models: ClassVar[dict[str, type[BaseModel]]] = {
        "bid": BidAction,
        "choose_ec": ec_rules.ChooseEcAction,
    }
    steps = STEPS
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
        if variant:  # official configs carry no variant field (engine spec convention 7)
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

    def pending_players(self, state: SealedState) -> Sequence[str]:
        if state.phase == "bid":  # §2: everyone at once
            return state.players
        if state.phase == "choose_ec" and state.end is not None:
            return state.end["winners"]
        return ()

    def requests(self, state: SealedState) -> dict[str, dict]:
        if state.phase == "bid":
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
        if state.phase == "choose_ec" and state.end is not None:
            candidates = state.end["ec_candidates"]
            return {p: ec_rules.choose_ec_request(candidates) for p in state.end["winners"]}
        return {}

    def validate(self, state: SealedState, player: str, action: Any) -> None:
        if state.phase == "over":
            raise IllegalAction("the match is over")
        if player not in self.pending(state):
            raise IllegalAction(
                f"{player} has nothing to do now"
                if player in state.points
                else f"{player!r} is not a player in this match"
            )
        if state.phase == "bid":
            check_bid(action, state.chips[player], state.garnets[player])
        elif state.end is not None:
            ec_rules.validate_ec_action(action, state.end["ec_candidates"])

    def default_action(self, state: SealedState, player: str, rng: random.Random) -> dict:
        if state.phase == "choose_ec" and state.end is not None:
            return ec_rules.default_ec_action(
                state.end["ec_candidates"], state.config["gamewide_tiebreak"]
            )
        return {"bid": 0, "garnets": 0}  # §2: no submission bids 0

    def random_action(self, state: SealedState, player: str, rng: random.Random) -> dict:
        """Passes in both spellings, all-ins, small tie-prone bids, garnets turned
        in (engine spec convention 6); reads only the player's own chips and garnets."""
        if state.phase == "choose_ec" and state.end is not None:
            return {"ec": rng.choice(state.end["ec_candidates"])}
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

    # ------------------------------------------------------------ apply §2, §3

    def apply(self, state: SealedState, actions: dict[str, dict]) -> tuple[SealedState, list[dict]]:
        if state.phase == "bid":
            return resolve_round(state, actions)
        if state.phase == "choose_ec":
            return resolve_vote(state, actions)
        raise IllegalAction("the match is over")

    # ------------------------------------------------------------ views, result §4, §3

    def view(self, state: SealedState, player: str | None) -> dict:
        return views.view(state, player)

    def result(self, state: SealedState) -> dict | None:
        return views.result(state)

    def render_event(self, event: dict) -> str:
        return render_event(event)
