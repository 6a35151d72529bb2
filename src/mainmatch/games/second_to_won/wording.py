"""Seed-style item wording, both ways (second_to_won spec §2.1, §2.2).

``item_text`` writes an item's effects the way the seed lists them
(``"+40 points & 2 Garnets to YOU"``); ``parse_item_text`` reads that
wording back into effects, so a host may write a catalogue as plain lines.

Grammar (keywords in any case; clauses with different targets joined by ``;``)::

    item   := clause (";" clause)*
    clause := part ("&" part)* "to" ("YOU" | "CHOICE" | "OTHERS")
    part   := ("+" | "-")N "point(s)"          -> add
            | "x"DECIMAL "point(s)"            -> multiply
            | N "Garnet(s)"                    -> garnets
            | "Information on Auction" N       -> info
"""

from __future__ import annotations

import re

from mainmatch.engine.game import JSONObject

_CLAUSE = re.compile(r"(?P<parts>.+?)\s+to\s+(?P<target>you|choice|others)", re.IGNORECASE)
_PARTS = (
    ("add", re.compile(r"([+-]?[0-9]+)\s*points?", re.IGNORECASE)),
    ("multiply", re.compile(r"[x×]\s*([0-9]+(?:\.[0-9]+)?)\s*points?", re.IGNORECASE)),
    ("garnets", re.compile(r"([0-9]+)\s*garnets?", re.IGNORECASE)),
    ("info", re.compile(r"information\s+on\s+auction\s+([0-9]+)", re.IGNORECASE)),
)
GRAMMAR_HINT = (
    'write it like "+15 points to YOU", "x1.5 points to CHOICE", "+40 points & 2 Garnets to YOU", '
    '"+10 points & Information on Auction 5 to YOU" (several targets: join clauses with ";")'
)


class WordingError(ValueError):
    """A seed-style item text that cannot be read; the message says why."""


def effect_text(effect: JSONObject) -> str:
    """One effect in the seed's words.

    >>> effect_text({"target": "you", "add": 40, "garnets": 2})
    '+40 points & 2 Garnets to YOU'
    >>> effect_text({"target": "choice", "add": -10})
    '-10 points to CHOICE'
    >>> effect_text({"target": "you", "info": 5})
    'Information on Auction 5 to YOU'
    """
    parts = []
    if "multiply" in effect:
        parts.append(f"x{effect['multiply']} points")
    if "add" in effect:
        n = effect["add"]
        parts.append(f"{n:+d} point{'' if abs(n) == 1 else 's'}")
    if "garnets" in effect:
        g = effect["garnets"]
        parts.append(f"{g} Garnet{'s' if g != 1 else ''}")
    if "info" in effect:
        parts.append(f"Information on Auction {effect['info']}")
    return f"{' & '.join(parts)} to {effect['target'].upper()}"


def item_text(effects: list[JSONObject]) -> str:
    """All effects of an item in the seed's words, joined with ``"; "``."""
    return "; ".join(effect_text(e) for e in effects)


def parse_item_text(text: str) -> list[JSONObject]:
    """The effects a seed-style item text describes (see the module doc).

    >>> parse_item_text("+40 points & 2 Garnets to YOU")
    [{'target': 'you', 'add': 40, 'garnets': 2}]
    >>> parse_item_text("x1.5 points to YOU; +5 points to OTHERS")
    [{'target': 'you', 'multiply': '1.5'}, {'target': 'others', 'add': 5}]
    """
    effects = []
    for raw in text.split(";"):
        clause = raw.strip()
        m = _CLAUSE.fullmatch(clause)
        if m is None:
            raise WordingError(
                f'cannot read {clause!r}: a clause ends with "to YOU", "to CHOICE" or "to OTHERS"; {GRAMMAR_HINT}'
            )
        effect: JSONObject = {"target": m["target"].lower()}
        found: JSONObject = {}
        for part in (p.strip() for p in m["parts"].split("&")):
            for key, pattern in _PARTS:
                pm = pattern.fullmatch(part)
                if pm is not None:
                    break
            else:
                raise WordingError(f"cannot read {part!r} in {clause!r}; {GRAMMAR_HINT}")
            if key in found:
                raise WordingError(f"{clause!r} gives {key} twice")
            found[key] = pm[1] if key == "multiply" else int(pm[1])
        # the spec's key order (§2.1 examples): target, add, multiply, garnets, info
        for key in ("add", "multiply", "garnets", "info"):
            if key in found:
                effect[key] = found[key]
        effects.append(effect)
    return effects
