"""The host: every operation on matches, each one database transaction.

The server drives games only through the engine contract: ``Game`` methods,
``record.check_step`` (via :class:`Snapshot`), ``announce`` and the events'
audiences. A change locks its match (see ``db.py``), reads the state from the
cache or by replay, checks the request against the rules, writes, and
commits; the cache is updated only after the commit.

Steps. The open step is number ``step_count + 1``. It resolves when the host
says so, at its deadline, or (``early_resolution``) as soon as every pending
player has submitted; players who did not submit get
``Game.default_action`` drawn from ``Random(f"{seed}:{step}")`` and are
recorded as defaulted. Resolving inserts the step row; the unique
(match, number) key makes two racing resolutions apply it once. When a step
opens, every pending bot seat submits at once (``bots.driver.bot_move``:
the bot sees only its own view and request).
"""

from __future__ import annotations

import functools
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from mainmatch import games
from mainmatch.bots import bot_names, get_bot
from mainmatch.bots.driver import bot_move
from mainmatch.engine.errors import (
    IllegalAction,
    InvalidConfig,
    MainmatchError,
    RecordError,
    UnknownGame,
)
from mainmatch.engine.events import visible_to
from mainmatch.engine.game import Game
from mainmatch.engine.record import parse_record

from . import deadlines as dl
from . import delivery, notify
from .db import Database
from .errors import Conflict, Forbidden, HostError, NotFound, Unauthorized, Unprocessable
from .models import MatchRow, SeatRow, StepRow, SubmissionRow
from .snapshots import Snapshot, SnapshotCache
from .tokens import new_match_id, new_token, token_hash

log = logging.getLogger("mainmatch.host")

#: longest chain of steps one change may resolve (bots answering bots)
MAX_CHAIN = 100_000
#: a bot that thinks longer than this plays the rules' default instead
BOT_TIME_LIMIT = 5.0
SEED_LIMIT = 2**63


@dataclass(frozen=True)
class Access:
    """Who a token is: the host, one player, or a spectator, of one match."""

    match_id: str
    role: str  # "host" | "player" | "spectator"
    player: str | None = None


@dataclass(frozen=True)
class Created:
    match_id: str
    host_token: str
    spectator_token: str
    player_tokens: dict[str, str]


def defaults_rng(seed: int, step: int) -> random.Random:
    """The generator of the rules' defaults drawn at step ``step``: derived from
    the match seed so that a drawn default is reproducible."""
    return random.Random(f"{seed}:{step}")


def bot_rng(seed: int, step: int, player: str) -> random.Random:
    return random.Random(f"{seed}:{step}:bot:{player}")


