"""A Gymnasium environment for one seat, with our bots in the others.

``single_agent(game_id, seat=0, opponents="strategy")``: ``seat`` is an index
into the players or a player id; ``opponents`` is a bot name for every other
seat, or a list (one name per other seat, in seat order) or a mapping
``{player: name}``. Bots are the registered ones (``mainmatch.bots``) and see
only their own view. One ``step`` is one sub-decision of the learning seat;
the bots' moves and the engine's steps happen in between. An index the mask
forbids is replaced by the nearest allowed one (counted in
``info["masked_choices"]``).

Learners take it as it comes: ``action_masks()`` returns the open decision's
mask as booleans (what sb3-contrib's ``MaskablePPO`` asks of an env), and
``observation="flat"`` makes the observation the float vector alone (a
``Box``, for ``MlpPolicy``) instead of the default
``{"observation", "action_mask"}`` ``Dict`` (for ``MultiInputPolicy``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mainmatch import games
from mainmatch.bots import get_bot
from mainmatch.engine.errors import MainmatchError

from .base import check_render_mode, observation_space
from .table import Info, Table

Opponents = str | Sequence[str] | Mapping[str, str]
#: what the environment observes: the flat vector, or the dict with the action mask
Observation = np.ndarray | dict[str, np.ndarray]
#: ``observation=``: the Dict of vector and mask, or the vector alone
OBSERVATIONS = ("dict", "flat")


def seat_player(players: list[str], seat: int | str) -> str:
    """The player id of ``seat`` (an index into ``players`` or an id)."""
    if isinstance(seat, str):
        if seat not in players:
            raise MainmatchError(f"seat {seat!r} is not a player; players: {', '.join(players)}")
        return seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
        raise MainmatchError(f"seat must be a player id or an index 0..{len(players) - 1}")
    return players[seat]


def opponent_names(players: list[str], me: str, opponents: Opponents) -> dict[str, str]:
    others = [p for p in players if p != me]
    if isinstance(opponents, str):
        return {p: opponents for p in others}
    if isinstance(opponents, Mapping):
        missing = [p for p in others if p not in opponents]
        if missing or set(opponents) - set(others):
            raise MainmatchError(f"opponents must name a bot for exactly {', '.join(others)}")
        return dict(opponents)
    names = list(opponents)
    if len(names) != len(others):
        raise MainmatchError(f"opponents: {len(others)} bot names needed, got {len(names)}")
    return dict(zip(others, names, strict=True))


class SingleAgentEnv(gym.Env):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 -- gymnasium declares it so

    def __init__(
        self,
        game_id: str,
        seat: int | str = 0,
        opponents: Opponents = "strategy",
        render_mode: str | None = None,
        observation: str = "dict",
        **options: Any,
    ):
        self.render_mode = check_render_mode(render_mode)
        if observation not in OBSERVATIONS:
            raise MainmatchError(f"observation must be dict or flat, not {observation!r}")
        self.flat = observation == "flat"
        game = games.get(game_id)
        players = list(options.get("players") or game.default_lineup())
        self.player = seat_player(players, seat)
        names = opponent_names(players, self.player, opponents)
        bots = {p: get_bot(game_id, name) for p, name in names.items()}
        self.table = Table(game_id, bots=bots, **options)
        space = observation_space(self.table)
        self.observation_space: spaces.Space[Any] = space["observation"] if self.flat else space
        self.action_space = spaces.Discrete(self.table.spec.n_actions)

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, object] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None and self.table.match is None:
            seed = int(self.np_random.integers(2**31))
        self.table.reset(seed)
        return self._observe(), self._info()

    def action_masks(self) -> np.ndarray:
        """The open decision's mask as booleans, one per action (index 0 alone
        when the seat has nothing to decide): sb3-contrib's ``MaskablePPO``
        calls this before every step."""
        decision = self.table.open.get(self.player) if self.table.match is not None else None
        if decision is None:
            mask = np.zeros(self.table.spec.n_actions, dtype=bool)
            mask[0] = True
            return mask
        return decision.mask.astype(bool)

    def _observe(self) -> Observation:
        obs = self.table.observe(self.player)
        return obs["observation"] if self.flat else obs

    def step(self, action: object) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.over:
            raise MainmatchError("the match is over: call reset()")
        if self.player in table.open:
            table.choose(self.player, action)
            table.advance()
        over = table.over
        reward = table.reward(self.player) if over else 0.0
        return self._observe(), reward, over, False, self._info()

    def _info(self) -> Info:
        info = self.table.info(self.player)
        info["masked_choices"] = self.table.masked_choices
        return info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render()
