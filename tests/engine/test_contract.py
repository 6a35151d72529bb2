"""Properties every game must have, checked through the engine contract only
(``mainmatch.engine.contract``), for every registered game (a plugin game
installed from outside too) at every player count its range allows.

Random legal play never crashes and always ends; each pending player's
random and default actions are legal and keep within the bounds their step
description names; ``apply`` never mutates its input, and ``next_state``
reaches the state ``apply`` does; ``pending_players`` lists ``pending``'s
players; views are JSON, hold every public field and ``you`` only for their
player; no view holds another player's secret; the result has the engine spec
shape; replaying the record reproduces the result and every public view.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch import games
from mainmatch.engine import contract

#: (game id, player count) for every registered game and count it takes
TABLES = contract.tables(games.all_games())
TABLE_IDS = [f"{g}-{n}" for g, n in TABLES]
SEEDS = st.integers(0, 2**32 - 1)


def _players(game_id: str, count: int) -> list[str]:
    return contract.players_for(games.get(game_id), count)


@pytest.mark.parametrize(("game_id", "count"), TABLES, ids=TABLE_IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_play_ends_and_replays(game_id: str, count: int, seed: int) -> None:
    contract.check_random_play(games.get(game_id), seed, _players(game_id, count))


@pytest.mark.parametrize(("game_id", "count"), TABLES, ids=TABLE_IDS)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_views_are_json_and_private_views_extend_the_public_one(
    game_id: str, count: int, seed: int
) -> None:
    contract.check_views(games.get(game_id), seed, _players(game_id, count))


@pytest.mark.parametrize("game_id", games.ids())
def test_config_schemas_and_step_descriptions(game_id: str) -> None:
    game = games.get(game_id)
    contract.check_config_and_schemas(game)
    contract.check_step_descriptions(game)


@pytest.mark.parametrize(("game_id", "count"), TABLES, ids=TABLE_IDS)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS)
def test_no_players_secret_text_reaches_another_player(game_id: str, count: int, seed: int) -> None:
    contract.check_secrecy(games.get(game_id), seed, _players(game_id, count))


@pytest.mark.parametrize(("game_id", "count"), TABLES, ids=TABLE_IDS)
@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_random_and_default_actions_fit_the_published_schema(
    game_id: str, count: int, seed: int
) -> None:
    contract.check_actions_fit_schemas(games.get(game_id), seed, _players(game_id, count))


def test_every_count_of_a_range_is_covered() -> None:
    # a game for a range of players is checked at each size, a fixed one at its one
    for game in games.all_games():
        low, high = game.players_range()
        assert [n for g, n in TABLES if g == game.id] == list(range(low, high + 1))


def test_the_secrecy_check_finds_a_leak() -> None:
    mvp = games.get("mvp")

    class Leaky(type(mvp)):  # type: ignore[misc]
        def view(self, state, player):
            out = super().view(state, player)
            if player is not None:  # show each player the next one's private knowledge
                players = state.players
                nxt = players[(players.index(player) + 1) % len(players)]
                out["you"]["peek"] = super().view(state, nxt)["you"]
            return out

    with pytest.raises(contract.ContractBroken, match="secret"):
        for seed in range(20):
            contract.check_secrecy(Leaky(), seed)


def test_the_bounds_check_finds_an_action_beyond_its_step() -> None:
    # random play that turns in more garnets than the request's `garnets`, the
    # bound Seat Exchange's description names (its validate switched off)
    seat_exchange = games.get("seat_exchange")

    class Greedy(type(seat_exchange)):  # type: ignore[misc]
        def validate(self, state, player, action):
            return None

        def random_action(self, state, player, rng):
            action = super().random_action(state, player, rng)
            if state.phase == "trade":
                return {**action, "garnets": state.garnets[player] + 1}
            return action

    with pytest.raises(contract.ContractBroken, match="beyond the bound garnets"):
        contract.play_checked(Greedy(), 0)
