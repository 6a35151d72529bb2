"""What a player or host reads must be words (issue 34 items 8-12): this finds
what is not, in any text a page, a Discord message or the command line shows.

Faults looked for: JSON or a Python repr (braces with quotes, ``None``,
``null``, ``True``/``False``), a field name (a ``snake_case`` word) and a
count of one with a plural noun ("1 garnets", "(1 workers)").
"""

from __future__ import annotations

import re

#: nouns the games and the tools count
PLURALS = [
    "garnets",
    "chips",
    "points",
    "cards",
    "workers",
    "votes",
    "rounds",
    "players",
    "items",
    "dollars",
    "seats",
    "tokens",
    "bids",
    "tiles",
    "matches",
    "steps",
    "prizes",
    "numbers",
    "trades",
    "auctions",
    "games",
    "minutes",
    "hours",
    "days",
    "seconds",
    "places",
]

_JSON = re.compile(r"""\{\s*["']|["']\s*\}|\{'|':\s|":\s*[\[{"\d]""")
_REPR = re.compile(r"\b(None|null|True|False)\b")
_SNAKE = re.compile(r"(?<![\w/.:#-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/.-])")
_ONE = re.compile(r"(?<![\d.,$-])\b1 (" + "|".join(PLURALS) + r")\b")


def faults(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Each piece of ``text`` that is not in words, with a little context.
    ``allowed`` holds words that look like field names but are the reader's own
    (ids a host chose, such as a game id on a page for hosts)."""
    out = []
    for pattern, what in (
        (_JSON, "JSON"),
        (_REPR, "repr"),
        (_SNAKE, "field name"),
        (_ONE, "plural"),
    ):
        for m in pattern.finditer(text):
            if what == "field name" and m.group(0) in allowed:
                continue
            at = m.start()
            out.append(f"{what}: …{text[max(0, at - 50) : m.end() + 30]}…".replace("\n", " / "))
    return out
