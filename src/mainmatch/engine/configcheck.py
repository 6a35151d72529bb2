"""Checks every game's config shares: the player list, orderings of all
players, and maps with one entry per player (garnets).

Each returns ``None`` when the field is valid, else one line ``"field:
problem"`` that a game raises (as ``InvalidConfig``, prefixed ``config.``, or
as a ``ValueError`` inside a pydantic validator).
"""

from __future__ import annotations

from .checks import is_json_int, json_type


def players_fault(players: object, count: int, title: str) -> str | None:
    """``players`` must be ``count`` distinct non-empty string ids.

    >>> players_fault(["a", "a"], 2, "Duel")
    "players: duplicate player ids ['a']"
    """
    if not isinstance(players, list):
        return f"players: must be a list of {count} player ids, not {json_type(players)}"
    if len(players) != count:
        return f"players: {title} takes exactly {count} players, not {len(players)}"
    for p in players:
        if not isinstance(p, str) or not p:
            shown = "an empty string" if isinstance(p, str) else json_type(p)
            return f"players: a player id must be a non-empty string, not {shown}"
    if len(set(players)) != len(players):
        dup = sorted({p for p in players if players.count(p) > 1})
        return f"players: duplicate player ids {dup}"
    return None


def ordering_fault(name: str, value: object, players: list[str]) -> str | None:
    """``value`` must list each player exactly once (a seating, a tiebreak)."""
    if (
        not isinstance(value, list)
        or len(value) != len(players)
        or not all(isinstance(p, str) for p in value)
        or set(value) != set(players)
    ):
        return f"{name}: must list each of the {len(players)} players exactly once"
    return None


def player_map_fault(name: str, mapping: object, players: list[str]) -> str | None:
    """``mapping`` must have a key for every player and no other key."""
    if not isinstance(mapping, dict):
        return f"{name}: must be an object with one entry per player, not {json_type(mapping)}"
    if set(mapping) != set(players):
        missing = [p for p in players if p not in mapping]
        extra = sorted(set(mapping) - set(players))
        return (
            f"{name}: must have every player and no one else (missing {missing}, unknown {extra})"
        )
    return None


def garnets_fault(garnets: object, players: list[str]) -> str | None:
    """Garnets held at the start: every player, each a whole number >= 0."""
    fault = player_map_fault("garnets", garnets, players)
    if fault or not isinstance(garnets, dict):
        return fault
    for p in players:
        g = garnets[p]
        if not is_json_int(g) or g < 0:
            return f"garnets.{p}: must be a whole number >= 0, not {g if is_json_int(g) else json_type(g)}"
    return None
