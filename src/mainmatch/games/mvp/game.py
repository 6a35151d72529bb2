"""The MVP as a pure state machine: its config, its first state and which
phase asks which step unit (steps.py).

Modules: ``pattern`` (the covering pattern and exposure), ``card_rule``
(flags, claims, controllers), ``scoring`` (sets and runs), ``outcome``
(winners, tokens, EC candidates, ranking), ``validate`` (§3.1 in order),
``resolve`` (a round, §4.1), ``steps`` (the step units), ``views`` (§5),
``random_play`` (§3.3), ``render`` (Discord Markdown).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Config, Event, Game, JSONObject, View
from mainmatch.engine.result import nonzero
from mainmatch.engine.variants import check_variant

from .card_rule import TEAMS
from .cards import CARDS
from .final import copy_final
from .models import (
    PLAYERS,
    VARIANT_KEYS,
    MvpConfig,
    MvpConfigError,
    check_config_dict,
)
from .outcome import ranking
from .pattern import FULL, LETTERS, exposure
from .render import render_event
from .state import OVER, ROUND, MvpState
from .steps import PHASES
from .types import MvpResult, MvpView
from .views import public_view, you

#: ids that suggest no team: the teams are a random split unless the host gives them
#: (mvp spec §2.1), so ``r1..g3`` (the spec's worked examples, §9) would mislead
DEFAULT_PLAYERS = ("ada", "bo", "cy", "dot", "eli", "fin")
#: the ids of the spec's worked examples (mvp spec §9), where the teams are given
EXAMPLE_PLAYERS = ("r1", "r2", "r3", "g1", "g2", "g3")
#: the keys of ``result.details``, each the same key of ``final`` (§7.4)
DETAIL_KEYS = (
    "end_reason",
    "rounds_played",
    "team_scores",
    "individual_scores",
    "winning_team",
    "winners",
    "controllers",
    "card_points",
    "combinations",
    "ec_candidates",
    "voters",
    "ec_votes",
)


class Mvp(Game[MvpState]):
    id = "mvp"
    title = "The MVP"
    pitch = "Two teams of three outbid each other for cards in a hexagon; only the winning team's MVP takes the Token of Life."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = MvpConfig
    # the state machine: which phase asks which step unit (steps.py); the
    # step descriptions and action models are read off the units
    phases = PHASES
    view_type = MvpView  # the declared views and result (types.py)
    result_type = MvpResult
    random_reads_secrets = True  # random_action reads secrets (decision S6)
    host_inputs = ("teams", "garnets", "gamewide_tiebreak", "layout", "variant")
    variant_keys = VARIANT_KEYS
    # the seed: "Each round lasts for approximately 24 hours" (the first 48, host scheduling, D26);
    # it sets no time for the EC vote
    # the seed: "Each round lasts for approximately 24 hours ... The deadline of
    # every round is at 3pm UTC"
    step_minutes: ClassVar[dict[str, int | None]] = {"round": 24 * 60, "choose_ec": 24 * 60}
    step_daily_at: ClassVar[dict[str, str]] = {"round": "15:00"}

    # ------------------------------------------------------------ config §2.1

    def new_config(
        self,
        players: list[str],
        seed: int,
        teams: object = None,
        garnets: object = None,
        gamewide_tiebreak: object = None,
        layout: object = None,
        variant: object = None,
        **options: Any,
    ) -> Config:
        if options:
            raise MvpConfigError(
                f"unknown option {min(options)!r}; mvp takes {', '.join(self.host_inputs)}"
            )
        players = list(players)
        if not all(isinstance(p, str) for p in players):
            raise MvpConfigError("config.players: player ids must be strings")
        rng = random.Random(seed)
        # both draws always happen, so a given layout does not change the drawn teams and vice versa
        cards = list(CARDS)
        rng.shuffle(cards)
        order = list(players)
        rng.shuffle(order)
        red = set(order[: len(order) // 2])
        drawn_teams = {
            "red": [p for p in players if p in red],
            "green": [p for p in players if p not in red],
        }
        if garnets is not None and not isinstance(garnets, dict):
            raise MvpConfigError("config.garnets: must be an object {player: garnets}")
        given = dict(garnets or {})
        filled = {p: given.pop(p, 0) for p in players}  # convention 1: 0 for a player not named
        if given:
            raise MvpConfigError(
                f"config.garnets: {min(given, key=str)!r} is not a player in this match"
            )
        config = {
            "players": players,
            "teams": _copied(teams) if teams is not None else drawn_teams,
            "layout": _copied(layout) if layout is not None else dict(zip(LETTERS, cards)),
            "garnets": filled,
            "gamewide_tiebreak": _copied(gamewide_tiebreak)
            if gamewide_tiebreak is not None
            else list(players),
        }
        variant = check_variant(self, variant) if variant is not None else {}
        if variant:  # official configs carry no variant field
            config["variant"] = variant
        return self.check_config(config)

    def check_config(self, config: object) -> Config:
        return check_config_dict(config)

    def random_config(
        self, players: list[str], rng: random.Random, variant: dict[str, int] | None = None
    ) -> Config:
        # vary the host inputs so that random records reach purchases (§3.3) and other vote tiebreaks
        tiebreak = list(players)
        if rng.random() < 0.5:
            rng.shuffle(tiebreak)
        garnets = (
            {p: rng.choice((0, 0, 1, 2, 3, 5, 10)) for p in players} if rng.random() < 0.5 else None
        )
        return self.new_config(
            list(players),
            rng.randrange(2**32),
            gamewide_tiebreak=tiebreak,
            garnets=garnets,
            variant=variant,
        )

    # ------------------------------------------------------------ state

    def initial_state(self, config: Config) -> MvpState:
        config = self.check_config(config)
        players = tuple(config["players"])
        teams_given = config["teams"]
        team_of = {p: t for t in TEAMS for p in teams_given[t]}
        # built with C-level zips: a replay or an outside harness builds one per match
        layout = dict(zip(LETTERS, map(config["layout"].__getitem__, LETTERS)))
        return MvpState(
            config=config,
            players=players,
            index=dict(zip(players, range(len(players)))),
            team_of=team_of,
            teams={t: [p for p in players if team_of[p] == t] for t in TEAMS},
            layout=layout,
            where=dict(zip(layout.values(), layout)),
            phase=ROUND,
            round=1,
            rounds_played=0,
            remaining=FULL,
            exposure=exposure(FULL),
            flags={},
            claims={},
            chips=dict.fromkeys(players, self.rule_values(config)["chips"]),  # §2.4
            bids={p: {} for p in players},
            garnets=dict(config["garnets"]),
            garnets_spent=dict.fromkeys(players, 0),
            known={p: {} for p in players},
            final=None,
        )

    # ------------------------------------------------------------ views §5

    def view(self, state: MvpState, player: str | None) -> View:
        out = public_view(state)
        if player is not None:
            if not isinstance(player, str) or player not in state.index:
                raise IllegalAction(f"{player!r} is not a player in this match")
            out["you"] = you(state, player)
        return out

    #: the last state whose public view a player's shared view showed, and that view
    _shown: tuple[object, View] = (None, {})

    def shared_view(self, state: MvpState, player: str | None) -> View:
        """:meth:`view` for readers that only read it (docs/decisions/performance.md
        PE14): the public part is built once per state and shown by every player's
        view of that state (the six bots of a round read it; issue 35), each view
        a new top-level dict with its own ``you`` (mvp spec §5.2)."""
        if player is None:
            return public_view(state)
        if not isinstance(player, str) or player not in state.index:
            raise IllegalAction(f"{player!r} is not a player in this match")
        shown = self._shown  # one read: another thread may replace it
        if shown[0] is not state:
            shown = self._shown = (state, public_view(state))  # holding the state keeps its id
        out = shown[1].copy()
        out["you"] = you(state, player)
        return out

    # ------------------------------------------------------------ result §7.4

    def result(self, state: MvpState) -> JSONObject | None:
        if state.phase != OVER:
            return None
        final = copy_final(state.ended)  # a fresh copy, as the public view's
        fields: Mapping[str, object] = final
        players = list(state.players)
        return {
            "ranking": ranking(
                players,
                state.team_of,
                final["winning_team"],
                final["individual_scores"],
                final["elimination_candidate"],
            ),
            "tokens_of_life": final["tokens_of_life"],
            "garnets": final["garnets"],
            "garnets_spent": nonzero(state.garnets_spent, players),
            "elimination_candidate": final["elimination_candidate"],
            "void_tokens_of_life": final["void_tokens_of_life"],
            "details": {k: fields[k] for k in DETAIL_KEYS},
        }

    def render_event(self, event: Event) -> str:
        return render_event(event)


def _copied(value: object) -> object:
    """A host input copied one level down, so the config shares no list with the caller;
    anything else is passed on for ``check_config`` to judge."""
    if isinstance(value, dict):
        return {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return list(value)
    return value
