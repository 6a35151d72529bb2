"""The PettingZoo AEC environment: one sub-decision per ``step``.

The agent to act is a learning player with an open sub-decision: in a
simultaneous step each pending player makes all of its sub-decisions in turn
(seat order) before the engine applies the step; nobody sees another's
choices before that. Rewards come once, at the end (``Rewards``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from .base import TableEnv


class MainMatchAEC(TableEnv, AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    metadata = {"render_modes": ["ansi"], "name": "mainmatch_aec_v0"}  # noqa: RUF012 -- PettingZoo's API

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any):
        super().__init__()
        self._setup(game_id, render_mode, "aec", options)

    def reset(self, seed: int | None = None, options: Mapping[str, object] | None = None) -> None:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: self.table.info(a) for a in self.agents}
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observe(agent)

    def step(self, action: object) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.choose(agent, action)
        self.table.advance()
        self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        table = self.table
        self.rewards = {a: 0.0 for a in self.agents}
        if table.over:
            for a in self.agents:
                self.rewards[a] = table.reward(a)
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = table.deciding()[0]
        self.infos = {a: table.info(a) for a in self.agents}
