"""What ``simulate``, ``sweep`` and ``search`` share: reading ``--variant``,
``--vary`` and ``--bot-params`` into checked values (one line on any fault)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mainmatch import games
from mainmatch.bots.families import read_tuned_bot
from mainmatch.engine.errors import InvalidConfig, MainmatchError
from mainmatch.engine.game import JSONObject
from mainmatch.engine.jsonfile import read_json
from mainmatch.engine.variants import check_variant, parse_assignments

#: ``--players N`` of simulate, search and balance (``plan.seat_count``)
PLAYERS_HELP = (
    "the table size, for a game with a range of players (default: as many as the game's "
    "default players, the one number of a game for exactly N)"
)


def variant_option(game_id: str, items: Iterable[str] | None) -> dict[str, int]:
    """``--variant KEY=VALUE`` (repeatable) -> the variant (official keys dropped)."""
    items = list(items or ())
    if not items:
        return {}
    try:
        return parse_assignments(games.get(game_id), items)
    except InvalidConfig as exc:
        raise MainmatchError(str(exc)) from None


def vary_option(game_id: str, items: Iterable[str]) -> list[tuple[str, list[int]]]:
    """``--vary KEY=V1,V2,...`` (repeatable) -> ``[(key, [values])]``; each value is
    checked alone here, combinations when the grid is built."""
    game = games.get(game_id)
    names = [k.name for k in game.variant_keys]
    out: list[tuple[str, list[int]]] = []
    for item in items:
        key, eq, raw = item.partition("=")
        key = key.strip()
        if not eq or not key or not raw.strip():
            raise MainmatchError(f"--vary {item!r}: write KEY=V1,V2,..., e.g. --vary streak=5,6")
        if key not in names:
            listed = ", ".join(names) or "none"
            raise MainmatchError(f"--vary {key}: {game.id} has no such key; keys: {listed}")
        if any(key == k for k, _ in out):
            raise MainmatchError(f"--vary {key}: given twice; list all its values in one --vary")
        values: list[int] = []
        for part in raw.split(","):
            try:
                value = int(part.strip())
            except ValueError:
                raise MainmatchError(
                    f"--vary {key}: {part.strip()!r} is not a whole number"
                ) from None
            if value in values:
                raise MainmatchError(f"--vary {key}: {value} is listed twice")
            values.append(value)
        for value in values:  # a bad value alone (out of range) fails before any match
            variant_option(game_id, [f"{key}={value}"])
        out.append((key, values))
    if len(out) > 2:
        raise MainmatchError(
            "--vary: at most two keys (a line per bot over one, a heatmap over two)"
        )
    return out


def cell_variant(game_id: str, base: dict[str, int], cell: dict[str, int]) -> dict[str, int]:
    """The variant of one sweep cell: ``base`` (``--variant``) with the cell's values."""
    try:
        return check_variant(games.get(game_id), {**base, **cell})
    except InvalidConfig as exc:
        raise MainmatchError(str(exc)) from None


def bot_params_option(
    game_id: str, paths: Iterable[Path] | None
) -> dict[str, tuple[str, JSONObject]]:
    """``--bot-params FILE`` (repeatable) -> tuned bots by name."""
    out: dict[str, tuple[str, JSONObject]] = {}
    for path in paths or ():
        where = f"--bot-params {path}"
        game, family, name, params = read_tuned_bot(read_json(path, "--bot-params"), where)
        if game != game_id:
            raise MainmatchError(f"{where}: the bot plays {game}, not {game_id}")
        if name in out:
            raise MainmatchError(f"{where}: a second bot named {name!r}")
        out[name] = (family, params)
    return out
