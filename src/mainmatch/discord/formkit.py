"""The pieces of a Discord form: fields, parts, forms and the readers of typed text.

:mod:`mainmatch.discord.forms` builds each game's forms from these; nothing here
knows a game or checks a rule (the game does when the service stores the action).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Draft = dict[str, Any]
Request = dict[str, Any]


class FormError(ValueError):
    """A field that cannot be read; the message names it, for the player."""


@dataclass(frozen=True)
class Field:
    key: str
    label: str  # at most 45 characters (Discord's limit)
    placeholder: str = ""
    required: bool = True
    #: the request's choices for this field: a select instead of typing (up to 25)
    options: Callable[[Request], list[str]] | None = None
    #: how many choices a select takes at most
    most: int = 1


@dataclass(frozen=True)
class Part:
    id: str
    label: str
    fields: tuple[Field, ...]
    #: (draft, values, request) -> the new draft (or the whole action when ``submits``)
    apply: Callable[[Draft, dict[str, str], Request], Draft]
    #: draft -> the fields' current values (to prefill the modal)
    prefill: Callable[[Draft], dict[str, str]] = lambda d: {}
    #: the part is the whole action: submit it at once
    submits: bool = False


@dataclass(frozen=True)
class Form:
    parts: tuple[Part, ...]
    #: label -> (action) submitted by one click, e.g. a pass
    quick: Callable[[Request], dict[str, Draft]] = lambda r: {}
    #: the request's options for a select menu that submits at once: (key, options)
    select: Callable[[Request], tuple[str, list[str]] | None] = lambda r: None
    #: True: the draft is submitted by a Submit button (compound actions)
    compound: bool = field(default=False)
    #: what an untouched draft submits (Second to Won needs its ``bids`` key)
    initial: Draft = field(default_factory=dict)


# ==================================================================== readers


def whole(value: str, name: str, *, minimum: int | None = 0) -> int:
    """A whole number typed by a player.

    >>> whole(" 12 ", "chips")
    12
    >>> whole("1.5", "chips")
    Traceback (most recent call last):
    ...
    mainmatch.discord.formkit.FormError: chips must be a whole number, not '1.5'
    """
    text = value.strip().replace(",", "").lstrip("$")
    try:
        n = int(text)
    except ValueError:
        raise FormError(f"{name} must be a whole number, not {value.strip()!r}") from None
    if minimum is not None and n < minimum:
        raise FormError(f"{name} must be at least {minimum}, not {n}")
    return n


def words(value: str) -> list[str]:
    """Items separated by spaces or commas: ``"1, 2 +"`` -> ``["1", "2", "+"]``."""
    return [w for w in value.replace(",", " ").split() if w]


def opt_whole(values: dict[str, str], key: str, name: str) -> int | None:
    v = values.get(key, "").strip()
    return None if v == "" else whole(v, name)


def text_of(x: Any) -> str:
    """A value prefilled into a field: blank for none."""
    return "" if x is None else str(x)


def one_part(part_id: str, label: str, fields: tuple[Field, ...], read: Callable) -> Part:
    return Part(part_id, label, fields, lambda d, v, r: read(v, r), submits=True)


def json_action(text: str) -> Draft:
    try:
        action = json.loads(text)
    except ValueError:
        raise FormError("the action must be a JSON object, e.g. {}") from None
    if not isinstance(action, dict):
        raise FormError("the action must be a JSON object, e.g. {}")
    return action


def summary(action: Draft) -> str:
    """An action as a player reads it back: one line per part, JSON values.

    >>> summary({"bids": {"A": {"chips": 3}}, "garnets": 0})
    'bids: {"A": {"chips": 3}}\\ngarnets: 0'
    >>> summary({})
    '(empty)'
    """
    if not action:
        return "(empty)"
    return "\n".join(f"{k}: {json.dumps(v)}" for k, v in action.items())
