"""The one door of in-process adapters into the host: :class:`Door`.

The Discord bot reaches the host only through this module and its types
(``facade_types.py``); the ``discord-door`` contract of ``pyproject.toml``
keeps it so. Every method is one typed call of the service layer
(``service.py``, ``season_service.py``), of the bot's tables
(``chatstore.py``) or of the delivery queue (``delivery.py``), most of them
one transaction each; the bot runs them off its event loop.

Two queries exist for the bot's hot paths (issue 32, item 3):
:meth:`Door.seat_request` reads what a seat is asked, its submission and its
draft in one transaction, without building an overview, and
:meth:`Door.submit` answers with the seat's new state, so a Discord modal
submission costs two transactions. After every commit the host pushes a
:class:`~mainmatch.host.facade_types.ChangeNotice` to its subscribers
(:meth:`Door.listen`), whichever process made the change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mainmatch.engine.game import JSONObject

from . import admin, delivery, notify, season_visibility
from .access import Access
from .chatstore import DiscordSeatRow, DraftRow, GuildSetup, Seat, Store
from .creation import Created
from .db import Database
from .deadlines import discord_timestamp, policies_words
from .errors import NotFound
from .facade_types import ChangeNotice, Overview, SeatRequest, Submitted
from .models import MatchRow, SubmissionRow
from .ratelimit import GUESS_BURST, GUESSES_PER_SECOND, DbBuckets
from .season_service import SeasonService
from .service import HostService, available_games
from .words import view_words

__all__ = [
    "GUESSES_PER_SECOND",
    "GUESS_BURST",
    "Database",
    "DbBuckets",
    "Door",
    "available_games",
    "discord_timestamp",
    "load_admin_key",
    "policies_words",
    "posting_place",
    "season_visibility",
    "view_words",
]

#: the outlet of the Discord bot's posts in the delivery queue
OUTLET = "discord"


def load_admin_key(db_url: str) -> str | None:
    """The server's admin key (``admin.py``); ``None`` is the open mode."""
    return admin.load_admin_key(db_url)


def posting_place(row: delivery.Delivery) -> tuple[str, str]:
    """Where a queued post goes: (match, "") for the match channel, else (match, player)."""
    return delivery.place(row)


