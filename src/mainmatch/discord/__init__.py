"""The Discord bot: host and play a whole match without leaving Discord.

``build_bot(db_url)`` builds the bot (``/mm`` commands, persistent components,
the delivery loop) over the same database and service layer as the web
server, without touching the network until ``bot.start(token)``.
"""

from __future__ import annotations

from .bot import MainmatchBot, build_bot

__all__ = ["MainmatchBot", "build_bot"]
