"""The season ledger in the service layer: creating, reading and appending to a
stored season, each change one transaction (``season_service.py`` adds the
matches a season hosts and enters by id).

A change locks its season row (see ``db.py``), reads the ledger, checks the
new entry with the season's rules (``mainmatch.season.ledger``), appends it
and commits: a refused entry changes nothing. A Main Match from a record also
inserts its claim (unique per season and match key), so the same match enters
once even when two processes race.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from mainmatch.engine.game import JSONObject
from mainmatch.season import ledger
from mainmatch.season.ledger import SeasonError, Standings
from mainmatch.season.models import (
    BODY_TYPES,
    NAME_PATTERN,
    Body,
    Entry,
    MainMatch,
    SeasonExport,
    SeasonSettings,
    Undo,
)

from .db import Database
from .errors import Conflict, Forbidden, NotFound, Unauthorized, Unprocessable
from .models import MatchRow
from .season_models import (
    BODY,
    SeasonClaimRow,
    SeasonGuildRow,
    SeasonMatchRow,
    SeasonRow,
    entries_of,
    entry_row,
)
from .tokens import new_token, token_hash

if TYPE_CHECKING:  # the match host is imported when a command first uses it
    from .service import HostService

#: the author of entries the server makes itself (hosted matches that end)
SERVER = "mainmatch"


@dataclass(frozen=True)
class Season:
    """A stored season as read in one transaction."""

    name: str
    settings: SeasonSettings
    entries: list[Entry]
    standings: Standings
    revision: int
    #: hosted matches of the season: {match, game, status, entry, problem, spectator}
    matches: list[JSONObject]
    #: match id -> its spectator page's path, for every hosted match the season
    #: started or entered that this server still has
    watch: dict[str, str] = field(default_factory=dict)


def describe(exc: ValidationError, root: str) -> str:
    """:func:`describe_validation_error`, with the rule of names and ids in words
    instead of a regular expression (decision SE12)."""
    err = exc.errors()[0]
    if err["type"] == "string_pattern_mismatch":
        loc = ".".join(str(part) for part in (root, *err["loc"]))
        pattern = str(err.get("ctx", {}).get("pattern", ""))
        most = 80 if pattern == NAME_PATTERN else 32
        return (
            f"{loc}: {err.get('input')!r} is not a valid name: use letters, digits and - _ . "
            f"(starting with a letter or digit, at most {most} characters)"
        )
    from mainmatch.engine.game import describe_validation_error

    return describe_validation_error(exc, root)


def parse_body(data: Any) -> Body:
    """An entry's body from JSON, or one line naming the field at fault."""
    try:
        return BODY.validate_python(data)
    except ValidationError as exc:
        raise Unprocessable(describe(exc, "entry")) from None


def entry_of_record(record: Any, ids: Any, **kwargs: Any) -> Any:
    """:func:`mainmatch.season.records.entry_of_record`, imported when a record is
    first entered (it replays: the engine's records are not needed to read a season)."""
    from mainmatch.season.records import entry_of_record as entry

    return entry(record, ids, **kwargs)


def parse_settings(data: Any) -> SeasonSettings:
    try:
        return SeasonSettings.model_validate(data)
    except ValidationError as exc:
        raise Unprocessable(describe(exc, "season")) from None


