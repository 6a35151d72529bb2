"""Reading a match: its snapshot, record, revision, and the per-role overview
(everything a token may see, in one JSON object)."""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Connection, select

from mainmatch import games
from mainmatch.engine.announce import neutralise
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.events import visible_to
from mainmatch.engine.game import JSONObject

from . import deadlines as dl
from .access import Access
from .core import ServiceCore
from .errors import NotFound
from .heads import MatchHead, SubmissionHead, match_head, submission_head
from .isolation import GameFault, fault_words
from .models import MatchRow, SeatRow, StepRow, SubmissionRow
from .ovcache import version_of
from .overview_types import Announcement, Overview
from .snapshots import Snapshot

log = logging.getLogger("mainmatch.host")
#: what a player or spectator reads when the game's code fails showing the match
NOT_SHOWN = "this match cannot be shown now: its game's code failed; its host can see why"


def _shown_in_words(
    fn: Callable[[OverviewMixin, Access], Overview],
) -> Callable[[OverviewMixin, Access], Overview]:
    """A game whose code fails while its match is shown (its ``view``, its
    events' words, a replay) costs that match's pages only: a 409 saying so
    in words, never a 500 (issue 33). The error's own text is for the host:
    it may name what a player may not see."""

    @functools.wraps(fn)
    def guarded(self: OverviewMixin, access: Access) -> Overview:
        try:
            return fn(self, access)
        except GameFault as exc:
            if access.role == "host":
                raise
            raise GameFault(NOT_SHOWN) from exc
        except MainmatchError:
            raise
        except Exception as exc:  # a game's bug, whatever it is
            log.exception("match %s cannot be shown", access.match_id)
            if access.role != "host":
                raise GameFault(NOT_SHOWN) from None
            raise GameFault(
                f"this match cannot be shown: {fault_words(exc, 'showing it')}"
            ) from None

    return guarded


class OverviewMixin(ServiceCore):
    def snapshot(self, match_id: str) -> tuple[MatchRow, Snapshot]:
        with self.db.read() as s:
            m = s.get(MatchRow, match_id)
            if m is None:
                raise NotFound(f"no match {match_id!r}")
            snap = self._snapshot(s, m)
        self.cache.put(match_id, snap)
        return m, snap

    def record(self, match_id: str) -> JSONObject:
        """The match record (``mainmatch-record/1``) of the steps applied so far."""
        return self.snapshot(match_id)[1].record()

    def revision(self, match_id: str, role: str = "spectator") -> int | None:
        """The revision ``role`` sees: it changes only with what that role may
        see (a submission changes the host's page, not the others')."""
        with self.db.read() as s:
            row = s.execute(
                select(MatchRow.revision, MatchRow.activity).where(MatchRow.id == match_id)
            ).first()
        if row is None:
            return None
        return row[0] + row[1] if role == "host" else row[0]

    @_shown_in_words
    def overview(self, access: Access) -> Overview:
        """Everything ``access`` may see of its match, in one JSON object.

        A player gets their own view, request and submission and the events
        they may see; a spectator the public view and public events; the host
        the public view, each pending player's status (never the content
        before the step resolves), the links and every announcement.

        Built once per version of the match as each reader sees it
        (``ovcache.py``); what every reader shares (the seats, the public
        announcements, the result) once per version for all of them.
        """
        # a plain connection and Core rows, no ORM session or entity: every
        # page and live answer reads the match and the reader's submission (SVB2)
        with self.db.engine.connect() as conn:
            m = match_head(conn, access.match_id)
            if m is None:
                raise NotFound(f"no match {access.match_id!r}")
            own = (
                submission_head(conn, m.id, m.step_count + 1, access.player)
                if access.role == "player" and m.status != "over" and access.player is not None
                else None
            )
            version = version_of(m, access.role, own)
            hit = self.overviews.get(access, version, self.clock())
            if hit is not None:  # built for this version already (ovcache.py)
                return cast(Overview, hit)
            snap = self._snapshot(conn, m)
            shared = self._shared(conn, m, snap)
            host = _host_rows(conn, m) if access.role == "host" else None
        self.cache.put(m.id, snap)
        out = _for_role(access, m, snap, shared, own, host)
        out["now"] = self.clock()
        self.overviews.put(access, version, dict(out))
        return out.copy()

    def _shared(self, s: Connection, m: MatchHead, snap: Snapshot) -> _Shared:
        """What every reader of this version sees alike, made once per version."""
        key = ("shared", m.id)
        version = version_of(m, "spectator")
        found = self.overviews.get(key, version, 0.0)
        if found is not None:
            shared: _Shared = found["shared"]
            return shared
        seats = [
            (player, bot)
            for player, bot in s.execute(
                select(SeatRow.player, SeatRow.bot)
                .where(SeatRow.match_id == m.id)
                .order_by(SeatRow.position)
            )
        ]
        step_rows = list(
            s.execute(
                select(StepRow.number, StepRow.created_at, StepRow.next_deadline, StepRow.defaulted)
                .where(StepRow.match_id == m.id)
                .order_by(StepRow.number)
            )
        )
        # next_deadline and post are set below (placeholders keep the keys' order)
        anns: list[Announcement] = [
            {
                "step": 0,
                "at": m.created_at,
                "public": _opening_text(m, snap, seats),
                "next_deadline": None,
                "post": "",
            }
        ]
        defaulted: dict[int, list[str]] = {}
        for number, created_at, next_deadline, gone in step_rows:
            if number > snap.count:
                break
            public = snap.announcement(number).public_text()
            anns.append(
                {
                    "step": number,
                    "at": created_at,
                    "public": public,
                    "next_deadline": next_deadline,
                    "post": "",
                }
            )
            defaulted[number] = list(gone)
        anns[0]["next_deadline"] = None
        # the newest post carries the deadline now in force (the host may have changed it)
        anns[-1]["next_deadline"] = m.deadline_at if m.status == "running" else None
        for entry in anns:
            entry["post"] = discord_post(entry["public"], entry["next_deadline"])
        pending = snap.pending
        made = _Shared(
            seats=seats,
            announcements=anns,
            defaulted=defaulted,
            result=snap.game.result(snap.state) if not pending else None,
        )
        self.overviews.put(key, version, {"shared": made})
        return made


