"""A game as the API and the pages describe it: ``GET /api/games/{id}``'s body.

Kept beside ``api.py`` so the pages read the same description without loading
the router (docs/engine.md "Step descriptions": the form is built from it).
"""

from __future__ import annotations

from mainmatch.bots import bot_names
from mainmatch.engine.game import Game, JSONObject, State

from . import deadlines as dl
from .inputwords import describe_step, host_inputs, kind_words


def game_info(game: Game[State]) -> JSONObject:
    """The game's id, words, player range, host inputs, step kinds (deadline,
    words, action schema, description), bots and rules summary."""
    schema = game.config_schema()
    low, high = game.players_range()
    return {
        "id": game.id,
        "title": game.title,
        "pitch": game.pitch,
        # the fewest players (the one number of a game for exactly N); kept for older clients
        "player_count": low,
        # a match takes any count from players_min to players_max (Game.players_range)
        "players_min": low,
        "players_max": high,
        "players_default": game.default_count(),
        "default_players": list(game.default_players),
        # player ids for the most seats: a match of N players takes the first N
        "lineup": game.default_lineup(high),
        # each with its label, help (the spec's words) and kind of input (inputwords.py)
        "host_inputs": host_inputs(game, schema),
        "variant_keys": [k.as_dict() for k in game.variant_keys],
        "config_defs": schema.get("$defs", {}),
        "step_kinds": {
            k: {
                "default_deadline": p,
                "words": kind_words(game, k),
                "action_schema": game.action_schema(k),
                # the step's description (engine/steps.py): what the web form is built from
                "description": describe_step(game, k),
            }
            for k, p in dl.default_policies(game).items()
        },
        "bots": bot_names(game.id),
        "rules": game.rules_summary(),
    }
