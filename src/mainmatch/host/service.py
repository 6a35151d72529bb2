"""The host service: every operation on matches, each one database transaction.

``HostService`` is the one facade every adapter (web pages, JSON API,
Discord, CLI, seasons) calls; it knows no HTTP and no Discord. It is made of
parts along the lines of the work:

- ``core.py``: the database, clock and snapshot cache, locking a match and
  its state by replay;
- ``access.py``: which match and role a link's token opens;
- ``creation.py``: creating a match and importing a record;
- ``steps.py``: the step life cycle (submit, withdraw, resolve, deadlines,
  undo, seats);
- ``botmoves.py``: bot seats' moves;
- ``overview.py``: per-role JSON (what each token may see).
"""

from __future__ import annotations

from .access import Access, AccessMixin
from .botmoves import BOT_TIME_LIMIT, BotsMixin
from .core import _game, available_games, bot_rng, broken_games, defaults_rng, game_of
from .creation import SEED_LIMIT, Created, CreationMixin
from .overview import OverviewMixin, action_schema, discord_post
from .steps import MAX_CHAIN

__all__ = [
    "BOT_TIME_LIMIT",
    "MAX_CHAIN",
    "SEED_LIMIT",
    "Access",
    "Created",
    "HostService",
    "_game",
    "action_schema",
    "available_games",
    "bot_rng",
    "broken_games",
    "defaults_rng",
    "discord_post",
    "game_of",
]


class HostService(AccessMixin, CreationMixin, BotsMixin, OverviewMixin):
    """Every operation on matches (see the module doc for its parts)."""