@dataclass(frozen=True)
class _Shared:
    """The part of a version's overview every reader shares."""

    #: (player, bot name or ``None``) in seat order
    seats: list[tuple[str, str | None]]
    #: the public announcements, oldest first (step 0: the opening post)
    announcements: list[Announcement]
    #: step number -> the players who got the rules' defaults
    defaulted: dict[int, list[str]]
    result: Any


@dataclass(frozen=True)
class _HostRows:
    """What only the host's overview reads: the links and the submissions."""

    spectator_token: str
    tokens: dict[str, str]
    bots: dict[str, str | None]
    subs: dict[str, SubmissionHead]


def _host_rows(s: Connection, m: MatchHead) -> _HostRows:
    seats = list(
        s.execute(
            select(SeatRow.player, SeatRow.token, SeatRow.bot)
            .where(SeatRow.match_id == m.id)
            .order_by(SeatRow.position)
        )
    )
    subs: dict[str, SubmissionHead] = {
        r.player: r
        for r in s.execute(
            select(
                SubmissionRow.player,
                SubmissionRow.action,
                SubmissionRow.submitted_at,
                SubmissionRow.by_bot,
                SubmissionRow.defaulted,
                SubmissionRow.kept,
            ).where(SubmissionRow.match_id == m.id, SubmissionRow.step == m.step_count + 1)
        )
    }
    return _HostRows(
        m.spectator_token,
        {x.player: x.token for x in seats},
        {x.player: x.bot for x in seats},
        subs,
    )


