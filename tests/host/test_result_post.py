"""The result post of a match whose result has no ranking (issue 26).

Second to Won's result has ``ranking: null`` (second place beats first), yet
its Discord result post ranked the players 1..9 in seat order. Now it lists
them without ranks, each place named as the result's ``details`` name it.
"""

from __future__ import annotations

import random

from mainmatch import games
from mainmatch.engine import play_random
from mainmatch.host.delivery import result_text


class _Snap:
    def __init__(self, game, match) -> None:
        self.game, self.state, self.config = game, match.state, match.config


def test_second_to_won_is_listed_by_place_not_ranked():
    game = games.get("second_to_won")
    players = list(game.default_players)
    for seed in range(3):
        config = game.new_config(players, seed)
        match = play_random(game, config, random.Random(seed))
        res = game.result(match.state)
        assert res["ranking"] is None
        text = result_text(_Snap(game, match))
        lines = text.splitlines()
        assert lines[2].split()[:4] == ["player", "ToL", "garnets", "points"], lines[2]
        rows = {line.split()[0]: line for line in lines[3 : 3 + len(players)]}
        assert list(rows) == players  # seat order, no rank numbers
        d = res["details"]
        for p in d["second"]:
            assert "second" in rows[p]
        for p in d["last_place"]:
            assert "last" in rows[p]
        assert rows[res["elimination_candidate"]].endswith("EC")
        for p, n in res["tokens_of_life"].items():
            assert rows[p].split()[1] == str(n)


def test_a_ranked_result_keeps_its_ranks():
    game = games.get("mvp")
    players = list(game.default_players)
    match = play_random(game, game.new_config(players, 3), random.Random(3))
    text = result_text(_Snap(game, match))
    assert text.splitlines()[2].startswith("rank ")
    assert text.splitlines()[3].startswith("1 ")
