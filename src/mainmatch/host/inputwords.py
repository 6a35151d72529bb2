"""The host inputs of a game in people's words, for the /new page and the API.

Each game's host inputs (``Game.host_inputs``, the options of ``new_config``)
get a label, a help text taken from the game's spec, and the kind of input that
fits them (``templates/games/<game>.inputs.json`` over ``_common.inputs.json``).
The page never shows a config key: an input with no words falls back to its
name written as words.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from mainmatch.engine.game import Game

GAMES = Path(__file__).with_name("templates") / "games"
#: how an input is entered on /new (static/create.js)
INPUTS = (
    "order",
    "per_player",
    "team",
    "number",
    "numbers",
    "rows",
    "catalogue",
    "json",
    "variant",
)


#: what each step kind asks of a player, for the "your move" line
KIND_WORDS = {
    "choose_ec": "name the Elimination Candidate",
    "trades": "pay for trades",
    "round": "your moves for this round",
    "bids": "bid on the items",
    "save_cards": "save cards",
    "draft": "draft a card",
    "bid": "bid in the live auction",
    "final_bid": "the final auction",
    "place_saved": "place your saved cards",
    "brackets": "place your team's brackets",
}


def kind_words(kind: str) -> str:
    """What a step kind asks of a player (``bid in the live auction``)."""
    return KIND_WORDS.get(kind, kind.replace("_", " "))


#: the same for anyone else (the host, a spectator, another player): no "your"
#: (kind_words stays as it is: the JSON API's /games gives it as "words")
KIND_TASKS = {
    "round": "moves for the round",
    "place_saved": "place saved cards",
    "brackets": "place the team's brackets",
}


def kind_task(kind: str) -> str:
    """What a step kind asks, said of someone else (``moves for the round``)."""
    return KIND_TASKS.get(kind) or kind_words(kind)


@cache
def _words(game_id: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name in ("_common", game_id):
        path = GAMES / f"{name}.inputs.json"
        if path.exists():
            for key, value in json.loads(path.read_text(encoding="utf-8")).items():
                out[key] = {**out.get(key, {}), **value}
    return out


def host_inputs(game: Game, schema: dict) -> list[dict[str, Any]]:
    """Each host input of ``game``: its ``name`` and JSON ``schema`` (from the
    config schema's ``properties``) with ``label``, ``help`` and ``input``."""
    props = schema.get("properties", {})
    words = _words(game.id)
    out = []
    for name in game.host_inputs:
        w = words.get(name, {})
        out.append(
            {
                "name": name,
                "schema": props.get(name),
                "label": w.get("label") or name.replace("_", " ").capitalize(),
                "help": w.get("help", ""),
                "input": w.get("input", "json"),
                **{k: v for k, v in w.items() if k not in ("label", "help", "input")},
            }
        )
    return out
