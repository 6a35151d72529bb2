"""The table every environment drives: one engine ``Match``, each learning
player's plan in progress, and the bots in the other seats.

Secrecy: an observation is built from ``Game.view(state, player)`` and the
player's own request only (``observe``); plans see the same two things, and a
player's partial action is never part of another player's observation. Bots
act through ``mainmatch.bots.driver.bot_move``, which gives them their view only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from mainmatch import games
from mainmatch.bots import Bot
from mainmatch.bots.driver import bot_move
from mainmatch.engine import Match
from mainmatch.engine.announce import announce
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import Game

from .decisions import Decision, Plan, mask_of, nearest_allowed
from .gamespec import GameSpec, spec
from .repair import repair

#: the state type of the game a function is given
S = TypeVar("S")

#: ``config_fn(players, seed)``: the config of a new match.
ConfigFn = Callable[[list[str], int], dict[str, Any]]
#: how match configs are made, as ``mainmatch simulate --configs`` makes them:
#: ``random`` = ``Game.random_config`` (host inputs varied: tiebreaks, garnets,
#: teams... as the simulator plays by default), ``plain`` = ``Game.new_config``
#: with the host-input defaults (or ``config_options``)
CONFIGS = ("random", "plain")
#: ``reward_fn(result, player)``: a player's reward when the match ends.
RewardFn = Callable[[dict[str, Any], str], float]
#: an environment's info for a player: its view and request as JSON text, its open
#: decision's kind (and, single-agent, the choices the mask replaced)
Info = dict[str, str | int | None]


@dataclass(frozen=True)
class Rewards:
    """The default end-of-match reward: ``token_of_life`` if the player gets at
    least one Token of Life, plus ``elimination_candidate`` if they are the EC,
    plus ``garnet`` per garnet won (the engine spec's result fields)."""

    token_of_life: float = 1.0
    elimination_candidate: float = -1.0
    garnet: float = 0.0

    def __call__(self, result: dict[str, Any], player: str) -> float:
        reward = 0.0
        if result["tokens_of_life"].get(player, 0) > 0:
            reward += self.token_of_life
        if result.get("elimination_candidate") == player:
            reward += self.elimination_candidate
        return reward + self.garnet * float(result["garnets"].get(player, 0))


def config_maker(game: Game[S], configs: str | None, options: Mapping[str, Any] | None) -> ConfigFn:
    """The configs of new matches: ``random`` by default, as ``simulate`` plays
    (so a learner's figures and the simulator's compare), ``plain`` on request or
    when ``config_options`` name host inputs (those fix what ``random`` varies).
    A ``variant`` in ``config_options`` is played either way."""
    options = dict(options or {})
    host_inputs = {k: v for k, v in options.items() if k != "variant"}
    chosen = configs or ("plain" if host_inputs else "random")
    if chosen not in CONFIGS:
        raise MainmatchError(f"configs must be random or plain, not {chosen!r}")
    if chosen == "random" and host_inputs:
        raise MainmatchError(
            f"configs='random' draws the host inputs itself; {', '.join(sorted(host_inputs))} "
            "need configs='plain'"
        )
    if chosen == "plain":
        return lambda ps, seed: game.new_config(list(ps), seed, **options)
    variant = {"variant": options["variant"]} if options.get("variant") else {}
    # the simulator's draw: random_config from a generator seeded with the match's seed
    return lambda ps, seed: game.random_config(list(ps), random.Random(seed), **variant)


class Table:
    """A match with sub-decision plans for the learning players (``learners``)
    and bots for everyone else."""

    def __init__(
        self,
        game_id: str,
        *,
        players: list[str] | None = None,
        config_fn: ConfigFn | None = None,
        config_options: Mapping[str, object] | None = None,
        rewards: RewardFn | Rewards | Mapping[str, float] | None = None,
        bots: Mapping[str, Bot] | None = None,
        configs: str | None = None,
    ):
        self.game = games.get(game_id)
        self.players = list(players or self.game.default_lineup())
        why = self.game.takes_players(len(self.players))
        if why is not None:
            raise MainmatchError(why)
        self.spec: GameSpec = spec(game_id, len(self.players))
        self.config_fn: ConfigFn = config_fn or config_maker(self.game, configs, config_options)
        if rewards is None:
            rewards = Rewards()
        elif isinstance(rewards, Mapping):
            rewards = Rewards(**rewards)
        self.reward_fn: RewardFn = rewards
        self.bots = dict(bots or {})
        unknown = set(self.bots) - set(self.players)
        if unknown:
            raise MainmatchError(f"bots for unknown players: {', '.join(sorted(unknown))}")
        self.learners = [p for p in self.players if p not in self.bots]
        self.size = self.spec.layout.size + len(self.spec.decisions) + self.spec.context.size
        self.rng = random.Random()
        self.match: Match | None = None

    # ------------------------------------------------------------- lifecycle

    def reset(self, seed: int | None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)
        config = self.config_fn(list(self.players), self.rng.randrange(2**32))
        self.match = Match(self.game, config)
        self.plans: dict[str, Plan] = {}
        self.open: dict[str, Decision] = {}
        self.ready: dict[str, dict[str, Any]] = {}
        self.defaulted: list[str] = []
        self.last_events: list[dict[str, Any]] = []
        #: choices sent that the mask did not allow (replaced by the nearest allowed)
        self.masked_choices = 0
        #: actions assembled from sub-decisions, and those the game refused and
        #: took once shrunk (``repair.py``)
        self.assembled = self.repaired = 0
        self._cache: dict[tuple[str, int], tuple[np.ndarray, str, str]] = {}
        self._infos: dict[str, tuple[tuple[int, str | None], Info]] = {}
        self.advance()

    @property
    def over(self) -> bool:
        return self.m.over

    @property
    def m(self) -> Match:
        if self.match is None:
            raise MainmatchError("call reset() before using the environment")
        return self.match

    def deciding(self) -> list[str]:
        """Learning players with an open sub-decision, in seat order."""
        return [p for p in self.players if p in self.open]

    # ------------------------------------------------------------- play

    def choose(self, player: str, index: Any) -> None:
        """Send ``index`` to ``player``'s open decision (the nearest allowed index
        when the mask forbids it), then run the plan to its next real decision."""
        decision = self.open.pop(player)
        try:
            choice = int(index)
        except (TypeError, ValueError):
            raise MainmatchError(f"an action is an integer index, not {index!r}") from None
        if not (0 <= choice < len(decision.mask) and decision.mask[choice]):
            self.masked_choices += 1
            choice = nearest_allowed(decision.mask, choice)
        self._run(player, choice)

    def advance(self) -> None:
        """Start plans and ask bots until a learner must decide or the match ends;
        apply every step whose pending players all have their actions."""
        m = self.m
        while True:
            pending = m.pending
            if not pending:
                return
            for p in pending:
                if p in self.ready or p in self.open:
                    continue
                if p in self.bots:
                    move = bot_move(self.game, m.state, p, self.bots[p], self.rng)
                    self.ready[p] = move.action
                    if move.defaulted:
                        self.defaulted.append(p)
                else:
                    self.plans[p] = self.spec.plan(m.view(p), pending[p], p)
                    self._run(p, None)
            if any(p not in self.ready for p in pending):
                return
            actions = {p: self.ready[p] for p in pending}
            self.last_events = m.step(actions, self.defaulted)
            self.ready, self.defaulted, self.plans = {}, [], {}

    def _run(self, player: str, choice: int | None) -> None:
        """Feed ``choice`` to the plan; answer decisions with one allowed choice
        automatically; stop at a real decision or the finished action."""
        plan = self.plans[player]
        try:
            decision = plan.send(choice) if choice is not None else next(plan)
            while int(decision.mask.sum()) == 1:
                decision = plan.send(int(np.flatnonzero(decision.mask)[0]))
            if not decision.mask.any():  # a plan bug: R2 promises a reachable legal action
                raise MainmatchError(f"{self.game.id}: {decision.kind} with no allowed choice")
        except StopIteration as done:
            action = repair(self.game, self.m.state, player, done.value, self.rng)
            self.assembled += 1
            self.repaired += action is not done.value
            self.ready[player] = action
            del self.plans[player]
            return
        self.open[player] = decision

    # ------------------------------------------------------------- output

    def observe(self, player: str) -> dict[str, np.ndarray]:
        """The player's observation: their view and request encoded, the open
        decision's kind (one-hot) and context; the mask allows only index 0
        when the player has nothing to decide."""
        parts = [self._seen(player)[0]]
        kinds = np.zeros(len(self.spec.decisions), dtype=np.float32)
        decision = self.open.get(player)
        if decision is None:
            parts += [kinds, np.zeros(self.spec.context.size, dtype=np.float32)]
            mask = mask_of(self.spec.n_actions, [0])
        else:
            kinds[self.spec.decisions.index(decision.kind)] = 1.0
            parts += [kinds, np.asarray(decision.context, dtype=np.float32)]
            mask = decision.mask.copy()
        obs = np.clip(np.concatenate(parts), -1.0, 1.0).astype(np.float32)
        return {"observation": obs, "action_mask": mask}

    def info(self, player: str) -> Info:
        """The player's view and request as JSON text (``json.loads`` them; text
        cannot be changed by a user who keeps it) and the open decision's kind."""
        decision = self.open.get(player)
        kind = None if decision is None else decision.kind
        # the environments ask for every player's info after every sub-decision;
        # it changes only with the engine's step or the player's open decision
        key = (len(self.m.steps), kind)
        kept = self._infos.get(player)
        if kept is not None and kept[0] == key:
            return dict(kept[1])  # a caller may change its own copy
        _, view, request = self._seen(player)
        info: Info = {"view": view, "request": request, "decision": kind}
        self._infos[player] = (key, info)
        return dict(info)

    def _seen(self, player: str) -> tuple[np.ndarray, str, str]:
        """The player's encoded view and request, and both as JSON text, computed
        once per engine step (they change only when the engine applies a step)."""
        m = self.m
        key = (player, len(m.steps))
        cached = self._cache.get(key)
        if cached is None:
            view, request = m.view(player), m.pending.get(player)
            cached = (
                self.spec.encode(view, request, player),
                json.dumps(view),
                json.dumps(request),
            )
            if len(self._cache) > 4 * len(self.players):
                self._cache.clear()
            self._cache[key] = cached
        return cached

    def reward(self, player: str) -> float:
        result = self.m.result()
        return 0.0 if result is None else float(self.reward_fn(result, player))

    def render(self) -> str:
        """The public view and the last step's public announcement, as text."""
        m = self.m
        lines = [f"{self.game.title}: step {len(m.steps)}" + (" (over)" if m.over else "")]
        if self.last_events:
            lines.append(announce(self.game, self.last_events).public_text())
        view = m.view(None)
        lines += [f"{key}: {value}" for key, value in view.items() if key != "game"]
        return "\n".join(lines) + "\n"