class Door:
    """The host as an in-process adapter sees it (module doc)."""

    def __init__(self, db_url: str = "", *, service: HostService | None = None) -> None:
        # beside the web server in one process, the adapter shares its service
        self.service = service or HostService(Database(db_url))
        self.db = self.service.db
        self._own_database = service is None
        self.store = Store(self.db)
        #: the season ledger's service (itself a service-layer facade, typed)
        self.seasons = SeasonService(self.db, self.service)
        self._listener: notify.Listener | None = None

    # ------------------------------------------------------------ the database
    @property
    def url(self) -> str:
        return self.db.url

    @property
    def safe_url(self) -> str:
        return self.db.safe_url

    def migrate(self) -> None:
        self.db.migrate()

    def close(self) -> None:
        """Stop listening; release the database if this door opened it."""
        if self._listener is not None:
            self._listener.stop()
            self._listener = None
        if self._own_database:
            self.db.dispose()

    def listen(self, callback: Callable[[ChangeNotice], None]) -> None:
        """Push a :class:`ChangeNotice` to ``callback`` (on a background thread)
        after every committed change of a match, by any process on the database
        (``notify.py``: PostgreSQL's notifications, SQLite's polling)."""
        if self._listener is None:
            self._listener = notify.Listener(self.db)
            self._listener.subscribe(lambda match_id: callback(ChangeNotice(match_id)))
            self._listener.start()
        else:
            self._listener.subscribe(lambda match_id: callback(ChangeNotice(match_id)))

    def on_commit(self, callback: Callable[[ChangeNotice], None]) -> None:
        """Push a :class:`ChangeNotice` to ``callback`` right after each change
        this process commits (on the committing thread; the season ledger
        enters a finished match this way)."""
        self.service.listeners.append(lambda match_id: callback(ChangeNotice(match_id)))

    # ------------------------------------------------------------ reading matches
    def overview(self, access: Access) -> Overview:
        """Everything ``access`` may see (built once per version of the match)."""
        return self.service.overview(access)

    def host_overview(self, match_id: str) -> Overview:
        return self.service.overview(Access(match_id, "host"))

    def player_overview(self, match_id: str, player: str) -> Overview:
        return self.service.overview(Access(match_id, "player", player))

    def record(self, match_id: str) -> JSONObject:
        return self.service.record(match_id)

    def players(self, match_id: str) -> list[str]:
        """The match's players in seat order."""
        return list(self.service.snapshot(match_id)[1].config["players"])

    def seat_request(self, match_id: str, position: int, user_id: int) -> SeatRequest | None:
        """What seat ``position`` is asked now, if member ``user_id`` plays it
        (else ``None``): one read transaction, no overview built."""
        with self.db.read() as s:
            m = s.get(MatchRow, match_id)
            if m is None:
                raise NotFound(f"no match {match_id!r}")
            snap = self.service._snapshot(s, m)
            players = tuple(snap.config["players"])
            if not 0 <= position < len(players):
                return None
            player = players[position]
            seat = s.get(DiscordSeatRow, (match_id, player))
            if seat is None or seat.user_id != user_id:
                return None
            over = m.status == "over"
            step = m.step_count + 1
            sub = None if over else s.get(SubmissionRow, (match_id, step, player))
            draft = None if over else s.get(DraftRow, (match_id, step, player))
            out = SeatRequest(
                match_id=match_id,
                player=player,
                game_id=m.game,
                status=m.status,
                open_step=None if over else step,
                request=None if over else snap.pending.get(player),
                submission=sub.action if sub is not None else None,
                kept=bool(sub is not None and sub.kept),
                draft=dict(draft.action) if draft is not None else {},
                players=players,
            )
        self.service.cache.put(match_id, snap)
        return out

    # ------------------------------------------------------------ changing matches
    def submit(self, match_id: str, player: str, action: Any, step: int) -> Submitted:
        """Store ``player``'s action for the open step ``step`` (one
        transaction); the answer is the seat's new state."""
        out = self.service.submit(Access(match_id, "player", player), action, step)
        return Submitted(match_id, player, step, action, out["resolved"], out["deadline"])

    def withdraw(self, match_id: str, player: str, step: int) -> Submitted:
        self.service.withdraw(Access(match_id, "player", player), step)
        return Submitted(match_id, player, step, None, False, None)

    def resolve(self, match_id: str, step: int) -> JSONObject:
        return self.service.resolve(match_id, step)

    def resolve_due(self) -> list[str]:
        return self.service.resolve_due()

    def undo(self, match_id: str, step: int) -> JSONObject:
        return self.service.undo(match_id, step)

    def set_deadlines(
        self, match_id: str, policies: JSONObject | None, early_resolution: bool | None = None
    ) -> JSONObject:
        return self.service.set_deadlines(match_id, policies, early_resolution)

    def set_seat(self, match_id: str, player: str, bot: str | None) -> JSONObject:
        return self.service.set_seat(match_id, player, bot)

    def new_player_token(self, match_id: str, player: str) -> str:
        return self.service.new_player_token(match_id, player)

    def player_link(self, match_id: str, player: str) -> str | None:
        """The token of ``player``'s web link (the host's view of the match)."""
        links = self.host_overview(match_id)["links"]["players"]
        token = links.get(player)
        return str(token) if token else None

    def create_match(
        self, game_id: str, players: list[str] | None = None, **kwargs: Any
    ) -> Created:
        return self.service.create_match(game_id, players, **kwargs)

    def import_record(self, record: Any, **kwargs: Any) -> Created:
        return self.service.import_record(record, **kwargs)

    def subscribe_match(self, match_id: str) -> bool:
        """Make the bot the poster of ``match_id`` and queue what it said so far;
        ``False`` when the match moved meanwhile (read again and retry)."""
        _m, snap = self.service.snapshot(match_id)
        try:
            delivery.subscribe(self.db, match_id, OUTLET, snap)
        except RuntimeError:
            return False
        return True

    # ------------------------------------------------------------ the bot's tables
    def guild(self, guild_id: int) -> GuildSetup | None:
        return self.store.guild(guild_id)

    def set_guild(self, setup: GuildSetup) -> None:
        self.store.set_guild(setup)

    def admin_verifier(self, guild_id: int) -> str | None:
        return self.store.admin_verifier(guild_id)

    def set_admin_verifier(self, guild_id: int, verifier: str) -> None:
        self.store.set_admin_verifier(guild_id, verifier)

    def link_match(
        self, match_id: str, guild_id: int, channel_id: int, by: int, seats: list[Seat]
    ) -> None:
        self.store.link_match(match_id, guild_id, channel_id, by, seats)

    def match_place(self, match_id: str) -> tuple[int, int] | None:
        return self.store.match_place(match_id)

    def seats(self, match_id: str) -> dict[str, Seat]:
        return self.store.seats(match_id)

    def acted_in(self, match_id: str, step: int, player: str) -> bool:
        """Whether ``player``'s own action (not a default) stood in ``step``."""
        return self.store.acted_in(match_id, step, player)

    def set_seat_user(self, match_id: str, player: str, user_id: int | None) -> None:
        self.store.set_seat_user(match_id, player, user_id)

    def member_seats(self, user_id: int, *, running: bool = True) -> list[Seat]:
        """The seats member ``user_id`` plays, newest match first."""
        return self.store.matches_of_user(user_id, running=running)

    def guild_matches(self, guild_id: int, *, running: bool = True) -> list[str]:
        return self.store.guild_matches(guild_id, running=running)

    def draft(self, match_id: str, step: int, player: str) -> JSONObject:
        return self.store.draft(match_id, step, player)

    def save_draft(self, match_id: str, step: int, player: str, action: JSONObject) -> None:
        self.store.save_draft(match_id, step, player, action)

    def drop_draft_before(self, match_id: str, step: int, player: str, before: float) -> None:
        self.store.drop_draft_before(match_id, step, player, before)

    # ------------------------------------------------------------ the delivery queue
    def claim_posts(self) -> list[delivery.Delivery]:
        return delivery.claim(self.db, OUTLET)

    def posted(self, delivery_id: int, ref: str) -> None:
        delivery.delivered(self.db, delivery_id, ref)

    def post_failed(self, delivery_id: int, error: str, retry_in: float) -> None:
        delivery.failed(self.db, delivery_id, error, retry_in)

    def release_posts(self, ids: list[int]) -> None:
        delivery.release(self.db, ids)

    def unposted(self, match_id: str) -> list[tuple[str, int, str | None]]:
        return delivery.undelivered(self.db, match_id)

    def posted_matches(self) -> list[str]:
        """The matches whose posts the bot makes."""
        return delivery.subscribed_matches(self.db, OUTLET)

    def queue_reminder(self, match_id: str, step: int, player: str, text: str) -> bool:
        return delivery.queue_reminder(self.db, match_id, step, player, text)

    def queue_notice(self, match_id: str, key: str, text: str) -> bool:
        return delivery.queue_notice(self.db, match_id, key, text)
