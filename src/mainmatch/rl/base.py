"""What the PettingZoo environments share: the table, the spaces, rendering."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from .table import Table


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
    return render_mode


def observation_space(table: Table) -> spaces.Dict:
    """``{"observation": Box[-1, 1] float32, "action_mask": Box{0, 1} int8}``."""
    return spaces.Dict(
        {
            "observation": spaces.Box(-1.0, 1.0, (table.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (table.spec.n_actions,), dtype=np.int8),
        }
    )


class TableEnv:
    """A mixin: one :class:`Table`, the same spaces for every agent, ANSI render."""

    table: Table
    render_mode: str | None

    def _setup(self, game_id: str, render_mode: str | None, kind: str, options: Any) -> None:
        self.render_mode = check_render_mode(render_mode)
        self.table = Table(game_id, **options)
        self.metadata = {"render_modes": ["ansi"], "name": f"mainmatch_{game_id}_{kind}_v0"}
        self.possible_agents = list(self.table.players)
        self._obs_space = observation_space(self.table)
        self._act_space = spaces.Discrete(self.table.spec.n_actions)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def render(self) -> str | None:
        """The public view and the last step's public announcement (``"ansi"``)."""
        return None if self.render_mode is None else self.table.render()

    def close(self) -> None:
        pass
