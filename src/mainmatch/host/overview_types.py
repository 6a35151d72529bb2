"""The overview's typed read model: what ``HostService.overview`` gives each role
(the JSON of ``GET /api/matches/ID``; docs/api.md lists its fields).

``TypedDict``s: the overview stays the plain JSON object it always was (same keys,
same order, nothing built per answer), and the type checker reads every key an
adapter reads. A key marked ``NotRequired`` is in one role's overview only.
"""

# no ``from __future__ import annotations``: ``NotRequired`` must be seen when each
# class is made, so that ``__required_keys__`` is right at run time (the tests read it)
from typing import NotRequired, TypedDict

from mainmatch.engine.game import Event, JSONObject, Request, View


class GameInfo(TypedDict):
    """The match's game: its id and name, this match's player count and the game's range."""

    id: str
    title: str
    player_count: int
    players_min: int
    players_max: int


class SeatInfo(TypedDict):
    """A seat in seat order, and the bot that plays it (``None``: a person)."""

    player: str
    bot: str | None


class PendingSeat(TypedDict):
    """A player the open step waits for, and the step kind asked."""

    player: str
    kind: str


class Announcement(TypedDict):
    """A step's public post (step 0: the opening post), and what a role may read of its DMs."""

    step: int
    at: float
    public: str
    next_deadline: float | None
    #: the host's: each player's DM of the step (players who got one)
    dms: NotRequired[dict[str, str]]
    #: the host's: the players who got the rules' defaults at the step
    defaulted: NotRequired[list[str]]
    #: a player's: their own DM of the step (``None``: none)
    dm: NotRequired[str | None]
    #: the public text and the next deadline as a Discord timestamp, as the host pastes it
    post: str


class Submission(TypedDict):
    """A player's own submission for the open step."""

    action: JSONObject
    submitted_at: float
    by_bot: bool
    kept: bool


class Links(TypedDict):
    """The host's links: the spectator's token and each player's."""

    spectator: str
    players: dict[str, str]


class Overview(TypedDict):
    """Everything a role may see of its match (``overview.py``); keys in the API's order."""

    match: str
    role: str  # "host" | "player" | "spectator"
    game: GameInfo
    title: str
    status: str  # "running" | "over"
    revision: int
    steps_applied: int
    open_step: int | None
    step_opened_at: float | None
    deadline: float | None
    deadlines: dict[str, str]
    early_resolution: bool
    stopped: bool
    now: float
    seats: list[SeatInfo]
    pending: list[PendingSeat]
    #: the game's result once the match is over (``Game.result``)
    result: JSONObject | None
    #: the role's view: a player's own, else the public one (``Game.view``)
    view: View
    announcements: list[Announcement]
    # a player's
    you: NotRequired[str]
    request: NotRequired[Request | None]
    action_schema: NotRequired[JSONObject | None]
    submission: NotRequired[Submission | None]
    #: each step's events the player may see, oldest step first
    events: NotRequired[list[list[Event]]]
    # the host's
    broken: NotRequired[str | None]
    links: NotRequired[Links]
    pending_status: NotRequired[dict[str, str]]


__all__ = [
    "Announcement",
    "GameInfo",
    "Links",
    "Overview",
    "PendingSeat",
    "SeatInfo",
    "Submission",
]
