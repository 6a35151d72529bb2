"""The PettingZoo AEC environment: one sub-decision per ``step``.

The agent to act is a learning player with an open sub-decision: in a
simultaneous step each pending player makes all of its sub-decisions in turn
(seat order) before the engine applies the step; nobody sees another's
choices before that. Rewards come once, at the end (``Rewards``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from .table import Table


def observation_space(table: Table) -> spaces.Dict:
    """``{"observation": Box[-1, 1] float32, "action_mask": Box{0, 1} int8}``."""
    return spaces.Dict(
        {
            "observation": spaces.Box(-1.0, 1.0, (table.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (table.spec.n_actions,), dtype=np.int8),
        }
    )


class MainMatchAEC(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "mainmatch_aec_v0"}  # noqa: RUF012 -- PettingZoo's API

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.table = Table(game_id, **options)
        self.metadata = {"render_modes": ["ansi"], "name": f"mainmatch_{game_id}_aec_v0"}
        self.possible_agents = list(self.table.players)
        self._obs_space = observation_space(self.table)
        self._act_space = spaces.Discrete(self.table.spec.n_actions)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
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

    def step(self, action: Any) -> None:
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

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render()

    def close(self) -> None:
        pass
