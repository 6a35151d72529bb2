"""The Amalgamation as a pure state machine: its config, its first state and
which phase asks which step unit (steps.py).

Seven simultaneous ``round`` steps, each resolving the four sub-games from
one action per player, then an optional ``choose_ec`` vote. The sub-games
live in ``kong``, ``minus``, ``invest`` and ``thief``; every money rule in
``budget``; final scoring in ``scoring``; views in ``views``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from mainmatch.engine.errors import IllegalAction, InvalidConfig
from mainmatch.engine.game import Config, Event, Game, JSONObject, View
from mainmatch.engine.variants import check_variant

from . import invest, kong, minus, scoring, thief, views
from .constants import PLAYERS, SPEND_PARTS, START_BALANCE
from .models import VARIANT_KEYS, AmalgamationConfig, plainly_valid
from .render import render_event
from .setup import HOST_INPUTS, build_config, make_setup
from .state import AmalgamationState
from .steps import PHASES
from .types import AmalgamationResult, AmalgamationView

DEFAULT_PLAYERS = ("a", "b", "c", "d", "e", "f")


class Amalgamation(Game[AmalgamationState]):
    id = "amalgamation"
    title = "The Amalgamation"
    pitch = "6 players, 7 rounds, one $400 budget spread over four Main Matches played at once."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = AmalgamationConfig
    # the state machine: which phase asks which step unit (steps.py); the
    # step descriptions and action models are read off the units
    phases = PHASES
    view_type = AmalgamationView  # the declared views and result (types.py)
    result_type = AmalgamationResult
    random_reads_secrets = True  # random_action reads secrets (decision S6)
    host_inputs = (*HOST_INPUTS, "variant")
    variant_keys = VARIANT_KEYS
    # a view's round entries are shared with later views (views.py, decision PE16)
    fresh_views = False
    # the seed sets no time for a round or the EC vote (decisions file, D3)
    # an ORG Main Match plays a round a day (decision D3)
    step_minutes: ClassVar[dict[str, int | None]] = {"round": 24 * 60, "choose_ec": 24 * 60}

    # ------------------------------------------------------------ config §2

    def new_config(self, players: list[str], seed: int, **options: Any) -> Config:
        variant = options.pop("variant", None)
        variant = check_variant(self, variant) if variant is not None else {}
        config = build_config(players, seed, options)
        if variant:  # official configs carry no variant field
            config["variant"] = variant
        return self.check_config(config)

    def check_config(self, config: object) -> Config:
        if plainly_valid(config):  # the common case, without building the model (PA4)
            return config
        if not isinstance(config, dict):
            raise InvalidConfig("config must be a JSON object")
        return super().check_config(config)

    def random_config(
        self, players: list[str], rng: random.Random, variant: dict[str, int] | None = None
    ) -> Config:
        # vary the host inputs so random records reach garnet purchases and other tiebreaks
        order = list(players)
        tiebreak = None
        if rng.random() < 0.5:
            tiebreak = list(order)
            rng.shuffle(tiebreak)
        garnets = None
        if rng.random() < 0.4:
            garnets = {p: rng.choice((0, 0, 1, 2, 3, 6)) for p in order}
        return self.new_config(
            order,
            rng.randrange(2**32),
            gamewide_tiebreak=tiebreak,
            garnets=garnets,
            variant=variant,
        )

    # ------------------------------------------------------------ state

    def initial_state(self, config: Config) -> AmalgamationState:
        config = self.check_config(config)
        setup = make_setup(config)
        players = setup.players
        return AmalgamationState(
            setup=setup,
            phase="round",
            round=1,
            rounds_played=0,
            # §1 (a variant may change the budget)
            balances=dict.fromkeys(
                players,
                self.rule_values(config)["budget"] if "variant" in config else START_BALANCE,
            ),
            garnets_held=dict(config["garnets"]),
            garnets_spent=dict.fromkeys(players, 0),
            kong=kong.initial(players),
            minus=minus.initial(players, config["minus_initial_order"]),
            invest=invest.initial(players),
            thief=thief.initial(players),
            spent=dict.fromkeys(players, (0,) * len(SPEND_PARTS)),
            you_rounds=dict.fromkeys(players, ()),
            final=None,
        )

    # ------------------------------------------------------------ views §5

    def view(self, state: AmalgamationState, player: str | None) -> View:
        out = views.public_view(self.id, state)
        variant = state.setup.config.get("variant")
        if variant:  # only a variant's views name it: official views stay as §5 lists them
            out["variant"] = dict(variant)
        if player is not None:
            if not isinstance(player, str) or player not in state.setup.index:
                raise IllegalAction(f"{player!r} is not a player in this match")
            out["you"] = views.you(state, player)
        return out

    # ------------------------------------------------------------ result §7

    def end_label(self, config: Config, result: JSONObject) -> str | None:
        """The result names no end (amalgamation spec §7): the match ends after
        the last round either with one player alone on the fewest points
        (``fewest_points``) or with a tie there that the winners' vote settles
        (``ec_vote``, §3.2)."""
        details = result.get("details") or {}
        return "ec_vote" if details.get("ec_votes") is not None else "fewest_points"

    def result(self, state: AmalgamationState) -> JSONObject | None:
        if state.phase != "over":
            return None
        final = state.ended
        players = state.setup.players
        ec = final["elimination_candidate"]
        assert ec is not None  # decided once the match is over (§4.3)
        return {
            "ranking": scoring.overall_ranking(final["points"], players, ec),
            "tokens_of_life": dict(final["tokens_of_life"]),
            "garnets": dict(final["garnets"]),
            "garnets_spent": dict(final["garnets_spent"]),
            "elimination_candidate": ec,
            "void_tokens_of_life": final["void_tokens_of_life"],
            "details": {
                "points": dict(final["points"]),
                "rankings": {k: list(v) for k, v in final["rankings"].items()},
                "kong_winner": final["kong_winner"],
                "kong_points": dict(state.kong.points),
                "minus_scores": dict(final["minus_scores"]),
                "top_investor_tokens": dict(state.invest.top_investor),
                "miser_tokens": dict(state.invest.miser),
                "thief_points": dict(final["thief_points"]),
                "winners": list(final["winners"]),
                "ec_candidates": list(final["ec_candidates"]),
                "ec_votes": None if final["ec_votes"] is None else dict(final["ec_votes"]),
                "garnet_rate": state.setup.rate,
            },
        }

    def render_event(self, event: Event) -> str:
        return render_event(event)
