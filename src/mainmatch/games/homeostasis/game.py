"""Homeostasis as a pure state machine (``src/mainmatch/games/homeostasis/spec.md``).

The rules live in the modules beside this one: ``cards`` (the deck, saving
cost), ``expression`` (the evaluator), ``bands`` (the end), ``config``,
``validate``, ``flow`` (resolution and automatic transitions), ``views``
(requests and views), ``random_play`` and ``render``. This class wires them
into the engine contract.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import BaseModel

from mainmatch.engine.checks import present
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Game
from mainmatch.engine.result import nonzero

from . import flow, random_play, views
from . import state as S
from . import validate as V
from .bands import edges_fault, ranking, settle
from .config import OPTIONS, VARIANT_KEYS, check_config, make_config
from .models import ACTION_MODELS, PLAYERS, HomeostasisConfig
from .quick import plainly_legal, quick_step
from .render import render_event
from .state import HomeostasisState
from .steps import STEPS
from .types import REQUESTS, HomeostasisResult, HomeostasisView
from .work import QuietWork, Work

DEFAULT_PLAYERS = ("a", "b", "c", "d", "e")  # the spec's examples (§9)


class Homeostasis(Game[HomeostasisState]):
    id = "homeostasis"
    title = "Homeostasis"
    pitch = "Two teams and a loner bid cards into a sum over three rounds: high, low, or near zero."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = HomeostasisConfig
    action_models: ClassVar[dict[str, type[BaseModel]]] = ACTION_MODELS
    steps = STEPS
    view_type = HomeostasisView  # the declared views and result (types.py)
    result_type = HomeostasisResult
    request_types = REQUESTS
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

    def new_config(self, players, seed, **options: Any) -> dict:
        return make_config(players, seed, options)

    def variant_combination_fault(self, values: dict[str, int]) -> str | None:
        return edges_fault(values)

    def check_config(self, config: Any) -> dict:
        return check_config(config)

    def random_config(self, players, rng: random.Random, variant=None) -> dict:
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

    def initial_state(self, config: dict) -> HomeostasisState:
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

    def requests(self, state: HomeostasisState) -> dict[str, dict]:
        return views.pending(state)

    # ------------------------------------------------------------ validate §3

    def pending_players(self, state: HomeostasisState) -> list[str]:
        return views.pending_players(state)

    #: the last ``(state, player, action)`` that ``validate`` found plainly
    #: legal: ``apply`` of that very action at that very state need not check
    #: it again (the engine spec: ``apply`` takes validated actions; decision PE17)
    _plain: tuple[HomeostasisState, str, Any] | None = None

    def validate(self, state: HomeostasisState, player: str, action: Any) -> None:
        if plainly_legal(state, player, action):
            self._plain = (state, player, action)
            return  # the commonest legal actions, without building the request
        check_action(state, player, action)

    def default_action(self, state: HomeostasisState, player: str, rng: random.Random) -> dict:
        return random_play.default_action(state, player, rng)

    def random_action(self, state: HomeostasisState, player: str, rng: random.Random) -> dict:
        return random_play.random_action(state, player, rng)

    # ------------------------------------------------------------ apply §4

    def apply(
        self, state: HomeostasisState, actions: dict[str, dict]
    ) -> tuple[HomeostasisState, list[dict]]:
        """§4: validate every pending action, resolve the step, then run the
        automatic transitions up to the next step with pending players."""
        if len(actions) == 1:
            ((p, action),) = actions.items()
            # a plain bid, pass or draft choice of the one pending player
            plain = self._plain  # one read: another thread may replace it
            if (
                plain is not None and plain[0] is state and plain[2] is action and plain[1] == p
            ) or plainly_legal(state, p, action):
                events: list[dict] = []
                out = quick_step(state, actions, events)
                if out is not None:
                    return out, events
        requests = views.pending(state)
        if not requests:
            raise IllegalAction("the match is over; nobody is expected to act")
        for p, action in actions.items():
            if p not in requests:
                self.validate(state, p, action)  # raises: not expected to act now
        for p in requests:
            if p not in actions:
                raise IllegalAction(f"{p} has not acted; every pending player needs an action")
            self.validate(state, p, actions[p])
        return self.apply_validated(state, actions)

    def apply_validated(
        self, state: HomeostasisState, actions: dict[str, dict]
    ) -> tuple[HomeostasisState, list[dict]]:
        """``apply`` without its checks, for a step already checked (the engine spec:
        the driver validates every action before applying a step)."""
        events: list[dict] = []
        out = quick_step(state, actions, events)
        if out is not None:
            return out, events
        w = Work(state)
        _resolve(w, actions)
        return w.freeze(), w.events

    def next_state(self, state: HomeostasisState, actions: dict[str, dict]) -> HomeostasisState:
        """``apply_validated``'s state, without building the step's events."""
        out = quick_step(state, actions, None)
        if out is not None:
            return out
        w = QuietWork(state)
        _resolve(w, actions)
        return w.freeze()

    # ------------------------------------------------------------ views §5

    def view(self, state: HomeostasisState, player: str | None) -> dict:
        out = views.public_view(state, self.id)
        if player is not None:
            out["you"] = views.you(state, player)
        return out

    def shared_view(self, state: HomeostasisState, player: str | None) -> dict:
        out = views.public_view(state, self.id, shared=True)
        if player is not None:
            out["you"] = views.you(state, player)
        return out

    # ------------------------------------------------------------ result §7

    def result(self, state: HomeostasisState) -> dict | None:
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

    def render_event(self, event: dict) -> str:
        return render_event(event)


def _resolve(w: Work, actions: dict[str, dict]) -> None:
    """§4: resolve the step of ``w``'s phase, then the automatic transitions."""
    phase = w.phase
    if phase == S.SAVE_CARDS:
        flow.apply_save(w, actions)
    elif phase == S.DRAFT:
        (p,) = actions
        flow.apply_draft(w, p, actions[p])
    elif phase == S.AUCTION:
        (p,) = actions
        flow.apply_bid(w, p, actions[p])
    elif phase == S.FINAL_AUCTION:
        flow.apply_final_bids(w, actions)
    elif phase == S.PLACE_SAVED:
        (p,) = actions
        flow.apply_place_saved(w, p, actions[p])
    elif phase == S.BRACKETS:
        flow.apply_brackets(w, actions)
    else:
        flow.apply_choose_ec(w, actions)


