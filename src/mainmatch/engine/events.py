"""Events: what happened in a step, each with its audience.

An event is a plain JSON object ``{"audience": "public" | [ids], "type": ...,
...fields}`` exactly as each game's spec lists it (engine spec "event").
Hosts announce public events to everyone and private ones by DM.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

PUBLIC = "public"


def public(type_: str, **fields: Any) -> dict[str, Any]:
    """A public event: ``public("round_start", round=2)``."""
    return {"audience": PUBLIC, "type": type_, **fields}


def private(players: Iterable[str], type_: str, **fields: Any) -> dict[str, Any]:
    """An event seen only by ``players`` (a list, in the order given)."""
    return {"audience": list(players), "type": type_, **fields}


def is_public(event: dict[str, Any]) -> bool:
    return bool(event["audience"] == PUBLIC)


def visible_to(event: dict[str, Any], player: str | None) -> bool:
    """Whether ``player`` (``None``: a spectator) may see ``event``."""
    if event["audience"] == PUBLIC:
        return True
    return player is not None and player in event["audience"]


def for_viewer(events: Iterable[dict[str, Any]], player: str | None) -> list[dict[str, Any]]:
    """The events ``player`` may see, in order (``None``: the public ones)."""
    return [e for e in events if visible_to(e, player)]
