"""The Amalgamation as a pure state machine (``src/mainmatch/games/amalgamation/spec.md``).

Seven simultaneous ``round`` steps, each resolving the four sub-games from
one action per player, then an optional ``choose_ec`` vote. The sub-games
live in ``kong``, ``minus``, ``invest`` and ``thief``; every money rule in
``budget``; final scoring in ``scoring``; views in ``views``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from pydantic import BaseModel

from mainmatch.engine import ec as ec_rules
from mainmatch.engine.errors import IllegalAction, InvalidConfig
from mainmatch.engine.events import public
from mainmatch.engine.game import Game
from mainmatch.engine.variants import check_variant

from . import budget, invest, kong, minus, scoring, thief, views
from .constants import PLAYERS, ROLES, SPEND_PARTS, START_BALANCE, TILES_PER_ROUND
from .models import VARIANT_KEYS, AmalgamationConfig, RoundAction, plainly_valid
from .random_play import random_round_action, random_vote
from .render import render_event
from .rounds import apply_round
from .setup import HOST_INPUTS, build_config, make_setup
from .state import AmalgamationState
from .steps import STEPS
from .types import REQUESTS, AmalgamationResult, AmalgamationView
from .validate import check_choose_ec, check_round, plainly_legal

DEFAULT_PLAYERS = ("a", "b", "c", "d", "e", "f")


def default_round_action(rng: random.Random) -> dict:
    """§3.1 lack of submission: $0 everywhere, 0 on every tile, a random role."""
    return {
        "buy_garnets": 0,
        "kong": {"contribute": 0},
        "minus": {"bids": [0] * TILES_PER_ROUND},
        "invest": {"invest": 0, "donate": 0},
        "thief": {"bet": 0, "role": rng.choice(ROLES)},
    }


class Amalgamation(Game[AmalgamationState]):
    id = "amalgamation"
    title = "The Amalgamation"
    pitch = "6 players, 7 rounds, one $400 budget spread over four Main Matches played at once."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = AmalgamationConfig
    action_models: ClassVar[dict[str, type[BaseModel]]] = {
        "round": RoundAction,
        "choose_ec": ec_rules.ChooseEcAction,
    }
    steps = STEPS
    view_type = AmalgamationView  # the declared views and result (types.py)
    result_type = AmalgamationResult
    request_types = REQUESTS
    random_reads_secrets = True  # random_action reads secrets (decision S6)
    host_inputs = (*HOST_INPUTS, "variant")
    variant_keys = VARIANT_KEYS
    # a view's round entries are shared with later views (views.py, decision PE16)
    fresh_views = False
    # the seed sets no time for a round or the EC vote (decisions file, D3)
    # an ORG Main Match plays a round a day (decision D3)
    step_minutes: ClassVar[dict[str, int | None]] = {"round": 24 * 60, "choose_ec": 24 * 60}

    # ------------------------------------------------------------ config §2

    def new_config(self, players, seed, **options: Any) -> dict:
        variant = options.pop("variant", None)
        variant = check_variant(self, variant) if variant is not None else {}
        config = build_config(players, seed, options)
        if variant:  # official configs carry no variant field
            config["variant"] = variant
        return self.check_config(config)

    def check_config(self, config: Any) -> dict:
        if plainly_valid(config):  # the common case, without building the model (PA4)
            return config
        if not isinstance(config, dict):
            raise InvalidConfig("config must be a JSON object")
        return super().check_config(config)

    def random_config(self, players, rng: random.Random, variant=None) -> dict:
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

    def initial_state(self, config: dict) -> AmalgamationState:
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

    def requests(self, state: AmalgamationState) -> dict[str, dict]:
        if state.phase == "round":
            rate = state.setup.rate
            tiles = state.setup.tiles[state.round - 1]
            out = {
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
        elif state.phase == "choose_ec":
            out = {
                p: ec_rules.choose_ec_request(state.ended["ec_candidates"])
                for p in state.ended["ec_choosers"]
            }
        else:
            out = {}
        return out

    def pending_players(self, state: AmalgamationState) -> Sequence[str]:
        # as requests lists them: every player in a round, the winners in the EC vote
        if state.phase == "round":
            return state.setup.players
        if state.phase == "choose_ec":
            return state.ended["ec_choosers"]
        return ()

    def validate(self, state: AmalgamationState, player: str, action: Any) -> None:
        if state.phase == "round":
            # the common case, in one pass (check_round's own shortcut); a
            # player's balance is there iff ``player`` is a player (an exact str)
            balance = state.balances.get(player) if type(player) is str else None
            if balance is not None and plainly_legal(
                action, balance, state.garnets_held[player], state.setup.rate
            ):
                return
        if state.phase == "over":
            raise IllegalAction("the match is over")
        if not isinstance(player, str) or player not in state.setup.index:
            raise IllegalAction(f"{player!r} is not a player in this match")
        if state.phase == "round":
            check_round(
                action,
                state.setup.tiles[state.round - 1],
                state.balances[player],
                state.garnets_held[player],
                state.setup.rate,
            )
        else:
            if player not in state.ended["ec_choosers"]:
                raise IllegalAction(
                    f"{player} is not a winner; only {', '.join(state.ended['ec_choosers'])} choose the EC"
                )
            check_choose_ec(action, state.ended["ec_candidates"])

    def default_action(self, state: AmalgamationState, player: str, rng: random.Random) -> dict:
        if state.phase == "choose_ec":
            return ec_rules.default_ec_action(
                state.ended["ec_candidates"], list(state.setup.tiebreak)
            )
        return default_round_action(rng)

    def complete_action(
        self, state: AmalgamationState, player: str, sent: Any, rng: random.Random
    ) -> tuple[Any, bool]:
        """The host's merge of a partial submission (§3.1): each missing top-level
        key gets its default (a random role for a missing ``thief``); sent
        sub-objects are kept exactly as sent. Returns ``(action, defaulted)``;
        an action with all four sub-objects comes back unchanged, not defaulted.
        Validate the result as usual (a half-filled sub-object stays illegal).
        """
        if state.phase != "round" or not isinstance(sent, dict):
            return sent, False
        if all(k in sent for k in ("kong", "minus", "invest", "thief")):
            return sent, False
        full: dict = {
            "buy_garnets": 0,
            "kong": {"contribute": 0},
            "minus": {"bids": [0] * TILES_PER_ROUND},
            "invest": {"invest": 0, "donate": 0},
        }
        # the role is drawn only when the thief sub-object is missing
        full["thief"] = sent["thief"] if "thief" in sent else {"bet": 0, "role": rng.choice(ROLES)}
        full.update(sent)
        return full, True

    # ------------------------------------------------------------ random play §3.3

    def random_action(self, state: AmalgamationState, player: str, rng: random.Random) -> dict:
        if state.phase == "choose_ec":
            return random_vote(state.ended["ec_candidates"], rng)
        if state.phase != "round":
            raise IllegalAction("the match is over")
        return random_round_action(state, player, rng)

    # ------------------------------------------------------------ apply §4

    def apply(
        self, state: AmalgamationState, actions: dict[str, dict]
    ) -> tuple[AmalgamationState, list[dict]]:
        if (
            state.phase == "round"
            and type(actions) is dict
            and actions.keys() == state.setup.everyone
        ):
            new, events = apply_round(state, actions, True)  # every player acts, as usual
            assert events is not None  # built when asked for
            return new, events
        pending = self.pending_players(state)  # who, without building the requests
        if not pending:
            raise IllegalAction("the match is over")
        if set(actions) != set(pending):
            missing = [p for p in pending if p not in actions]
            extra = [p for p in actions if p not in pending]
            raise IllegalAction(
                f"a step needs exactly the pending players' actions (missing {missing}, not pending {extra})"
            )
        return self.apply_validated(state, actions)

    def apply_validated(
        self, state: AmalgamationState, actions: dict[str, dict]
    ) -> tuple[AmalgamationState, list[dict]]:
        # the driver has checked the players (the engine spec: apply gets a checked step)
        if state.phase == "round":
            new, events = apply_round(state, actions, True)
            assert events is not None  # built when asked for
            return new, events
        return self._apply_choose_ec(state, actions)

    def next_state(self, state: AmalgamationState, actions: dict[str, dict]) -> AmalgamationState:
        if state.phase == "round":
            return apply_round(state, actions, False)[0]
        return self._apply_choose_ec(state, actions)[0]

    def _apply_choose_ec(
        self, state: AmalgamationState, actions: dict[str, dict]
    ) -> tuple[AmalgamationState, list[dict]]:
        """§4.3: plurality of the winners' votes; tied votes go to the tied
        candidate last in the gamewide tiebreak (engine spec convention 4)."""
        final = state.ended
        votes = {p: actions[p]["ec"] for p in final["ec_choosers"]}
        ec = ec_rules.tally_ec(votes, final["ec_candidates"], list(state.setup.tiebreak))
        new_final = {**final, "ec_votes": votes, "elimination_candidate": ec}
        events = [public("elimination_candidate", votes=dict(votes), elimination_candidate=ec)]
        return replace(state, phase="over", final=new_final), events

    # ------------------------------------------------------------ views §5

    def view(self, state: AmalgamationState, player: str | None) -> dict:
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

    def end_label(self, config: dict, result: dict) -> str | None:
        """The result names no end (amalgamation spec §7): the match ends after
        the last round either with one player alone on the fewest points
        (``fewest_points``) or with a tie there that the winners' vote settles
        (``ec_vote``, §3.2)."""
        details = result.get("details") or {}
        return "ec_vote" if details.get("ec_votes") is not None else "fewest_points"

    def result(self, state: AmalgamationState) -> dict | None:
        if state.phase != "over":
            return None
        final = state.ended
        players = state.setup.players
        ec = final["elimination_candidate"]
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

    def render_event(self, event: dict) -> str:
        return render_event(event)