class SeasonBook:
    """A stored season's ledger: create, read, append, export and import."""

    def __init__(
        self,
        db: Database,
        host: HostService | None = None,
        *,
        clock: Callable[[], float] | None = None,
    ):
        self.db = db
        self._host = host
        self.clock = clock or (host.clock if host is not None else time.time)
        #: called with a season name after every committed change (live pages)
        self.listeners: list[Callable[[str], None]] = []

    @property
    def host(self) -> HostService:
        """The match host, made on first use: reading a season needs none of it
        (``mainmatch season standings`` stays quick)."""
        if self._host is None:
            from .service import HostService

            self._host = HostService(self.db, clock=self.clock)
        return self._host

    # ================================================================ create, read

    def create(
        self,
        name: str,
        cast: list[str],
        *,
        names: dict[str, str] | None = None,
        discord_ids: dict[str, int] | None = None,
        gamewide_tiebreak: list[str] | None = None,
        starting_garnets: int = 0,
        token_of_life_saves: bool = True,
        guild: int | None = None,
    ) -> tuple[SeasonSettings, str]:
        """A new season; returns its settings and the host token (shown once).
        ``guild``: the Discord server that makes it (it owns it and reaches it by
        name); without one the season is the web host's (issue 26, H1)."""
        names, discord_ids = names or {}, discord_ids or {}
        for p in [*names, *discord_ids]:
            if p not in cast:
                raise Unprocessable(f"{p} is not in the cast")
        settings = parse_settings(
            {
                "name": name,
                "cast": [
                    {"id": p, "name": names.get(p, ""), "discord_id": discord_ids.get(p)}
                    for p in cast
                ],
                "gamewide_tiebreak": list(gamewide_tiebreak or []),
                "starting_garnets": starting_garnets,
                "token_of_life_saves": token_of_life_saves,
            }
        )
        token = self._insert(settings, [], guild=guild)
        return settings, token

    def _insert(
        self, settings: SeasonSettings, entries: list[Entry], *, guild: int | None = None
    ) -> str:
        ledger.standings(settings, entries)  # the whole ledger must hold
        token = new_token()
        try:
            with self.db.write() as s:
                if s.scalar(select(SeasonRow.id).where(SeasonRow.name == settings.name)):
                    raise Conflict(f"there is already a season named {settings.name}")
                row = SeasonRow(
                    name=settings.name,
                    settings=settings.model_dump(mode="json"),
                    created_at=self.clock(),
                    host_token_hash=token_hash(token),
                    revision=0,
                    owner="web" if guild is None else f"discord:{guild}",
                )
                s.add(row)
                s.flush()
                if guild is not None:
                    s.add(SeasonGuildRow(season_id=row.id, guild_id=guild, created_at=self.clock()))
                for e in entries:
                    s.add(entry_row(row.id, e))
                st = ledger.standings(settings, entries)
                for key, number in st.match_keys.items():
                    s.add(SeasonClaimRow(season_id=row.id, match_key=key, entry=number))
        except IntegrityError:
            raise Conflict(f"there is already a season named {settings.name}") from None
        self._changed(settings.name)
        return token

    def names(self, *, guild: int | None = None) -> list[str]:
        """Every season's name, oldest first; with ``guild``: only the seasons that
        Discord server may reach (its own and those it linked)."""
        q = select(SeasonRow.name).order_by(SeasonRow.created_at)
        if guild is not None:
            q = q.join(SeasonGuildRow, SeasonGuildRow.season_id == SeasonRow.id).where(
                SeasonGuildRow.guild_id == guild
            )
        with self.db.read() as s:
            return list(s.scalars(q))

    def check_guild(self, name: str, guild: int) -> None:
        """:class:`NotFound` unless the Discord server ``guild`` may reach ``name``.

        A season belongs to the guild or web host that made it (issue 26, H1);
        another server reaches it only after :meth:`link_guild` with its host
        token. The answer is the same whether the season exists elsewhere or
        not at all: a stranger learns no other server's season names."""
        with self.db.read() as s:
            found = s.scalar(
                select(SeasonGuildRow.season_id)
                .join(SeasonRow, SeasonRow.id == SeasonGuildRow.season_id)
                .where(SeasonRow.name == name, SeasonGuildRow.guild_id == guild)
            )
        if found is None:
            raise NotFound(f"no season named {name} on this server")

    def link_guild(self, name: str, guild: int, token: str) -> bool:
        """Let the Discord server ``guild`` reach ``name``: the season's host token
        is the proof (as on the web). Returns False when it could already."""
        self.authorize(name, token)
        with self.db.write() as s:
            row = locked_season(s, name)
            if s.get(SeasonGuildRow, (row.id, guild)) is not None:
                return False
            s.add(SeasonGuildRow(season_id=row.id, guild_id=guild, created_at=self.clock()))
        return True

    def get(self, name: str) -> Season:
        """The season with its standings as stored (``SeasonService.get`` enters
        the hosted matches that ended first)."""
        with self.db.read() as s:
            row = season_row(s, name)
            return self._season(s, row)

    def _season(self, s: Session, row: SeasonRow) -> Season:
        settings = SeasonSettings.model_validate(row.settings)
        entries = entries_of(s, row.id)
        links = s.execute(
            select(SeasonMatchRow, MatchRow.game, MatchRow.status, MatchRow.spectator_token)
            .join(MatchRow, MatchRow.id == SeasonMatchRow.match_id)
            .where(SeasonMatchRow.season_id == row.id)
            .order_by(SeasonMatchRow.created_at)
        ).all()
        matches = [
            {
                "match": link.match_id,
                "game": game,
                "status": status,
                "entry": link.entry,
                "problem": link.problem,
                "spectator": f"/watch/{spectator}",
            }
            for link, game, status, spectator in links
        ]
        # matches entered by id: their spectator pages too (the episode table links them)
        hosted = {e.body.match for e in entries if isinstance(e.body, MainMatch) and e.body.match}
        watch: dict[str, str] = {str(m["match"]): str(m["spectator"]) for m in matches}
        missing = sorted(hosted - set(watch))
        if missing:
            for match_id, spectator in s.execute(
                select(MatchRow.id, MatchRow.spectator_token).where(MatchRow.id.in_(missing))
            ):
                watch[match_id] = f"/watch/{spectator}"
        return Season(
            row.name,
            settings,
            entries,
            ledger.standings(settings, entries),
            row.revision,
            matches,
            watch,
        )

    def check_exists(self, name: str) -> None:
        """:class:`NotFound` unless a season is named ``name``."""
        with self.db.read() as s:
            season_row(s, name)

    def authorize(self, name: str, token: str | None) -> None:
        """Host edits need the season's host token."""
        if not token:
            raise Unauthorized("this needs the season's host token (Authorization: Bearer TOKEN)")
        with self.db.read() as s:
            row = season_row(s, name)
            if row.host_token_hash != token_hash(token):
                raise Forbidden("this token is not the host token of this season")

    # ================================================================ entries

    def append(self, name: str, body: Any, *, author: str, reason: str = "") -> Entry:
        """Append one entry (a ``Body`` or its JSON) if the season's rules accept it."""
        if not isinstance(body, BODY_TYPES):
            body = parse_body(body)
        if isinstance(body, MainMatch) and (
            body.source != "manual"
            or body.match_key is not None
            or body.match is not None
            or body.result is not None
        ):
            # only the server says a result is a record's or a hosted match's
            raise Unprocessable(
                "a Main Match typed in has source manual and no match, match_key or result; "
                "send a record to enter a recorded match"
            )
        if isinstance(body, Undo):
            return self.undo(name, target=body.target, author=author, reason=reason)
        return self._append(name, body, author=author, reason=reason)

    def add_record(self, name: str, record: Any, *, author: str, reason: str = "") -> Entry:
        """Enter a finished match record (replayed by the engine) as a Main Match."""
        with self.db.read() as s:
            settings = SeasonSettings.model_validate(season_row(s, name).settings)
        body = entry_of_record(record, settings.ids)
        return self._append(name, body, author=author, reason=reason)

    def undo(self, name: str, *, author: str, reason: str = "", target: int | None = None) -> Entry:
        """Undo the last entry in force (``target``, when given, must name it)."""

        def make(st: Standings, entries: list[Entry]) -> Undo:
            if not st.in_force:
                raise SeasonError("there is no entry left to undo")
            last = st.in_force[-1]
            if target is not None and target != last:
                raise Conflict(f"only the last entry in force can be undone: entry {last}")
            return Undo(target=last)

        return self._append(name, make, author=author, reason=reason)

    def _append(self, name: str, body: Any, *, author: str, reason: str) -> Entry:
        author, reason = (
            clean_text(author, "author", 100, required=True),
            clean_text(reason, "reason", 500),
        )
        try:
            with self.db.write() as s:
                row = locked_season(s, name)
                entry = self._append_in(s, row, body, author, reason)
        except IntegrityError:
            raise Conflict("this match is already in the ledger") from None
        self._changed(name)
        return entry

    def _append_in(self, s: Session, row: SeasonRow, body: Any, author: str, reason: str) -> Entry:
        settings = SeasonSettings.model_validate(row.settings)
        entries = entries_of(s, row.id)
        if callable(body):
            body = body(ledger.standings(settings, entries), entries)
        entry = Entry(
            number=len(entries) + 1, at=self.clock(), author=author, reason=reason, body=body
        )
        ledger.check_append(settings, entries, entry)
        s.add(entry_row(row.id, entry))
        if isinstance(body, MainMatch) and body.match_key is not None:
            s.add(SeasonClaimRow(season_id=row.id, match_key=body.match_key, entry=entry.number))
        if isinstance(body, Undo):
            undone = entries[body.target - 1].body
            if isinstance(undone, MainMatch) and undone.match_key is not None:
                # an undone match may be entered again (e.g. its corrected record)
                claim = s.get(SeasonClaimRow, (row.id, undone.match_key))
                if claim is not None:
                    s.delete(claim)
        row.revision += 1
        s.flush()  # a racing second claim of the same match fails here
        return entry

    # ================================================================ export, import

    def export(self, name: str) -> JSONObject:
        """The whole ledger as ``mainmatch-season/1`` JSON."""
        season = self.get(name)
        doc = SeasonExport(settings=season.settings, entries=season.entries)
        return doc.model_dump(mode="json")

    def import_(self, doc: Any, *, name: str | None = None) -> tuple[SeasonSettings, str]:
        """A new season from an export (under ``name`` when given); every entry is
        checked by folding the whole ledger. Returns the settings and a new host token."""
        if isinstance(doc, dict) and name is not None and isinstance(doc.get("settings"), dict):
            doc = {**doc, "settings": {**doc["settings"], "name": name}}
        try:
            parsed = SeasonExport.model_validate(doc)
        except ValidationError as exc:
            raise Unprocessable(describe(exc, "season file")) from None
        token = self._insert(parsed.settings, list(parsed.entries))
        return parsed.settings, token

    def _changed(self, name: str) -> None:
        for listener in self.listeners:
            listener(name)


# ==================================================================== helpers


def season_row(s: Session, name: str) -> SeasonRow:
    row = s.scalar(select(SeasonRow).where(SeasonRow.name == name))
    if row is None:
        raise NotFound(f"no season named {name}")
    return row


def locked_season(s: Session, name: str) -> SeasonRow:
    row = s.scalar(select(SeasonRow).where(SeasonRow.name == name).with_for_update())
    if row is None:
        raise NotFound(f"no season named {name}")
    return row


def clean_text(value: object, what: str, limit: int, *, required: bool = False) -> str:
    if not isinstance(value, str):
        raise Unprocessable(f"{what} must be text")
    text = " ".join(value.split())
    if required and not text:
        raise Unprocessable(f"{what} must not be empty")
    if len(text) > limit:
        raise Unprocessable(f"{what} must be at most {limit} characters")
    return text
