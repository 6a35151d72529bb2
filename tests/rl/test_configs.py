"""The environments play the simulator's configs by default (random host inputs),
plain ones on request, so a learner's figures and ``simulate``'s compare."""

from __future__ import annotations

import random

import pytest

from mainmatch import games, rl
from mainmatch.engine.errors import MainmatchError
from mainmatch.rl.table import Table


@pytest.mark.parametrize("game_id", games.ids())
def test_default_configs_are_the_simulators_random_ones(game_id: str) -> None:
    game = games.get(game_id)
    players = list(game.default_players)
    table = Table(game_id)
    configs = [table.config_fn(players, seed) for seed in range(12)]
    assert configs == [game.random_config(players, random.Random(seed)) for seed in range(12)]
    plain = Table(game_id, configs="plain")
    assert plain.config_fn(players, 3) == game.new_config(players, 3)


def test_random_configs_vary_the_host_inputs_plain_ones_do_not() -> None:
    game = games.get("seat_exchange")
    players = list(game.default_players)
    default = Table("seat_exchange")
    tiebreaks = {tuple(default.config_fn(players, s)["gamewide_tiebreak"]) for s in range(8)}
    assert len(tiebreaks) > 1
    plain = Table("seat_exchange", configs="plain")
    assert {tuple(plain.config_fn(players, s)["gamewide_tiebreak"]) for s in range(8)} == {
        tuple(players)
    }


def test_host_inputs_imply_plain_configs_and_a_variant_plays_either_way() -> None:
    game = games.get("second_to_won")
    garnets = dict.fromkeys(game.default_players, 2)
    table = Table("second_to_won", config_options={"garnets": garnets})
    assert table.config_fn(list(game.default_players), 1)["garnets"] == garnets
    varied = Table("second_to_won", config_options={"variant": {"limit": 150}})
    assert varied.config_fn(list(game.default_players), 1)["variant"] == {"limit": 150}
    with pytest.raises(MainmatchError, match="need configs='plain'"):
        Table("second_to_won", configs="random", config_options={"garnets": garnets})
    with pytest.raises(MainmatchError, match="configs must be random or plain"):
        rl.single_agent("second_to_won", configs="odd")
