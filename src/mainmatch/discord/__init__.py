"""The Discord bot: host and play a whole match without leaving Discord.

``build_bot(db_url)`` builds the bot (``/mm`` commands, persistent components,
the delivery loop) over the same database and service layer as the web
server, without touching the network until ``bot.start(token)``. Both names
are imported on first use, so that ``mainmatch`` commands which never start
the bot do not load discord.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .bot import MainmatchBot, build_bot

__all__ = ["MainmatchBot", "build_bot"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import bot

        return getattr(bot, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
