"""The pieces of a Discord form: fields, parts, forms and the readers of typed text.

:mod:`mainmatch.discord.forms` derives every step's form from these and the
step's description; nothing here knows a game or checks a rule (the game does
when the service stores the action). Discord's limits are kept here: a modal
holds at most :data:`MODAL_FIELDS` inputs, a label at most :data:`LABEL`
characters, a select at most :data:`SELECT` options.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from mainmatch.engine.game import JSONObject

#: the action a form puts together on Discord, part by part (JSON, as sent)
Draft = JSONObject

#: inputs (text inputs or selects) one modal holds
MODAL_FIELDS = 5
#: characters of a modal's title or a field's label
LABEL = 45
#: characters of a placeholder
PLACEHOLDER = 100
#: options one select menu holds
SELECT = 25


class FormError(ValueError):
    """A field that cannot be read; the message names it, for the player."""


@dataclass(frozen=True)
class Field:
    key: str
    label: str  # at most LABEL characters
    placeholder: str = ""
    required: bool = True
    #: (value, shown) choices: a select menu instead of typing (1 to SELECT of them)
    options: tuple[tuple[str, str], ...] = ()
    #: how many choices a select takes at most
    most: int = 1


@dataclass(frozen=True)
class Part:
    """One modal: its fields and how their values change the draft."""

    id: str
    label: str
    fields: tuple[Field, ...]
    #: (draft, values) -> the new draft (or the whole action when ``submits``)
    apply: Callable[[Draft, dict[str, str]], Draft]
    #: draft -> the fields' current values (to prefill the modal)
    prefill: Callable[[Draft], dict[str, str]] = lambda d: {}
    #: the part is the whole action: submit it at once
    submits: bool = False
    #: a part that adds one element at a time: draft -> the fields' values that
    #: enter each element it holds again (``None``: the part fills its fields once)
    each: Callable[[Draft], list[dict[str, str]]] | None = None


@dataclass(frozen=True)
class Choice:
    """A select menu on the request itself that submits at once (an EC candidate)."""

    key: str
    label: str
    options: tuple[tuple[str, str], ...]
    #: the chosen option's value -> the action
    read: Callable[[str], Draft]


def _plain(action: Draft) -> str:
    return summary(action)


@dataclass(frozen=True)
class Form:
    parts: tuple[Part, ...]
    #: label -> the action one click submits (a pass)
    quick: dict[str, Draft] = field(default_factory=dict)
    #: a select that submits at once
    select: Choice | None = None
    #: True: the draft is submitted by a Submit button (compound actions)
    compound: bool = False
    #: what an untouched draft submits, under what the draft holds
    initial: Draft = field(default_factory=dict)
    #: a (partial) action read back in words
    echo: Callable[[Draft], str] = _plain
    #: the things the request offers that carry words of their own ("A: +15 points
    #: to YOU"), one a line: a player reads what they choose among before choosing
    offered: tuple[str, ...] = ()


# ==================================================================== readers


def whole(value: str, name: str, *, minimum: int | None = 0, maximum: int | None = None) -> int:
    """A whole number typed by a player, within its bounds.

    >>> whole(" 12 ", "chips")
    12
    >>> whole("1.5", "chips")
    Traceback (most recent call last):
    ...
    mainmatch.discord.formkit.FormError: chips must be a whole number, not '1.5'
    >>> whole("9", "chips", maximum=4)
    Traceback (most recent call last):
    ...
    mainmatch.discord.formkit.FormError: chips must be at most 4, not 9
    """
    text = value.strip().replace(",", "").lstrip("$")
    try:
        n = int(text)
    except ValueError:
        raise FormError(f"{name} must be a whole number, not {value.strip()!r}") from None
    if minimum is not None and n < minimum:
        raise FormError(f"{name} must be at least {minimum}, not {n}")
    if maximum is not None and n > maximum:
        raise FormError(f"{name} must be at most {maximum}, not {n}")
    return n


def words(value: str) -> list[str]:
    """Items separated by spaces or commas: ``"1, 2 +"`` -> ``["1", "2", "+"]``."""
    return [w for w in value.replace(",", " ").split() if w]


def short(text: str, limit: int = LABEL) -> str:
    """``text`` within ``limit`` characters, cut at a word with an ellipsis.

    >>> short("Garnets to turn into dollars", 20)
    'Garnets to turn…'
    """
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return (text[:cut] if cut > limit // 2 else text[: limit - 1]).rstrip(" ,;:(") + "…"


def json_action(text: str) -> Draft:
    try:
        action = json.loads(text)
    except ValueError:
        raise FormError("the action must be a JSON object, e.g. {}") from None
    if not isinstance(action, dict):
        raise FormError("the action must be a JSON object, e.g. {}")
    return action


def summary(action: Draft) -> str:
    """An action as plain ``key: value`` lines (for a step without words).

    >>> summary({"bids": {"A": {"chips": 3}}, "garnets": 0})
    'bids: {"A": {"chips": 3}}\\ngarnets: 0'
    >>> summary({})
    '(empty)'
    """
    if not action:
        return "(empty)"
    return "\n".join(f"{k}: {json.dumps(v)}" for k, v in action.items())
