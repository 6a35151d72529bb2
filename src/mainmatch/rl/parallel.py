"""The PettingZoo Parallel environment: every learning player makes one
sub-decision per ``step``.

All players are agents from reset to the end. A player with nothing to decide
this step (not pending, or its action already complete while others finish
theirs) has a mask allowing only index 0, and whatever it sends is ignored.
The engine applies a game step once every pending player's action is complete.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from .base import TableEnv


class MainMatchParallel(TableEnv, ParallelEnv):  # type: ignore[misc]  # PettingZoo is untyped
    metadata = {"render_modes": ["ansi"], "name": "mainmatch_parallel_v0"}  # noqa: RUF012 -- PettingZoo's API

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any):
        self._setup(game_id, render_mode, "parallel", options)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: Mapping[str, object] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        return (
            {a: self.table.observe(a) for a in self.agents},
            {a: self.table.info(a) for a in self.agents},
        )

    def step(
        self, actions: Mapping[str, object]
    ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
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