def _for_role(
    access: Access,
    m: MatchHead,
    snap: Snapshot,
    shared: _Shared,
    own: SubmissionHead | None,
    host: _HostRows | None,
) -> Overview:
    """One reader's overview of a version, from the shared part (module doc)."""
    game = snap.game
    pending = snap.pending
    viewer = access.player if access.role == "player" else None
    out: Overview = {
        "match": m.id,
        "role": access.role,
        "game": {
            "id": game.id,
            "title": game.title,
            # this match's seats (a game for a range of players: one count of it)
            "player_count": len(snap.config["players"]),
            "players_min": game.players_range()[0],
            "players_max": game.players_range()[1],
        },
        "title": m.title,
        "status": m.status,
        "revision": m.revision + m.activity if access.role == "host" else m.revision,
        "steps_applied": m.step_count,
        "open_step": None if m.status == "over" else m.step_count + 1,
        "step_opened_at": None if m.status == "over" else m.step_opened_at,
        "deadline": m.deadline_at,
        "deadlines": dict(m.deadlines),
        "early_resolution": m.early_resolution,
        # the game's code failed on this match: stopped until the host acts
        # (resolving.py); why is for the host only (the error may name a secret)
        "stopped": m.broken is not None,
        "now": 0.0,
        "seats": [{"player": p, "bot": bot} for p, bot in shared.seats],
        "pending": [{"player": p, "kind": r["kind"]} for p, r in pending.items()],
        "result": shared.result,
        "view": game.view(snap.state, viewer),
        "announcements": [],  # below, in this place of the API's order
    }
    anns = [entry.copy() for entry in shared.announcements]
    for entry in anns[1:]:
        ann = snap.announcement(entry["step"])
        if host is not None:
            entry["dms"] = {p: ann.dm_text(p) for p in snap.config["players"] if ann.dm_text(p)}
            entry["defaulted"] = list(shared.defaulted[entry["step"]])
        elif viewer is not None:
            entry["dm"] = ann.dm_text(viewer)
    out["announcements"] = [_ordered(entry) for entry in anns]
    if viewer is not None:
        request = pending.get(viewer)
        out["you"] = viewer
        out["request"] = request
        out["action_schema"] = action_schema(game.id, request["kind"]) if request else None
        out["submission"] = (
            {
                "action": own.action,
                "submitted_at": own.submitted_at,
                "by_bot": own.by_bot,
                "kept": own.kept,
            }
            if own is not None and request
            else None
        )
        out["events"] = [[e for e in evs if visible_to(e, viewer)] for evs in snap.events]
    elif host is not None:
        out["broken"] = m.broken
        out["links"] = {"spectator": host.spectator_token, "players": dict(host.tokens)}
        out["pending_status"] = {p: _status(host.subs.get(p), host.bots.get(p)) for p in pending}
    return out


#: the keys of an announcement, in the order the API has always given them
_ANNOUNCEMENT_KEYS = ("step", "at", "public", "next_deadline", "dms", "defaulted", "dm", "post")


def _ordered(entry: Announcement) -> Announcement:
    keys: dict[str, Any] = entry  # type: ignore[assignment]  # read by name, in the API's order
    return cast(Announcement, {k: keys[k] for k in _ANNOUNCEMENT_KEYS if k in keys})


@functools.cache
def _schema_text(game_id: str, kind: str) -> str:
    return json.dumps(games.get(game_id).action_schema(kind))


def action_schema(game_id: str, kind: str) -> JSONObject:
    """The JSON Schema of a step kind's action (made once per kind: pydantic is slow at it)."""
    schema: JSONObject = json.loads(_schema_text(game_id, kind))
    return schema


def _status(sub: SubmissionHead | None, bot: str | None) -> str:
    """A pending player's status for the host page; never the action itself."""
    if sub is None:
        return "bot (waiting)" if bot else "not yet"
    if sub.by_bot:
        return "bot (default)" if sub.defaulted else "bot"
    return "kept from before the undo" if sub.kept else "submitted"


def discord_post(public: str, next_deadline: float | None) -> str:
    """A step's public post as the host pastes it: the events, then the next
    deadline as a Discord timestamp (each reader sees their own time zone)."""
    if next_deadline is None:
        return public
    return f"{public}\n\n**Next deadline:** {dl.discord_timestamp(next_deadline)}".strip()


def _opening_text(m: MatchHead, snap: Snapshot, seats: Iterable[tuple[str, str | None]]) -> str:
    """The host's first post: the game, the players, and what happens next."""
    # the title and the ids are user text: neutralised (no ping, no formatting)
    title = neutralise(m.title) if m.title else snap.game.title
    names = ", ".join(f"**{neutralise(player)}**" for player, _bot in seats)
    return f"## {title} begins\n{snap.game.title}: {snap.game.pitch}\nPlayers: {names}"