class HostService:
    def __init__(
        self, db: Database, *, clock: Callable[[], float] = time.time, cache_size: int = 256
    ):
        self.db = db
        notify.install(db)  # other processes learn of every committed change
        self.clock = clock
        self.cache = SnapshotCache(cache_size)
        #: called with a match id after every committed change (live updates)
        self.listeners: list[Callable[[str], None]] = []
        #: token -> the access it gives (tokens are never reissued)
        self._access: dict[str, Access] = {}

    # ================================================================ access

    def authorize(self, match_id: str, token: str | None) -> Access:
        """The access ``token`` gives to match ``match_id``."""
        if not token:
            raise Unauthorized(
                "this needs the token of a host, player or spectator link (Authorization: Bearer TOKEN, or ?token=)"
            )
        access = self.access_of(token)
        if access is None or access.match_id != match_id:
            with self.db.read() as s:
                if s.get(MatchRow, match_id) is None:
                    raise NotFound(f"no match {match_id!r}")
            raise Forbidden("this token does not give access to this match")
        return access

    def access_of(self, token: str) -> Access | None:
        """The access a link's token gives, or ``None`` for an unknown token.
        A token never changes what it opens, so known ones are remembered."""
        if not token or len(token) > 200:
            return None
        access = self._access.get(token)
        if access is None:
            access = self._lookup(token)
            if access is not None:
                if len(self._access) >= 100_000:
                    self._access.clear()
                self._access[token] = access
        return access

    def _lookup(self, token: str) -> Access | None:
        with self.db.read() as s:
            seat = s.scalar(select(SeatRow).where(SeatRow.token == token))
            if seat is not None:
                return Access(seat.match_id, "player", seat.player)
            m = s.scalar(select(MatchRow).where(MatchRow.spectator_token == token))
            if m is not None:
                return Access(m.id, "spectator")
            m = s.scalar(select(MatchRow).where(MatchRow.host_token_hash == token_hash(token)))
            if m is not None:
                return Access(m.id, "host")
        return None

    # ================================================================ create

    def create_match(
        self,
        game_id: str,
        players: list[str] | None = None,
        *,
        bots: dict[str, str] | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        deadlines: dict[str, str] | None = None,
        early_resolution: bool = True,
        title: str = "",
    ) -> Created:
        """A new match: ``new_config(players, seed, **options)`` (the host inputs),
        seats for people and bots, the first step open."""
        game = _game(game_id)
        players = list(game.default_players) if players is None else _check_players(game, players)
        if seed is None:
            seed = secrets.randbelow(2**32)
        elif type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise Unprocessable(f"seed must be a whole number from 0 to {SEED_LIMIT - 1}")
        options = dict(options or {})
        if not isinstance(options, dict):
            raise Unprocessable("options must be an object of host inputs")
        try:
            config = game.new_config(list(players), seed, **options)
            game.initial_state(config)
        except MainmatchError as exc:
            raise Unprocessable(str(exc)) from None
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
            # a host input of the wrong shape that the game did not name itself
            raise Unprocessable(f"invalid host inputs for {game.id}: {exc}") from None
        return self._insert_match(
            game, config, seed, bots, deadlines, early_resolution, title, steps=()
        )

    def import_record(
        self,
        record: Any,
        *,
        bots: dict[str, str] | None = None,
        deadlines: dict[str, str] | None = None,
        early_resolution: bool = True,
        title: str = "",
    ) -> Created:
        """A match continued from a record (``mainmatch-record/1``): every step is
        replayed and checked; the next step opens."""
        try:
            record = parse_record(record)
            game = games.get(record["game"])
            snap = Snapshot.start(game, record["config"])
            for step in record["steps"]:
                snap = snap.apply(step["actions"], step.get("defaulted", []))
        except UnknownGame as exc:
            raise Unprocessable(str(exc)) from None
        except InvalidConfig as exc:
            raise Unprocessable(f"invalid config: {exc}") from None
        except RecordError as exc:
            raise Unprocessable(f"the record does not replay: {exc}") from None
        return self._insert_match(
            game,
            record["config"],
            secrets.randbelow(2**32),
            bots,
            deadlines,
            early_resolution,
            title,
            steps=snap.steps,
            snap=snap,
        )

    def _insert_match(
        self,
        game: Game,
        config: dict,
        seed: int,
        bots,
        deadlines,
        early,
        title,
        *,
        steps,
        snap=None,
    ) -> Created:
        players = list(config["players"])
        bots = dict(bots or {})
        if not isinstance(bots, dict):
            raise Unprocessable("bots must be an object {player: bot name}")
        known = bot_names(game.id)
        for p, name in bots.items():
            if p not in players:
                raise Unprocessable(f"bots: {p!r} is not a player of this match")
            if name is not None and name not in known:
                raise Unprocessable(
                    f"bots: no bot {name!r} for {game.id}; bots: {', '.join(known)}"
                )
        try:
            policies = dl.check_policies(game, deadlines)
        except dl.PolicyError as exc:
            raise Unprocessable(str(exc)) from None
        if not isinstance(title, str) or len(title) > 200:
            raise Unprocessable("title must be text of at most 200 characters")
        if snap is None:
            snap = Snapshot.start(game, config)
        now = self.clock()
        host_token, spectator_token = new_token(), new_token()
        tokens = {p: new_token() for p in players}
        match_id = new_match_id()
        with self.db.write() as s:
            m = MatchRow(
                id=match_id,
                game=game.id,
                title=title.strip(),
                config=config,
                seed=seed,
                created_at=now,
                host_token_hash=token_hash(host_token),
                spectator_token=spectator_token,
                deadlines=policies,
                early_resolution=bool(early),
                status="running",
                step_count=len(steps),
                undos=0,
                revision=0,
                step_opened_at=now,
                deadline_at=None,
            )
            s.add(m)
            for i, p in enumerate(players):
                s.add(
                    SeatRow(
                        match_id=match_id, player=p, position=i, token=tokens[p], bot=bots.get(p)
                    )
                )
            for n, step in enumerate(steps, 1):
                s.add(
                    StepRow(
                        match_id=match_id,
                        number=n,
                        actions=step["actions"],
                        defaulted=list(step["defaulted"]),
                        created_at=now,
                        next_deadline=None,
                    )
                )
            s.flush()
            snap = self._open_step(s, m, snap, now)
            snap = self._settle(s, m, snap, now)
        self._committed(match_id, snap)
        return Created(match_id, host_token, spectator_token, tokens)

    # ================================================================ submissions

    def submit(self, access: Access, action: Any, step: int | None = None) -> dict:
        """Store ``access.player``'s action for the open step (replacing an
        earlier one) once the rules accept it."""
        player = _player_of(access)
        now = self.clock()
        with self.db.write() as s:
            m = self._lock(s, access.match_id)
            snap = self._snapshot(s, m)
            number = self._check_open(m, snap, player, step, now)
            seat = s.get(SeatRow, (m.id, player))
            if seat is not None and seat.bot:
                raise Conflict(
                    f"a bot ({seat.bot}) plays {player}'s seat; the host can give it back to you"
                )
            try:
                # a partial submission is kept as sent and completed with the rules'
                # defaults at resolution (Game.complete_action); check that whole now.
                # Defaults are legal whatever is drawn, so any rng checks the same.
                whole, _ = snap.game.complete_action(snap.state, player, action, random.Random(0))
                snap.game.validate(snap.state, player, whole)
            except IllegalAction as exc:
                raise Unprocessable(str(exc)) from None
            sub = s.get(SubmissionRow, (m.id, number, player))
            if sub is None:
                s.add(
                    SubmissionRow(
                        match_id=m.id,
                        step=number,
                        player=player,
                        action=action,
                        submitted_at=now,
                        by_bot=False,
                        defaulted=False,
                    )
                )
            else:
                sub.action, sub.submitted_at, sub.by_bot, sub.defaulted = action, now, False, False
            m.revision += 1
            s.flush()
            snap = self._settle(s, m, snap, now)
            out = {
                "step": number,
                "submitted": True,
                "resolved": m.step_count >= number,
                "deadline": m.deadline_at if m.step_count < number else None,
            }
        self._committed(m.id, snap)
        return out

    def withdraw(self, access: Access, step: int | None = None) -> dict:
        """Take back ``access.player``'s submission for the open step."""
        player = _player_of(access)
        now = self.clock()
        with self.db.write() as s:
            m = self._lock(s, access.match_id)
            snap = self._snapshot(s, m)
            number = self._check_open(m, snap, player, step, now)
            sub = s.get(SubmissionRow, (m.id, number, player))
            if sub is None:
                raise Conflict(f"you have no submission for step {number}")
            s.delete(sub)
            m.revision += 1
        self._committed(m.id, snap)
        return {"step": number, "submitted": False}

    def _check_open(
        self, m: MatchRow, snap: Snapshot, player: str, step: int | None, now: float
    ) -> int:
        number = m.step_count + 1
        if m.status == "over":
            raise Conflict("the match is over; nothing more can be submitted")
        if step is not None:
            if type(step) is not int:
                raise Unprocessable("step must be the number of the open step")
            if step < number:
                raise Conflict(f"step {step} is already resolved; the open step is {number}")
            if step > number:
                raise Conflict(f"step {step} is not open yet; the open step is {number}")
        pending = snap.pending
        if player not in pending:
            who = ", ".join(pending)
            raise Conflict(f"you have nothing to submit in step {number}; waiting for {who}")
        if m.deadline_at is not None and now >= m.deadline_at:
            raise Conflict(
                f"the deadline of step {number} passed at {dl.utc_text(m.deadline_at)}; it resolves with the rules' defaults"
            )
        return number

    # ================================================================ host actions

    def resolve(self, match_id: str, step: int | None = None) -> dict:
        """Resolve the open step now; players without a submission get the defaults."""
        now = self.clock()
        with self.db.write() as s:
            m = self._lock(s, match_id)
            if m.status == "over":
                raise Conflict("the match is over; there is no step to resolve")
            number = m.step_count + 1
            if step is not None and step != number:
                raise Conflict(f"step {step} is not the open step (the open step is {number})")
            snap = self._snapshot(s, m)
            snap = self._apply_open_step(s, m, snap, now)
            snap = self._settle(s, m, snap, now)
            out = {"resolved": number, "step_count": m.step_count, "status": m.status}
        self._committed(match_id, snap)
        return out

    def resolve_due(self) -> list[str]:
        """Resolve every open step whose deadline has passed (also those that
        passed while the server was down). Returns the matches resolved."""
        now = self.clock()
        with self.db.read() as s:
            due = list(
                s.scalars(
                    select(MatchRow.id).where(
                        MatchRow.status == "running", MatchRow.deadline_at <= now
                    )
                )
            )
        done = []
        for match_id in due:
            try:
                with self.db.write() as s:
                    m = self._lock(s, match_id)
                    if m.status != "running" or m.deadline_at is None or m.deadline_at > now:
                        continue  # someone else resolved it or moved the deadline meanwhile
                    snap = self._snapshot(s, m)
                    snap = self._apply_open_step(s, m, snap, now)
                    snap = self._settle(s, m, snap, now)
                self._committed(match_id, snap)
                done.append(match_id)
            except IntegrityError:
                log.info("match %s: the step was resolved by another process", match_id)
            except MainmatchError as exc:
                log.error("match %s: cannot resolve at the deadline: %s", match_id, exc)
        return done

    def undo(self, match_id: str, step: int) -> dict:
        """Take back the last step (``step`` must name it: a confirmation).
        Submissions made for it stay; the step opens again with a new deadline."""
        now = self.clock()
        with self.db.write() as s:
            m = self._lock(s, match_id)
            if m.step_count == 0:
                raise Conflict("there is no step to undo")
            if step != m.step_count:
                raise Conflict(
                    f"confirm the undo with the number of the last step, {m.step_count} (got {step!r})"
                )
            s.execute(delete(StepRow).where(StepRow.match_id == m.id, StepRow.number == step))
            s.execute(
                delete(SubmissionRow).where(
                    SubmissionRow.match_id == m.id, SubmissionRow.step > step
                )
            )
            m.step_count -= 1
            m.undos += 1
            m.status = "running"
            s.flush()
            snap = self._snapshot(s, m)
            snap = self._open_step(s, m, snap, now)
            m.revision += 1
            delivery.after_undo(s, m, snap, step, now)
        self._committed(match_id, snap)
        return {"undone": step, "step_count": m.step_count}

    def set_deadlines(
        self, match_id: str, policies: dict | None, early_resolution: bool | None = None
    ) -> dict:
        """Change the deadline policies; the open step's deadline is counted
        again from now if the policy of its kind changed."""
        now = self.clock()
        with self.db.write() as s:
            m = self._lock(s, match_id)
            game = _game(m.game)
            try:
                new = dl.check_policies(game, policies, base=m.deadlines)
            except dl.PolicyError as exc:
                raise Unprocessable(str(exc)) from None
            snap = self._snapshot(s, m)
            kinds = {r["kind"] for r in snap.pending.values()}
            if any(new.get(k) != m.deadlines.get(k) for k in kinds):
                m.step_opened_at = now
                m.deadline_at = dl.step_deadline(new, kinds, now)
            m.deadlines = new
            if early_resolution is not None:
                if not isinstance(early_resolution, bool):
                    raise Unprocessable("early_resolution must be true or false")
                m.early_resolution = early_resolution
            m.revision += 1
            s.flush()
            if m.status == "running":
                snap = self._settle(s, m, snap, now)
            out = {
                "deadlines": dict(m.deadlines),
                "early_resolution": m.early_resolution,
                "deadline": m.deadline_at,
            }
        self._committed(match_id, snap)
        return out

    def set_seat(self, match_id: str, player: str, bot: str | None) -> dict:
        """Give ``player``'s seat to a bot (``bot`` a name) or to a person (``None``).
        A bot taking a pending seat submits at once."""
        now = self.clock()
        with self.db.write() as s:
            m = self._lock(s, match_id)
            seat = s.get(SeatRow, (match_id, player))
            if seat is None:
                raise NotFound(f"{player!r} is not a player of this match")
            if bot is not None and bot not in bot_names(m.game):
                raise Unprocessable(
                    f"no bot {bot!r} for {m.game}; bots: {', '.join(bot_names(m.game))}"
                )
            seat.bot = bot
            m.revision += 1
            s.flush()
            snap = self._snapshot(s, m)
            if m.status == "running":
                self._bots_submit(s, m, snap, now)
                snap = self._settle(s, m, snap, now)
        self._committed(match_id, snap)
        return {"player": player, "bot": bot}

    # ================================================================ reading

    def snapshot(self, match_id: str) -> tuple[MatchRow, Snapshot]:
        with self.db.read() as s:
            m = s.get(MatchRow, match_id)
            if m is None:
                raise NotFound(f"no match {match_id!r}")
            snap = self._snapshot(s, m)
        self.cache.put(match_id, snap)
        return m, snap

    def record(self, match_id: str) -> dict:
        """The match record (``mainmatch-record/1``) of the steps applied so far."""
        return self.snapshot(match_id)[1].record()

    def revision(self, match_id: str) -> int | None:
        with self.db.read() as s:
            return s.scalar(select(MatchRow.revision).where(MatchRow.id == match_id))

    def overview(self, access: Access) -> dict:
        """Everything ``access`` may see of its match, in one JSON object.

        A player gets their own view, request and submission and the events
        they may see; a spectator the public view and public events; the host
        the public view, each pending player's status (never the content
        before the step resolves), the links and every announcement.
        """
        with self.db.read() as s:
            m = s.get(MatchRow, access.match_id)
            if m is None:
                raise NotFound(f"no match {access.match_id!r}")
            snap = self._snapshot(s, m)
            seats = list(
                s.scalars(
                    select(SeatRow).where(SeatRow.match_id == m.id).order_by(SeatRow.position)
                )
            )
            subs = {
                r.player: r
                for r in s.scalars(
                    select(SubmissionRow).where(
                        SubmissionRow.match_id == m.id, SubmissionRow.step == m.step_count + 1
                    )
                )
            }
            step_rows = list(
                s.execute(
                    select(
                        StepRow.number, StepRow.created_at, StepRow.next_deadline, StepRow.defaulted
                    )
                    .where(StepRow.match_id == m.id)
                    .order_by(StepRow.number)
                )
            )
        self.cache.put(m.id, snap)
        game = snap.game
        pending = snap.pending
        result = game.result(snap.state) if not pending else None
        out: dict[str, Any] = {
            "match": m.id,
            "role": access.role,
            "game": {"id": game.id, "title": game.title, "player_count": game.player_count},
            "title": m.title,
            "status": m.status,
            "revision": m.revision,
            "steps_applied": m.step_count,
            "open_step": None if m.status == "over" else m.step_count + 1,
            "step_opened_at": None if m.status == "over" else m.step_opened_at,
            "deadline": m.deadline_at,
            "deadlines": dict(m.deadlines),
            "early_resolution": m.early_resolution,
            "now": self.clock(),
            "seats": [{"player": x.player, "bot": x.bot} for x in seats],
            "pending": [{"player": p, "kind": r["kind"]} for p, r in pending.items()],
            "result": result,
        }
        viewer = access.player if access.role == "player" else None
        out["view"] = game.view(snap.state, viewer)
        anns = [
            {
                "step": 0,
                "at": m.created_at,
                "public": _opening_text(m, snap, seats),
                "next_deadline": None,
            }
        ]
        for number, created_at, next_deadline, defaulted in step_rows:
            if number > snap.count:
                break
            ann = snap.announcement(number)
            entry: dict[str, Any] = {
                "step": number,
                "at": created_at,
                "public": ann.public_text(),
                "next_deadline": next_deadline,
            }
            if access.role == "host":
                entry["dms"] = {p: ann.dm_text(p) for p in snap.config["players"] if ann.dm_text(p)}
                entry["defaulted"] = list(defaulted)
            elif access.role == "player":
                entry["dm"] = ann.dm_text(viewer)
            anns.append(entry)
        # the newest post carries the deadline now in force (the host may have changed it)
        anns[-1]["next_deadline"] = m.deadline_at if m.status == "running" else None
        for entry in anns:
            entry["post"] = discord_post(entry["public"], entry["next_deadline"])
        out["announcements"] = anns
        if access.role == "player":
            request = pending.get(viewer)
            sub = subs.get(viewer)
            out["you"] = viewer
            out["request"] = request
            out["action_schema"] = action_schema(game.id, request["kind"]) if request else None
            out["submission"] = (
                {"action": sub.action, "submitted_at": sub.submitted_at, "by_bot": sub.by_bot}
                if sub is not None and request
                else None
            )
            out["events"] = [[e for e in evs if visible_to(e, viewer)] for evs in snap.events]
        elif access.role == "host":
            out["links"] = {
                "spectator": m.spectator_token,
                "players": {x.player: x.token for x in seats},
            }
            out["pending_status"] = {
                p: _status(subs.get(p), next(x for x in seats if x.player == p)) for p in pending
            }
        return out

    # ================================================================ internals

    def _lock(self, s: Session, match_id: str) -> MatchRow:
        m = s.scalar(select(MatchRow).where(MatchRow.id == match_id).with_for_update())
        if m is None:
            raise NotFound(f"no match {match_id!r}")
        return m

    def _snapshot(self, s: Session, m: MatchRow) -> Snapshot:
        """The match's state after its ``step_count`` steps: from the cache,
        the cache plus the missing steps, or a replay of every step."""
        snap = self.cache.get(m.id)
        if snap is None or snap.undos != m.undos or snap.count > m.step_count:
            snap = Snapshot.start(_game(m.game), m.config, m.undos)
        if snap.count < m.step_count:
            rows = s.scalars(
                select(StepRow)
                .where(StepRow.match_id == m.id, StepRow.number > snap.count)
                .order_by(StepRow.number)
            )
            try:
                for row in rows:
                    snap = snap.apply(row.actions, row.defaulted)
            except RecordError as exc:
                raise Conflict(f"match {m.id}: the stored steps no longer replay ({exc})") from None
        return snap

    def _open_step(self, s: Session, m: MatchRow, snap: Snapshot, now: float) -> Snapshot:
        """Open step ``step_count + 1``: its clock and deadline, and the bots' moves."""
        if snap.over:
            m.status, m.deadline_at = "over", None
            return snap
        m.status = "running"
        m.step_opened_at = now
        m.deadline_at = dl.step_deadline(
            m.deadlines, {r["kind"] for r in snap.pending.values()}, now
        )
        self._bots_submit(s, m, snap, now)
        return snap

    def _bots_submit(self, s: Session, m: MatchRow, snap: Snapshot, now: float) -> None:
        number = m.step_count + 1
        pending = snap.pending
        seats = s.scalars(select(SeatRow).where(SeatRow.match_id == m.id, SeatRow.bot.is_not(None)))
        for seat in seats:
            if (
                seat.player not in pending
                or s.get(SubmissionRow, (m.id, number, seat.player)) is not None
            ):
                continue
            try:
                bot = get_bot(m.game, seat.bot)
            except MainmatchError:
                continue  # a bot that no longer exists: the seat waits for the deadline
            move = bot_move(
                snap.game,
                snap.state,
                seat.player,
                bot,
                bot_rng(m.seed, number, seat.player),
                time_limit=BOT_TIME_LIMIT,
            )
            if move.fault:
                log.warning(
                    "match %s step %d: bot %s of %s failed (%s: %s); it plays the default",
                    m.id,
                    number,
                    seat.bot,
                    seat.player,
                    move.fault,
                    move.message,
                )
            s.add(
                SubmissionRow(
                    match_id=m.id,
                    step=number,
                    player=seat.player,
                    action=move.action,
                    submitted_at=now,
                    by_bot=True,
                    defaulted=move.defaulted,
                )
            )
        s.flush()

    def _apply_open_step(self, s: Session, m: MatchRow, snap: Snapshot, now: float) -> Snapshot:
        """Resolve the open step with the submissions and, for the rest, the
        rules' defaults; insert the step row and open the next step."""
        number = m.step_count + 1
        subs = {
            r.player: r
            for r in s.scalars(
                select(SubmissionRow).where(
                    SubmissionRow.match_id == m.id, SubmissionRow.step == number
                )
            )
        }
        rng = defaults_rng(m.seed, number)
        actions: dict[str, Any] = {}
        defaulted: list[str] = []
        for p in snap.pending:
            sub = subs.get(p)
            if sub is not None:
                try:
                    whole, filled = snap.game.complete_action(snap.state, p, sub.action, rng)
                    snap.game.validate(snap.state, p, whole)
                    actions[p] = whole
                    if sub.defaulted or filled:
                        defaulted.append(p)
                    continue
                except (
                    IllegalAction
                ) as exc:  # cannot happen unless the game changed under a stored submission
                    log.error(
                        "match %s step %d: the stored action of %s is illegal now (%s); it gets the default",
                        m.id,
                        number,
                        p,
                        exc,
                    )
            actions[p] = snap.game.default_action(snap.state, p, rng)
            defaulted.append(p)
        try:
            snap = snap.apply(actions, defaulted)
        except RecordError as exc:
            raise Conflict(f"step {number} cannot be applied: {exc}") from None
        row = StepRow(
            match_id=m.id,
            number=number,
            actions=actions,
            defaulted=defaulted,
            created_at=now,
            next_deadline=None,
        )
        s.add(row)
        m.step_count = number
        m.revision += 1
        s.flush()  # a racing resolution of the same step fails here (unique match, number)
        snap = self._open_step(s, m, snap, now)
        row.next_deadline = m.deadline_at
        delivery.after_step(s, m, snap, now)  # the step's messages, posted once by an adapter
        return snap

    def _settle(self, s: Session, m: MatchRow, snap: Snapshot, now: float) -> Snapshot:
        """With early resolution, resolve while every pending player has submitted
        (bots answering bots may chain several steps)."""
        for _ in range(MAX_CHAIN):
            if not m.early_resolution or m.status != "running" or snap.over:
                return snap
            number = m.step_count + 1
            submitted = set(
                s.scalars(
                    select(SubmissionRow.player).where(
                        SubmissionRow.match_id == m.id, SubmissionRow.step == number
                    )
                )
            )
            if not set(snap.pending) <= submitted:
                return snap
            snap = self._apply_open_step(s, m, snap, now)
        raise HostError(f"match {m.id}: more than {MAX_CHAIN} steps resolved in a row")

    def _committed(self, match_id: str, snap: Snapshot) -> None:
        self.cache.put(match_id, snap)
        for listener in self.listeners:
            listener(match_id)


