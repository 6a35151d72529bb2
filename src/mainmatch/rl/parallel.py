"""The PettingZoo Parallel environment: every learning player makes one
sub-decision per ``step``.

All players are agents from reset to the end. A player with nothing to decide
this step (not pending, or its action already complete while others finish
theirs) has a mask allowing only index 0, and whatever it sends is ignored.
The engine applies a game step once every pending player's action is complete.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from .aec import observation_space
from .table import Table


class MainMatchParallel(ParallelEnv):
    metadata = {"render_modes": ["ansi"], "name": "mainmatch_parallel_v0"}  # noqa: RUF012 -- PettingZoo's API

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.table = Table(game_id, **options)
        self.metadata = {"render_modes": ["ansi"], "name": f"mainmatch_{game_id}_parallel_v0"}
        self.possible_agents = list(self.table.players)
        self.agents: list[str] = []
        self._obs_space = observation_space(self.table)
        self._act_space = spaces.Discrete(self.table.spec.n_actions)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def reset(
        self, seed: int | None = None, options: dict | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict]]:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        return (
            {a: self.table.observe(a) for a in self.agents},
            {a: self.table.info(a) for a in self.agents},
        )

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        table = self.table
        deciding = table.deciding()
        for agent in deciding:
            if agent in actions:
                table.choose(agent, actions[agent])
            else:
                table.choose(agent, 0)  # a missing action counts as index 0
        table.advance()
        agents = list(self.agents)
        over = table.over
        obs = {a: table.observe(a) for a in agents}
        rewards = {a: table.reward(a) if over else 0.0 for a in agents}
        terminations = {a: over for a in agents}
        truncations = {a: False for a in agents}
        infos = {a: table.info(a) for a in agents}
        if over:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render()

    def close(self) -> None:
        pass
