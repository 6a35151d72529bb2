"""Seasons in the service layer: every change to a stored season, each one transaction.

A change locks its season row (see ``db.py``), reads the ledger, checks the
new entry with the season's rules (``mainmatch.season.ledger``), appends it
and commits: a refused entry changes nothing. A Main Match from a record or
a hosted match also inserts its claim (unique per season and match key), so
the same match enters once even when two processes race.

Hosted matches. ``new_match`` creates a match through :class:`HostService`
with the alive cast (or a chosen subset), the garnets the ledger holds and
the season's gamewide tiebreak, and links it to the season. When it ends its
result is entered automatically: at once (the host service's listener), and
again on every read of the season for any linked match that ended but is
not entered yet (a crash between the match's commit and the entry loses
nothing).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy import Select, column, or_, select, table
from sqlalchemy.exc import IntegrityError

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject
from mainmatch.season.models import (
    Entry,
    MainMatch,
    SeasonSettings,
)

from .errors import Conflict, NotFound, Unprocessable
from .models import MatchRow, SeatRow
from .season_book import (
    SERVER,
    Season,
    SeasonBook,
    clean_text,
    entry_of_record,
    locked_season,
    season_row,
)
from .season_models import (
    SeasonMatchRow,
    SeasonRow,
)

if TYPE_CHECKING:  # the match host is imported when a command first uses it
    from .service import Created

log = logging.getLogger("mainmatch.host.season")
#: the author of entries the server makes itself (hosted matches that end)


class SeasonService(SeasonBook):
    """A season's ledger (:class:`SeasonBook`) and the matches it hosts or enters by id."""

    def get(self, name: str) -> Season:
        """The season with its standings (hosted matches that ended are entered first)."""
        self.settle(name)
        return super().get(name)

    # ================================================================ hosted matches

    def new_match(
        self,
        name: str,
        game_id: str,
        players: list[str] | None = None,
        **kwargs: Any,
    ) -> Created:
        """A hosted match of the season: the alive cast (or ``players``, alive cast
        members), ``garnets`` from the ledger, ``gamewide_tiebreak`` from the season."""
        from .service import game_of

        game = game_of(game_id)
        season = self.get(name)
        st = season.standings
        alive = st.alive
        if players is None:
            why = game.takes_players(len(alive))
            if why is not None:
                raise Unprocessable(
                    f"{why} alive ({', '.join(alive)}); choose {game.players_text()} of them"
                )
            players = alive
        else:
            for p in players:
                if p not in st.players:
                    raise Unprocessable(f"{p} is not in the season's cast")
                if p not in alive:
                    raise Unprocessable(
                        f"{p} was eliminated in episode {st.players[p].eliminated_in}"
                    )
            why = game.takes_players(len(players))
            if why is not None:
                raise Unprocessable(
                    f"{why}; choose {game.players_text()} of the {len(alive)} alive "
                    f"({', '.join(alive)})"
                )
        options = dict(kwargs.pop("options", None) or {})
        for key in ("garnets", "gamewide_tiebreak"):
            if key in options:
                raise Unprocessable(f"{key} comes from the season's ledger; it cannot be set here")
        inputs = st.next_inputs(list(players))
        options["garnets"], options["gamewide_tiebreak"] = (
            inputs["garnets"],
            inputs["gamewide_tiebreak"],
        )
        kwargs.setdefault("title", f"{season.name}: episode {st.episode + 1}")
        created = self.host.create_match(game.id, list(players), options=options, **kwargs)
        with self.db.write() as s:
            row = locked_season(s, name)
            s.add(
                SeasonMatchRow(match_id=created.match_id, season_id=row.id, created_at=self.clock())
            )
            row.revision += 1
        self.settle(name)  # bots may have played it to the end already
        self._changed(name)
        return created

    def match_changed(self, match_id: str) -> None:
        """The host service's listener: enter a linked match's result when it ends."""
        snap = self.host.cache.get(match_id)
        if snap is not None and not snap.over:
            return  # most changes: a match still being played
        try:
            with self.db.read() as s:
                link = s.get(SeasonMatchRow, match_id)
                if link is None or link.entry is not None:
                    return
                name = s.scalar(select(SeasonRow.name).where(SeasonRow.id == link.season_id))
            if name is not None:
                self.settle(name)
        except Exception:  # a listener must not fail the match's own request; reads retry
            log.exception(
                "season entry of match %s failed; it is retried on the next read", match_id
            )

    def settle(self, name: str) -> list[Entry]:
        """Enter every linked hosted match of ``name`` that ended and is not entered."""
        with self.db.read() as s:
            due = list(
                s.scalars(
                    select(SeasonMatchRow.match_id)
                    .join(SeasonRow, SeasonRow.id == SeasonMatchRow.season_id)
                    .join(MatchRow, MatchRow.id == SeasonMatchRow.match_id)
                    .where(
                        SeasonRow.name == name,
                        SeasonMatchRow.entry.is_(None),
                        MatchRow.status == "over",
                    )
                )
            )
        done = []
        for match_id in due:
            entry = self._enter_hosted(name, match_id)
            if entry is not None:
                done.append(entry)
        if done:
            self._changed(name)
        return done

    def _enter_hosted(self, name: str, match_id: str) -> Entry | None:
        record = self.host.record(match_id)
        try:
            with self.db.write() as s:
                row = locked_season(s, name)
                link = s.get(SeasonMatchRow, match_id)
                if link is None or link.entry is not None:
                    return None
                settings = SeasonSettings.model_validate(row.settings)
                try:
                    body = entry_of_record(record, settings.ids, source="hosted", match=match_id)
                    # holdings were the ledger's when the match began; later host
                    # adjustments must not keep its result out
                    body = body.model_copy(update={"starting_garnets": None})
                    entry = self._append_in(s, row, body, SERVER, f"hosted match {match_id}")
                except MainmatchError as exc:
                    link.problem = str(exc)[:300]
                    log.warning("season %s: match %s cannot be entered: %s", name, match_id, exc)
                    return None
                link.entry, link.problem = entry.number, None
                return entry
        except IntegrityError:  # another process entered it first
            return None

    # ================================================================ matches by id

    def owner_matches(self, name: str) -> list[JSONObject]:
        """The finished matches of this server the season's owner may see
        (:func:`_owner_sees`) that it could enter: every player an alive cast
        member, not already in the ledger by its id; newest first, each
        ``{match, game, title, players, created_at}``."""
        season = self.get(name)
        alive = set(season.standings.alive)
        entered = {
            e.body.match
            for e in season.entries
            if isinstance(e.body, MainMatch) and e.number in season.standings.in_force
        }
        with self.db.read() as s:
            row = season_row(s, name)
            rows = s.execute(
                _owner_sees(select(MatchRow), row)
                .where(MatchRow.status == "over")
                .order_by(MatchRow.created_at.desc())
                .limit(200)
            ).scalars()
            found = [(m.id, m.game, m.title, m.created_at) for m in rows if m.id not in entered]
            seats: dict[str, list[str]] = {}
            ids = [f[0] for f in found]
            for seat in s.scalars(
                select(SeatRow).where(SeatRow.match_id.in_(ids)).order_by(SeatRow.position)
            ):
                seats.setdefault(seat.match_id, []).append(seat.player)
        return [
            {"match": m, "game": g, "title": t, "players": seats.get(m, []), "created_at": at}
            for m, g, t, at in found
            if seats.get(m) and set(seats[m]) <= alive
        ]

    def add_match(self, name: str, match_id: str, *, author: str, reason: str = "") -> Entry:
        """Enter a finished match hosted on this server, by its id, as a Main Match
        (``source: hosted``): its record is replayed like an uploaded one.

        Only a match the season's owner may see (:func:`_owner_sees`); any other
        id answers as if it did not exist. A match the season itself started
        enters as :meth:`settle` would enter it (holdings as the ledger had them
        when it began); another one's starting garnets must be the ledger's."""
        with self.db.read() as s:
            row = season_row(s, name)
            found = s.scalar(
                _owner_sees(select(MatchRow.status), row).where(MatchRow.id == match_id)
            )
            if found is None:
                raise NotFound(f"no match {match_id!r} of this season's host on this server")
            if found != "over":
                raise Conflict(
                    f"match {match_id} is still being played; only a finished match can enter"
                )
            settings = SeasonSettings.model_validate(row.settings)
        body = entry_of_record(
            self.host.record(match_id), settings.ids, source="hosted", match=match_id
        )
        author, reason = (
            clean_text(author, "author", 100, required=True),
            clean_text(reason, "reason", 500),
        )
        try:
            with self.db.write() as s:
                row = locked_season(s, name)
                link = s.get(SeasonMatchRow, match_id)
                own = link is not None and link.season_id == row.id
                if own:
                    body = body.model_copy(update={"starting_garnets": None})
                entry = self._append_in(s, row, body, author, reason or f"hosted match {match_id}")
                if own and link is not None:
                    link.entry, link.problem = entry.number, None
        except IntegrityError:
            raise Conflict("this match is already in the ledger") from None
        self._changed(name)
        return entry

    def season_match_host_link(self, name: str, match_id: str) -> str:
        """A new host token for a match the season started (its host page; the
        previous host link of that match stops working). Matches the season did
        not start answer as if they did not exist."""
        with self.db.read() as s:
            row = season_row(s, name)
            link = s.get(SeasonMatchRow, match_id)
            if link is None or link.season_id != row.id:
                raise NotFound(f"season {name} started no match {match_id!r}")
        return self.host.new_host_token(match_id)


# ==================================================================== helpers


#: the Discord bot's table of where its matches are (migration 0003, made on every
#: database), named here rather than imported: the host layer does not import adapters
_DISCORD_MATCHES = table("discord_matches", column("match_id"), column("guild_id"))


def _owner_sees(query: Select[Any], row: SeasonRow) -> Select[Any]:
    """``query`` over :class:`MatchRow` kept to the matches the season's owner may
    see (docs/hosting.md, threat model): the matches the season started, and
    those of its owner: a Discord server's own matches for a season made there,
    the matches made on the web (page, API, CLI; no Discord server's) for a web
    season. The season's host token reaches no other server's or owner's match."""
    started = select(SeasonMatchRow.match_id).where(SeasonMatchRow.season_id == row.id)
    discord = select(_DISCORD_MATCHES.c.match_id)
    owner = row.owner or "web"
    if owner.startswith("discord:"):
        guild = int(owner.removeprefix("discord:"))
        mine = MatchRow.id.in_(discord.where(_DISCORD_MATCHES.c.guild_id == guild))
    else:
        mine = MatchRow.id.not_in(discord)
    return query.where(or_(MatchRow.id.in_(started), mine))
