"""The result post of a match whose result has no ranking (issue 26).

Second to Won's result has ``ranking: null`` (second place beats first), yet
its Discord result post ranked the players 1..9 in seat order. Now every result
post lists the players by the places ``Game.placings`` gives (the game's own
ranking of them), labelled as the rules name them.
"""

from __future__ import annotations

import random

from mainmatch import games
from mainmatch.engine import play_random
from mainmatch.host.result_post import result_text


class _Snap:
    def __init__(self, game, match) -> None:
        self.game, self.state, self.config = game, match.state, match.config


def _rows(text: str) -> list[tuple[str, str, list[str]]]:
    """(place, player, the rest) of each row of the result table."""
    lines = text.splitlines()
    width = lines[2].index("player")
    end = lines.index("```", 2)
    return [(x[:width].strip(), x[width:].split()[0], x[width:].split()[1:]) for x in lines[3:end]]


def test_second_to_won_is_listed_by_its_places():
    """Second to Won ranks first, second, the rest, last place, over the limit,
    the EC (second_to_won spec §7), as Game.placings gives them."""
    game = games.get("second_to_won")
    players = list(game.default_players)
    for seed in range(4):
        config = game.new_config(players, seed)
        match = play_random(game, config, random.Random(seed))
        res = game.result(match.state)
        assert res["ranking"] is None
        text = result_text(_Snap(game, match))
        assert text.splitlines()[2].split()[:5] == ["place", "player", "ToL", "garnets", "score"]
        rows = _rows(text)
        assert sorted(p for _place, p, _rest in rows) == sorted(players)
        order = [p for _label, group in game.placings(res, players) for p in group]
        assert [p for _place, p, _rest in rows] == order
        place = {p: label for label, p, _rest in rows}
        d = res["details"]
        assert all(place[p] == "second" for p in d["second"] if p not in d["over_200"])
        assert place[res["elimination_candidate"]] == "EC"
        assert rows[-1][1] == res["elimination_candidate"]
        for p, n in res["tokens_of_life"].items():
            assert next(rest for _l, q, rest in rows if q == p)[0] == str(n)


def test_a_ranked_result_keeps_its_ranks():
    game = games.get("mvp")
    players = list(game.default_players)
    match = play_random(game, game.new_config(players, 3), random.Random(3))
    text = result_text(_Snap(game, match))
    assert text.splitlines()[2].startswith("place ")
    rows = _rows(text)
    assert rows[0][0] == "1"
    ranking = game.result(match.state)["ranking"]
    assert [p for _place, p, _rest in rows] == [p for group in ranking for p in group]


def test_b3_long_ids_are_whole_and_every_scored_game_has_its_score_column():
    """Issue 33, B3: ids up to 32 characters are shown whole, and each game that
    declares a score per player (``Game.score_key``) has its column."""
    for game_id in ("amalgamation", "seat_exchange", "mvp", "second_to_won", "homeostasis"):
        game = games.get(game_id)
        players = [f"maximilian_oberhuber_{i:02}" for i in range(game.player_count or 5)]
        match = play_random(game, game.new_config(players, 1), random.Random(1))
        text = result_text(_Snap(game, match))
        rows = _rows(text)
        assert sorted(p for _place, p, _rest in rows) == sorted(players), game_id
        head = text.splitlines()[2].split()
        res = game.result(match.state)
        if game.score_key is None:
            assert head == ["place", "player", "ToL", "garnets"], game_id
            continue
        assert head[-1] == "score", game_id
        scores = res["details"][game.score_key]
        for _place, p, rest in rows:
            assert rest[2] == str(scores.get(p, 0)), (game_id, p)
