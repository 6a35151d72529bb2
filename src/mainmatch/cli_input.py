"""The ``mainmatch`` command's inputs: its files (records, configs, item
catalogues) and options (``--set``, ``--players``), read into values or one
line naming the mistake (:class:`UserError`, exit 2)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mainmatch import games
from mainmatch.engine.errors import InvalidConfig, MainmatchError

if TYPE_CHECKING:  # annotations only: the command starts without them
    from types import ModuleType

    from mainmatch.engine.game import Config, Game, JSONObject, State


class UserError(MainmatchError):
    """A mistake in the command line or its files."""


def read_json(path: Path, what: str) -> Any:
    from mainmatch.engine.jsonfile import read_json

    return read_json(path, what, UserError)


def read_catalogue(path: Path) -> Any:
    """An ``--items`` file: JSON, or the seed's words as /new's catalogue box takes them
    (one item per line, a blank line between auctions; second_to_won spec §2.1)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return read_json(path, "--items")  # its one line for a missing or unreadable file
    if text.lstrip().startswith(("[", "{")):
        return read_json(path, "--items")
    return [
        [line.strip() for line in auction.splitlines() if line.strip()]
        for auction in re.split(r"\n\s*\n", text)
        if auction.strip()
    ]


def write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror}") from None


def parse_sets(sets: list[str]) -> JSONObject:
    options: JSONObject = {}
    for item in sets:
        key, eq, raw = item.partition("=")
        if not eq or not key:
            raise UserError(f"--set {item!r}: write KEY=JSON, e.g. --set 'garnets={{\"jk\": 2}}'")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise UserError(
                f"--set {key}: value is not JSON ({exc.msg}); quote strings, e.g. '\"red\"'"
            ) from None
    return options


def players_of(game: Game[State], players: str | None) -> list[str]:
    """``--players``: player ids separated by commas, or a count (that many of
    the game's default ids); either within the game's player range."""
    if players is None:
        return game.default_lineup()
    if players.strip().isdigit():
        names = None
        count = int(players)
    else:
        names = [p.strip() for p in players.split(",")]
        if any(not p for p in names):
            raise UserError("--players: give player ids separated by commas, none empty")
        count = len(names)
    why = game.takes_players(count)
    if why is not None:
        raise UserError(f"--players: {why}")
    return game.default_lineup(count) if names is None else names


def no_catalogue(g: Game[State]) -> str:
    """``--items`` for a game without an item catalogue: the games that have one
    (those whose package offers ``load_catalogue``), read from the registry."""
    have = [x.id for x in games.all_games() if hasattr(game_package(x), "load_catalogue")]
    return (
        f"--items is for a game's item catalogue ({', '.join(have) or 'none'}); {g.id} has no items"
    )


def game_package(g: Game[State]) -> ModuleType | None:
    """The package a game lives in (``mainmatch.games.<id>``), for its extras."""
    return sys.modules.get(type(g).__module__.rsplit(".", 1)[0])


def complete_config(g: Game[State], data: JSONObject) -> Config | None:
    """``data`` itself if it is a whole valid config, else None (host inputs)."""
    if "players" not in data or set(data) - {"players"} <= set(g.host_inputs):
        return None
    try:
        return g.check_config(data)
    except InvalidConfig:
        if set(data) <= set(g.host_inputs) | {"players"}:
            return None
        raise
