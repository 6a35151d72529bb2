"""The types of the host's facade (``facade.py``): what an in-process adapter
(the Discord bot) is handed, and the host's types it may name.

The read models are frozen dataclasses: a seat's open request
(:class:`SeatRequest`), the answer to a submission or withdrawal
(:class:`Submitted`, carrying the new state of the seat), and the change
notice pushed after every commit (:class:`ChangeNotice`). The host's own
types an adapter names (an access, a created match, a season, the errors it
catches) are re-exported here, so that an adapter imports from the host only
this module and the facade (the ``discord-door`` contract of
``pyproject.toml``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .dburl import DEFAULT_URL
from .errors import Conflict, HostError, NotFound
from .overview_types import Overview

if TYPE_CHECKING:  # annotations only: this module stays light (module doc)
    from pydantic import JsonValue

    from mainmatch.engine.game import JSONObject, Request

if TYPE_CHECKING:
    from .access import Access
    from .chatstore import GuildSetup, Seat
    from .creation import Created
    from .deadlines import PolicyError
    from .delivery import Delivery
    from .season_book import Season
    from .season_service import SeasonService

#: the re-exported types that need the database layer: imported on first use,
#: so that a command naming :class:`BotHook` does not load SQLAlchemy
_LAZY = {
    "Access": "access",
    "GuildSetup": "chatstore",
    "Seat": "chatstore",
    "Created": "creation",
    "PolicyError": "deadlines",
    "Delivery": "delivery",
    "Season": "season_book",
    "SeasonService": "season_service",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __package__), name)


__all__ = [
    "DEFAULT_URL",
    "Access",
    "BotHook",
    "ChangeNotice",
    "Conflict",
    "Created",
    "Delivery",
    "GuildSetup",
    "HostError",
    "NotFound",
    "Overview",
    "PolicyError",
    "Season",
    "SeasonService",
    "Seat",
    "SeatRequest",
    "Submitted",
]


@dataclass(frozen=True)
class SeatRequest:
    """What one seat is asked in the open step, read in one transaction: the
    seat's player, the step, the request (``None``: nothing to do now), the
    stored submission and the draft built on Discord (``{}``: none)."""

    match_id: str
    player: str
    game_id: str
    status: str
    #: the open step's number (``None``: the match is over)
    open_step: int | None
    #: the player's request in the open step, as the rules give it
    request: Request | None
    #: the submission stored for the open step (as sent), ``None`` if none
    submission: JsonValue
    #: the stored submission was kept across an undo (decision SB5)
    kept: bool
    #: the Discord draft of this step
    draft: JSONObject
    #: the seats' players in order (a seat's component id names its position)
    players: tuple[str, ...]

    def asks(self, step: int) -> bool:
        """The seat has something to submit in step ``step``."""
        return self.request is not None and self.open_step == step


@dataclass(frozen=True)
class Submitted:
    """A submission's or withdrawal's outcome, with the seat's new state: the
    action stored (exactly as sent), whether the step resolved, and the
    deadline still running (``None``: resolved, or no deadline)."""

    match_id: str
    player: str
    step: int
    #: the action now stored for the step; ``None`` after a withdrawal
    action: Any
    resolved: bool
    deadline: float | None


@dataclass(frozen=True)
class ChangeNotice:
    """What the host pushes to its subscribers after a commit: which match
    changed (``"*"``: any may have, after a reconnection)."""

    match_id: str


@dataclass(frozen=True)
class BotHook:
    """How ``serve --discord`` runs the Discord bot beside the server, given by
    the layer above (``mainmatch.cli`` passes ``mainmatch.discord.cli``'s): the
    host never imports the Discord adapter (no import arrow back up)."""

    #: the bot's token, or a one-line error and ``typer.Exit`` (before anything starts)
    check: Callable[[], object]
    #: run the web ``app`` and the bot on one loop: ``serve(app, service, host=, port=, access_log=)``
    serve: Callable[..., None]
