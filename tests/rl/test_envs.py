"""Behaviour of the environments beyond the API checks: rewards, rendering,
seats and opponents, bad options, and the generated layout documentation."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from mainmatch import games, rl
from mainmatch.engine.errors import MainmatchError, UnknownGame
from mainmatch.rl.docs import document

ROOT = Path(__file__).resolve().parents[2]


def play_aec(env, seed: int) -> dict[str, float]:
    """A whole AEC match of lowest allowed choices; the rewards each agent got."""
    env.reset(seed=seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    return total


@pytest.mark.parametrize("game_id", ["mvp", "second_to_won"])
def test_default_rewards_are_tol_and_ec_at_the_end(game_id):
    env = rl.env(game_id)
    total = play_aec(env, seed=5)
    result = env.table.m.result()
    for p, reward in total.items():
        want = (1.0 if result["tokens_of_life"].get(p, 0) else 0.0) - (
            1.0 if result["elimination_candidate"] == p else 0.0
        )
        assert reward == want, p
    assert any(total.values())


def test_rewards_are_configurable():
    def garnets(result, player):
        return float(result["garnets"].get(player, 0))

    env = rl.env("second_to_won", rewards=garnets)
    total = play_aec(env, seed=5)
    won = env.table.m.result()["garnets"]
    assert total == {p: float(won.get(p, 0)) for p in total} and any(total.values())
    env = rl.env("second_to_won", rewards={"token_of_life": 5.0, "elimination_candidate": 0.0})
    total = play_aec(env, seed=5)
    result = env.table.m.result()
    assert {p for p, r in total.items() if r == 5.0} == set(result["tokens_of_life"])


def test_infos_hold_the_view_and_request_as_json():
    env = rl.env("seat_exchange")
    env.reset(seed=1)
    agent = env.agent_selection
    info = env.infos[agent]
    view, request = json.loads(info["view"]), json.loads(info["request"])
    assert view == env.table.m.view(agent) and view["you"]["player"] == agent
    assert request["kind"] == "trades" and info["decision"] == "trades.trades+"


def test_ansi_render_prints_the_public_view():
    env = rl.parallel_env("amalgamation", render_mode="ansi")
    obs, _ = env.reset(seed=0)
    while not env.table.m.steps:
        obs, *_ = env.step({a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()})
    text = env.render()
    assert text.startswith("The Amalgamation: step 1")
    assert "balances:" in text and "'you'" not in text and "garnets_held" not in text
    assert rl.env("amalgamation").render() is None


def test_single_agent_seats_and_opponents():
    game = games.get("mvp")
    by_id = rl.single_agent("mvp", seat="eli", opponents=["random", "strategy"] * 2 + ["random"])
    assert by_id.player == "eli"
    assert by_id.table.learners == ["eli"]
    mapped = {p: "random" for p in game.default_players if p != "ada"}
    assert rl.single_agent("mvp", 0, opponents=mapped).player == "ada"
    with pytest.raises(MainmatchError, match="seat must be"):
        rl.single_agent("mvp", seat=6)
    with pytest.raises(MainmatchError, match="not a player"):
        rl.single_agent("mvp", seat="zz")
    with pytest.raises(MainmatchError, match="5 bot names needed"):
        rl.single_agent("mvp", opponents=["random"])
    with pytest.raises(MainmatchError, match="no bot 'genius'"):
        rl.single_agent("mvp", opponents="genius")
    with pytest.raises(UnknownGame, match="games: amalgamation"):
        rl.env("chess")
    with pytest.raises(MainmatchError, match="takes exactly 6 players, not 2"):
        rl.env("mvp", players=["a", "b"])


def test_single_agent_episode_ends_with_the_result_reward():
    env = rl.single_agent("seat_exchange", seat=3, opponents="strategy")
    obs, info = env.reset(seed=11)
    terminated, reward, steps = False, 0.0, 0
    while not terminated:
        obs, reward, terminated, _truncated, info = env.step(
            int(np.flatnonzero(obs["action_mask"])[0])
        )
        steps += 1
    result = env.table.m.result()
    me = env.player
    want = (1.0 if result["tokens_of_life"].get(me) else 0.0) - (
        1.0 if result["elimination_candidate"] == me else 0.0
    )
    # strategy opponents seat everyone in one streak after round 3 (docs/decisions/seat_exchange.md SX1)
    assert reward == want and steps >= 3 and info["masked_choices"] == 0
    with pytest.raises(MainmatchError, match="reset"):
        env.step(0)


def test_docs_rl_md_is_generated_from_the_specs():
    """docs/rl.md is `python -m mainmatch.rl.docs`: regenerate it after a change."""
    assert (ROOT / "docs" / "rl.md").read_text(encoding="utf-8") == document()
    for game_id in games.ids():
        s = rl.spec(game_id)
        assert f"Observation size {s.layout.size + len(s.decisions) + s.context.size}" in (
            rl.describe(game_id)
        )


def test_a_missing_extra_is_named(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # as if not installed
    monkeypatch.delitem(sys.modules, "mainmatch.rl.aec", raising=False)
    with pytest.raises(MainmatchError, match=r'pip install "mainmatch\[rl\]"'):
        rl.env("mvp")
