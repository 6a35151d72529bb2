"""The host inputs of a game in people's words, for the /new page and the API.

Each game's host inputs (``Game.host_inputs``, the options of ``new_config``)
get a label, a help text taken from the game's spec, and the kind of input that
fits them (the game's own ``web/inputs.json`` over ``_common.inputs.json``).
A step kind's words come from the game's step description.
The page never shows a config key: an input with no words falls back to its
name written as words.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Game, JSONObject, Request, State
from mainmatch.engine.steps import offered_inputs, steps_json

from .gameweb import input_words

#: the words of the host inputs every game shares (a game's own ``web/inputs.json`` adds to them)
COMMON = Path(__file__).with_name("templates") / "games" / "_common.inputs.json"
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


def kind_words(game: Game[State], kind: str) -> str:
    """What step ``kind`` asks of the player it is sent to, from the game's step
    description (``StepDescription.ask``: "bid in the live auction")."""
    try:
        return game.step(kind).ask
    except IllegalAction:  # not a step of this game (an old deadline key): its name
        return kind.replace("_", " ")


def kind_task(game: Game[State], kind: str) -> str:
    """The same said of someone else (the host, a spectator, another player):
    ``StepDescription.others_task`` ("moves for the round", no "your")."""
    try:
        return game.step(kind).others_task()
    except IllegalAction:
        return kind.replace("_", " ")


def describe_step(game: Game[State], kind: str, request: Request | None = None) -> JSONObject:
    """Step ``kind``'s description as JSON (``engine.steps.steps_json``): its
    words and the tree of its inputs, which the web form is built from; for a
    ``request``, only the inputs it leaves something to choose in
    (``engine.steps.offered_inputs``: no purchase with nothing left to buy)."""
    out: JSONObject = steps_json({kind: game.step(kind)})[kind]
    if request is not None:
        keep = {n.name for n in offered_inputs(game.step(kind).inputs(), request)}
        out = {**out, "inputs": [i for i in out["inputs"] if i["name"] in keep]}
    return out


@cache
def _words(game_id: str) -> dict[str, JSONObject]:
    out: dict[str, JSONObject] = json.loads(COMMON.read_text(encoding="utf-8"))
    for key, value in input_words(game_id).items():
        out[key] = {**out.get(key, {}), **value}
    return out


def host_inputs(game: Game[State], schema: JSONObject) -> list[JSONObject]:
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
