"""Events: what happened in a step, each with its audience.

An event is a plain JSON object ``{"audience": "public" | [ids], "type": ...,
...fields}`` exactly as each game's spec lists it (engine spec "event").
Hosts announce public events to everyone and private ones by DM.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

PUBLIC = "public"
#: an event (a JSON object) of whatever type the caller holds
E = TypeVar("E", bound=Mapping[str, object])


def public(type_: str, **fields: object) -> dict[str, object]:
    """A public event: ``public("round_start", round=2)``."""
    return {"audience": PUBLIC, "type": type_, **fields}


def private(players: Iterable[str], type_: str, **fields: object) -> dict[str, object]:
    """An event seen only by ``players`` (a list, in the order given)."""
    return {"audience": list(players), "type": type_, **fields}


def is_public(event: Mapping[str, object]) -> bool:
    return bool(event["audience"] == PUBLIC)


def visible_to(event: Mapping[str, object], player: str | None) -> bool:
    """Whether ``player`` (``None``: a spectator) may see ``event``."""
    if event["audience"] == PUBLIC:
        return True
    audience = event["audience"]
    return player is not None and isinstance(audience, list) and player in audience


def for_viewer(events: Iterable[E], player: str | None) -> list[E]:
    """The events ``player`` may see, in order (``None``: the public ones)."""
    return [e for e in events if visible_to(e, player)]
