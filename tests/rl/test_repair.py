"""The table's repair of an assembled action the game refuses (``rl/repair.py``):
the nearest legal form, the player's amounts kept where they can be."""

from __future__ import annotations

import random

from mainmatch import games
from mainmatch.engine import Match
from mainmatch.rl.repair import repair


def _match(game_id: str, seed: int = 1) -> Match:
    game = games.get(game_id)
    return Match(game, game.new_config(list(game.default_players), seed))


def test_a_choice_on_the_wrong_item_is_moved_and_the_bids_kept() -> None:
    match = _match("second_to_won")
    game, state = match.game, match.state
    player = game.default_players[0]
    request = match.pending[player]
    choice = [i["letter"] for i in request["items"] if i["effects"][0]["target"] == "choice"]
    plain = [i["letter"] for i in request["items"] if i["letter"] not in choice]
    assert choice and len(plain) >= 2
    target = request["choice_targets"][0]
    # the CHOICE item without its player, a plain item with one: refused as sent
    action = {
        "bids": {
            choice[0]: {"chips": 3},
            plain[0]: {"chips": 2, "choice": target},
            plain[1]: {"chips": 1},
        }
    }
    fixed = repair(game, state, player, action, random.Random(0))
    game.validate(state, player, fixed)
    assert fixed["bids"] == {
        choice[0]: {"chips": 3, "choice": target},
        plain[0]: {"chips": 2},
        plain[1]: {"chips": 1},
    }


def test_an_overspend_is_halved_and_a_legal_action_is_left_alone() -> None:
    match = _match("amalgamation")
    game, state = match.game, match.state
    player = game.default_players[0]
    balance = match.pending[player]["balance"]
    action = {
        "kong": {"contribute": balance},
        "minus": {"bids": [-40, 0, 0, 0, 0]},
        "invest": {"invest": 0, "donate": 0},
        "thief": {"role": "police", "bet": 0},
    }
    fixed = repair(game, state, player, action, random.Random(0))
    game.validate(state, player, fixed)
    assert fixed["kong"]["contribute"] == balance // 2 and fixed["minus"]["bids"][0] == -20
    legal = {**action, "kong": {"contribute": 1}}
    assert repair(game, state, player, legal, random.Random(0)) is legal
