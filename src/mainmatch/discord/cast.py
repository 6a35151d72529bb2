"""A season's cast members named on Discord: by player id or by mention.

Shared by ``/mm season`` (``season.py``) and ``/mm season new-match``
(``season_match.py``), so that neither imports the other.
"""

from __future__ import annotations

import re

from mainmatch.host.facade_types import Season

from .checks import Refused

_MENTION = re.compile(r"<@!?(\d{15,21})>")


def cast_id(season: Season, given: str) -> str:
    """The cast member ``given`` names: a mention is read through the cast's
    ``discord_id``; anything else is taken as a player id."""
    found = _MENTION.fullmatch(given.strip())
    if found:
        uid = int(found.group(1))
        for c in season.settings.cast:
            if c.discord_id == uid:
                return c.id
        raise Refused(f"<@{uid}> is not in the cast of season {season.name}.")
    return given.strip()


def cast_players(season: Season, text: str) -> list[str]:
    """Players named by ids or mentions, separated by spaces or commas."""
    return [cast_id(season, w) for w in re.split(r"[\s,]+", text.strip()) if w]
