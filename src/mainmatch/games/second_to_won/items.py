"""Items: checking the host's item objects, compiling them, showing them
(second_to_won spec §2.1).

An item is ``{"effects": [EFFECT, ...], "text"?: string}``; an effect is
``{"target": "you" | "choice" | "others"}`` plus at least one of ``add`` (int,
any sign), ``multiply`` (a decimal string, exact), ``garnets`` (int >= 1) and
``info`` (a later auction). The engine computes with compiled effects
(``Fraction`` multipliers); people and clients always see the config's object
as given, plus its ``letter`` (decision 37).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import lru_cache

from mainmatch.engine.checks import is_json_int, json_type
from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import JSONObject

from .models import EFFECT_KEYS, TARGETS

_DECIMAL = re.compile(r"[0-9]+(\.[0-9]+)?")
_TARGETS_TEXT = '"you", "choice" or "others"'


def is_decimal(text: object) -> bool:
    """§2.1 ``multiply``: digits, optionally ``.`` and digits, nothing else.

    >>> [is_decimal(s) for s in ("1.5", "2", "0.25", "1.5 ", ".5", "1e2", "-1", 1.5)]
    [True, True, True, False, False, False, False, False]
    """
    # fullmatch, unlike "$", refuses a trailing newline; [0-9] refuses other scripts' digits
    return isinstance(text, str) and _DECIMAL.fullmatch(text) is not None


def _shown(value: object) -> str:
    return repr(value) if isinstance(value, str) else json.dumps(value)


def effect_fault(effect: object, auction: int, n_auctions: int) -> str | None:
    """What is wrong with one effect of an item of auction ``auction``
    (1-based) in a catalogue of ``n_auctions``, or ``None``."""
    if not isinstance(effect, dict):
        return f'must be an object like {{"target": "you", "add": 10}}, not {json_type(effect)}'
    unknown = [k for k in effect if k != "target" and k not in EFFECT_KEYS]
    if unknown:
        return f"unknown key {_shown(min(map(str, unknown)))}; an effect has target and add, multiply, garnets, info"
    if "target" not in effect:
        return f'missing "target" ({_TARGETS_TEXT})'
    target = effect["target"]
    if target not in TARGETS or not isinstance(target, str):
        return f"target must be {_TARGETS_TEXT}, not {_shown(target)}"
    if not any(k in effect for k in EFFECT_KEYS):
        return "needs at least one of add, multiply, garnets, info besides target"
    if "add" in effect and not is_json_int(effect["add"]):
        return f"add must be a whole number of points, not {_shown(effect['add'])}"
    if "multiply" in effect:
        m = effect["multiply"]
        if not isinstance(m, str):
            return f'multiply must be a decimal string like "1.5", not {json_type(m)}'
        if not is_decimal(m):
            return f'multiply {m!r} is not a decimal like "1.5"'
    if "garnets" in effect:
        g = effect["garnets"]
        if not is_json_int(g) or g < 1:
            return f"garnets must be a whole number >= 1, not {_shown(g)}"
    if "info" in effect:
        j = effect["info"]
        if auction >= n_auctions:
            return f"info must name a later auction, but auction {auction} is the last"
        if not is_json_int(j) or not auction < j <= n_auctions:
            later = (
                f"{auction + 1}" if auction + 1 == n_auctions else f"{auction + 1}..{n_auctions}"
            )
            return f"info must name a later auction ({later}), not {_shown(j)}"
    return None


def item_fault(item: object, auction: int, n_auctions: int) -> str | None:
    """What is wrong with an item object (§2.1), or ``None``."""
    if not isinstance(item, dict):
        return f'must be an object like {{"effects": [{{"target": "you", "add": 10}}]}}, not {json_type(item)}'
    unknown = [k for k in item if k not in ("effects", "text")]
    if unknown:
        return f'unknown key {_shown(min(map(str, unknown)))}; an item has "effects" and optionally "text"'
    if "effects" not in item:
        return 'missing "effects" (a list of at least one effect)'
    effects = item["effects"]
    if not isinstance(effects, list) or not effects:
        return f'"effects" must be a non-empty list of effects, not {"an empty list" if effects == [] else json_type(effects)}'
    if "text" in item and not isinstance(item["text"], str):
        return f'"text" must be a string, not {json_type(item["text"])}'
    for n, effect in enumerate(effects, 1):
        fault = effect_fault(effect, auction, n_auctions)
        if fault:
            return f"effect {n}: {fault}"
    return None


def where(auction_index: int, item_index: int | None = None) -> str:
    """The location of an auction or item in messages:
    ``auctions[2][4] (auction 3, item E)``."""
    if item_index is None:
        return f"auctions[{auction_index}] (auction {auction_index + 1})"
    letter = chr(ord("A") + item_index) if 0 <= item_index < 26 else "?"
    return f"auctions[{auction_index}][{item_index}] (auction {auction_index + 1}, item {letter})"


# ---------------------------------------------------------------- compiled


@immutable
class CompiledEffect:
    """An effect ready for resolution (§4.4); ``multiply`` exact."""

    target: str
    add: int
    multiply: Fraction | None
    garnets: int
    info: int | None


@lru_cache(maxsize=256)
def decimal(text: str) -> Fraction:
    """A ``multiply`` string as an exact fraction (cached: catalogues repeat a few values)."""
    return Fraction(text)


def compile_item(item: JSONObject) -> tuple[CompiledEffect, ...]:
    return tuple(
        CompiledEffect(
            target=e["target"],
            add=e.get("add", 0),
            multiply=decimal(e["multiply"]) if "multiply" in e else None,
            garnets=e.get("garnets", 0),
            info=e.get("info"),
        )
        for e in item["effects"]
    )


def has_choice(item: JSONObject) -> bool:
    """Whether a bid on ``item`` must name a CHOICE player (§3.1 2d)."""
    return any(e["target"] == "choice" for e in item["effects"])


def show_item(letter: str, item: JSONObject) -> JSONObject:
    """The item as people and clients see it: the config's object as given,
    ``letter`` first (§2.1 "Items as shown", decision 37). A fresh copy."""
    out = {"letter": letter, **item}
    out["effects"] = list(map(dict, item["effects"]))  # keeps the key's place in the config's order
    return out


def show_auction(items: list[JSONObject] | tuple[JSONObject, ...]) -> list[JSONObject]:
    return [show_item(letter, item) for letter, item in zip("ABCDEF", items)]
