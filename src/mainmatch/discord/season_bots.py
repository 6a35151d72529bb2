"""``/mm season new-match bots:``: which seats of the season's next Main Match
a bot plays, the others being the cast members' own Discord accounts.

``bots`` names seats by player id or mention, each alone (the game's
``strategy`` bot where it has one, else ``random``) or as ``SEAT=BOT``;
e.g. ``ann2 ann3=random``. A seat must be one of the chosen players and a
bot one the game has (the error lists them); one line, nothing made.
"""

from __future__ import annotations

import re

from mainmatch.bots import bot_names
from mainmatch.host.facade_types import Season

from .hosting import HostingError

_MENTION = re.compile(r"<@!?(\d{15,21})>")


def default_bot(game_id: str) -> str:
    """The bot a seat named alone gets: the game's ``strategy`` bot, else ``random``."""
    return "strategy" if "strategy" in bot_names(game_id) else "random"


def _seat(season: Season, who: str) -> str:
    """A seat named by player id or by mention (the cast member's ``discord_id``)."""
    found = _MENTION.fullmatch(who.strip())
    if found is None:
        return who.strip()
    uid = int(found.group(1))
    for c in season.settings.cast:
        if c.discord_id == uid:
            return c.id
    raise HostingError(f"bots: <@{uid}> is not in the cast of season {season.name}")


def seat_bots(text: str, game_id: str, chosen: list[str], season: Season) -> dict[str, str]:
    """``{player: bot}`` from ``text``, for a match of ``chosen`` players of ``season``."""
    known = bot_names(game_id)
    out: dict[str, str] = {}
    for item in [w for w in re.split(r"[\s,]+", text.strip()) if w]:
        who, eq, name = item.partition("=")
        player = _seat(season, who)
        name = name.strip() if eq else default_bot(game_id)
        if player not in chosen:
            raise HostingError(f"bots: {player} is not one of the players of this match")
        if name not in known:
            raise HostingError(f"bots: no bot {name!r} for this game; bots: {', '.join(known)}")
        if player in out:
            raise HostingError(f"bots: {player} is named twice")
        out[player] = name
    return out