def check_action(state: HomeostasisState, player: str, action: Any) -> None:
    """§3, rule by rule in the spec's order: raise :class:`IllegalAction` for
    the first rule ``action`` breaks (``validate`` without its fast path)."""
    requests = views.pending(state)
    if not requests:
        raise IllegalAction("the match is over; nobody is expected to act")
    if not isinstance(player, str) or player not in state.index:
        raise IllegalAction(f"{player!r} is not a player in this match")
    request = requests.get(player)
    if request is None:
        raise IllegalAction(f"{player} is not expected to act now")
    kind = request["kind"]
    if kind == "save_cards":
        V.check_save(action, state.holding(player))
    elif kind == "draft":
        V.check_draft(action, request["cards"], request["positions"])
    elif kind == "bid":
        V.check_bid(
            action,
            state.chips[player],
            present(state.auction, "open auction").totals,
            request["slots"],
            request["can_pass"],
        )
    elif kind == "final_bid":
        V.check_final_bid(action, state.chips[player])
    elif kind == "place_saved":
        V.check_place_saved(action, state.saved[player])
    elif kind == "brackets":
        V.check_brackets(
            action,
            len(present(state.expression, "expression")),
            [(b["first"], b["last"]) for b in state.brackets],
        )
    else:
        V.check_choose_ec(action, request["candidates"])