# ==================================================================== helpers


@functools.cache
def _schema_text(game_id: str, kind: str) -> str:
    return json.dumps(games.get(game_id).action_schema(kind))


def action_schema(game_id: str, kind: str) -> dict:
    """The JSON Schema of a step kind's action (made once per kind: pydantic is slow at it)."""
    return json.loads(_schema_text(game_id, kind))


def _game(game_id: str) -> Game:
    try:
        return games.get(game_id)
    except UnknownGame as exc:
        raise Unprocessable(str(exc)) from None
    except (ModuleNotFoundError, AttributeError):
        raise Unprocessable(
            f"the game {game_id!r} is not installed in this version of mainmatch"
        ) from None


def available_games() -> list[Game]:
    """The registered games that are installed (all five in a full install)."""
    out = []
    for gid in games.ids():
        try:
            out.append(games.get(gid))
        except (ModuleNotFoundError, AttributeError):
            continue  # a game still being written (no GAME yet)
    return out


def _check_players(game: Game, players: Any) -> list[str]:
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise Unprocessable("players must be a list of player ids (text)")
    players = [p.strip() for p in players]
    if len(players) != game.player_count:
        raise Unprocessable(
            f"{game.title} takes exactly {game.player_count} players, not {len(players)}"
        )
    for p in players:
        if not p:
            raise Unprocessable("a player id must not be empty")
        if len(p) > 100:
            raise Unprocessable(f"player id {p[:20]!r}... is longer than 100 characters")
    dup = sorted({p for p in players if players.count(p) > 1})
    if dup:
        raise Unprocessable(f"duplicate player ids: {', '.join(dup)}")
    return players


def _player_of(access: Access) -> str:
    if access.role != "player" or access.player is None:
        raise Forbidden("only a player's own link can submit for them")
    return access.player


def _status(sub: SubmissionRow | None, seat: SeatRow) -> str:
    """A pending player's status for the host page; never the action itself."""
    if sub is None:
        return "bot (waiting)" if seat.bot else "not yet"
    if sub.by_bot:
        return "bot (default)" if sub.defaulted else "bot"
    return "submitted"


def discord_post(public: str, next_deadline: float | None) -> str:
    """A step's public post as the host pastes it: the events, then the next
    deadline as a Discord timestamp (each reader sees their own time zone)."""
    if next_deadline is None:
        return public
    return f"{public}\n\n**Next deadline:** {dl.discord_timestamp(next_deadline)}".strip()


def _opening_text(m: MatchRow, snap: Snapshot, seats: Iterable[SeatRow]) -> str:
    """The host's first post: the game, the players, and what happens next."""
    title = m.title or snap.game.title
    names = ", ".join(f"**{x.player}**" for x in seats)
    return f"## {title} begins\n{snap.game.title}: {snap.game.pitch}\nPlayers: {names}"
