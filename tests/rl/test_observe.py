"""The observation reads a view's history (a list of objects) at its latest entry only."""

from __future__ import annotations

import copy
import random

import numpy as np

from mainmatch import rl


def _view_after_rounds(rounds: int) -> tuple[dict, dict, str]:
    env = rl.single_agent("amalgamation", seat=0, opponents="random")
    obs, _ = env.reset(seed=5)
    rng = random.Random(5)
    player = env.player
    while len(env.table.m.view(player)["minus"]["rounds"]) < rounds:
        obs, *_ = env.step(rng.choice([int(i) for i in np.flatnonzero(obs["action_mask"])]))
    view = env.table.m.view(player)
    return view, env.table.m.pending.get(player) or {}, player


def test_a_history_is_read_at_its_latest_entry():
    s = rl.spec("amalgamation")
    names = [name for name, _, _ in s.layout.fields]
    assert any(n.startswith("view.minus.rounds[-1].") for n in names)
    assert not any("rounds[0]" in n for n in names), "older records are left out"
    view, request, player = _view_after_rounds(2)
    seen = s.encode(view, request, player)
    older = copy.deepcopy(view)
    older["minus"]["rounds"][0]["tiles"] = [-1, -1, -1, -1, -1]
    assert np.array_equal(s.encode(older, request, player), seen)
    latest = copy.deepcopy(view)
    latest["minus"]["rounds"][-1]["tiles"] = [-1, -1, -1, -1, -1]
    assert not np.array_equal(s.encode(latest, request, player), seen)
