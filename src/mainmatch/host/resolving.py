"""Resolving a step: planned outside any transaction, written with a version
check; and a game whose code fails stops its own match only (issue 33).

A resolution has two phases. The *plan* reads the match (a read
transaction, which never waits for a writer) and asks the game's rules for
the step: the submissions completed with the rules' defaults, the defaults of
those who sent nothing (drawn from ``Random(f"{seed}:{step}")``), the next
state, the step's announcement and, at the end, the result. It runs through
``isolation.RulesRunner``: a worker thread under the rules' time limit,
holding no lock. The *write* then locks the match, checks that it is still
the version the plan read (its ``step_count``, ``undos``, ``activity`` and
``revision``), and inserts the step; a match that changed meanwhile is
planned again. So a slow game holds no lock another match needs (N3), and
the unique (match, number) key still makes two racing resolutions apply a
step once.

A game that fails (raises something other than the rules' own refusal, or
takes longer than the limit) while its step is planned is recorded on its
match (``matches.broken``, :meth:`ResolvingMixin._break`): the host sees why
in words, the match channel on Discord is told the match stopped, and the
clock and early resolution leave that match alone until the host acts
(resolves by hand, undoes, or changes the deadlines): no retry in a loop.
Every other match, the reminders and the posting go on (N1).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from mainmatch.engine.errors import IllegalAction, MainmatchError, RecordError
from mainmatch.engine.game import JSONObject

from . import deadlines as dl
from . import delivery
from .core import ServiceCore, defaults_rng
from .errors import Conflict, NotFound
from .heads import MatchHead
from .inputs import check_step_number
from .isolation import GameFault, RulesBusy
from .models import MatchRow, StepRow, SubmissionRow
from .snapshots import Snapshot

log = logging.getLogger("mainmatch.host")

#: longest chain of steps one change may resolve (bots answering bots)
MAX_CHAIN = 100_000
#: times a write finds its match changed since its plan before giving up
MAX_TRIES = 20


@dataclass(frozen=True)
class Version:
    """What a plan read of its match; the write goes ahead only if it is unchanged."""

    step_count: int
    undos: int
    activity: int
    revision: int

    @classmethod
    def of(cls, m: MatchRow) -> Version:
        return cls(m.step_count, m.undos, m.activity, m.revision)

    def same_step(self, m: MatchRow) -> bool:
        """The match is still at this open step (a submission checked then still holds)."""
        return (self.step_count, self.undos) == (m.step_count, m.undos)


@dataclass(frozen=True)
class Sent:
    """A stored submission as a plan reads it."""

    action: Any
    defaulted: bool = False
    #: kept across an undo: it stands at the deadline, early resolution waits for a fresh one
    kept: bool = False


def plan_step(snap: Snapshot, sent: Mapping[str, Sent], seed: int, number: int) -> Snapshot:
    """The match after its open step ``number``, from ``sent`` and the rules'
    defaults for the rest (the game's code: run it through the rules runner).
    The result is warmed (``delivery.warm``): writing it runs no game code."""
    rng = defaults_rng(seed, number)
    actions: dict[str, Any] = {}
    defaulted: list[str] = []
    for p in snap.pending:
        sub = sent.get(p)
        if sub is not None:
            try:
                whole, filled = snap.game.complete_action(snap.state, p, sub.action, rng)
                snap.game.validate(snap.state, p, whole)
                actions[p] = whole
                if sub.defaulted or filled:
                    defaulted.append(p)
                continue
            except IllegalAction as exc:  # only if the game changed under a stored submission
                log.error(
                    "step %d: the stored action of %s is illegal now (%s); it gets the default",
                    number,
                    p,
                    exc,
                )
        actions[p] = snap.game.default_action(snap.state, p, rng)
        defaulted.append(p)
    try:
        after = snap.apply(actions, defaulted)
    except RecordError as exc:
        raise GameFault(f"step {number} cannot be applied: {exc}") from None
    return delivery.warm(after)


def ready(m: MatchHead, snap: Snapshot, sent: Mapping[str, Sent]) -> bool:
    """Early resolution resolves the open step now: every pending player has a
    fresh submission (``kept`` ones wait for the deadline) and the match is not broken."""
    if not m.early_resolution or m.status != "running" or m.broken or snap.over:
        return False
    fresh = {p for p, x in sent.items() if not x.kept}
    return set(snap.pending) <= fresh


class ResolvingMixin(ServiceCore):
    """Resolution (early, by the host, at the deadline) and broken matches."""

    # ----------------------------------------------------------- reading

    def _sent(self, s: Session | Connection, m: MatchHead) -> dict[str, Sent]:
        """The submissions stored for the open step (a prepared Core select:
        this runs in every submission's transaction, issue 35)."""
        return {
            player: Sent(action, defaulted, kept)
            for player, action, defaulted, kept in s.execute(
                _SENT, {"match": m.id, "step": m.step_count + 1}
            )
        }

    def _read_open(self, match_id: str) -> tuple[MatchRow, Snapshot, dict[str, Sent]]:
        """The match, its state and the open step's submissions, read without a lock."""
        with self.db.read() as s:
            m = s.get(MatchRow, match_id)
            if m is None:
                raise NotFound(f"no match {match_id!r}")
            snap = self._snapshot(s, m)
            sent = self._sent(s, m)
        self.cache.put(match_id, snap)
        return m, snap, sent

    def _plan(self, m: MatchRow, snap: Snapshot, sent: Mapping[str, Sent]) -> Snapshot:
        """:func:`plan_step` under the rules' time limit (``GameFault`` if the game fails)."""
        number = m.step_count + 1
        return self.rules.call(
            f"resolving step {number}", plan_step, snap, dict(sent), m.seed, number
        )

    # ----------------------------------------------------------- writing

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
        # bot seats move after the commit, each move in a short transaction of
        # its own (botmoves.py): no transaction waits on a bot
        return snap

    def _write_step(self, s: Session, m: MatchRow, after: Snapshot, now: float) -> Snapshot:
        """Insert the planned step ``after.count`` and open the next (no game code)."""
        number = after.count
        step = after.steps[-1]
        row = StepRow(
            match_id=m.id,
            number=number,
            actions=step["actions"],
            defaulted=list(step["defaulted"]),
            created_at=now,
            next_deadline=None,
        )
        s.add(row)
        m.step_count = number
        m.revision += 1
        m.broken = m.broken_at = None  # the game resolved a step: it runs again
        s.flush()  # a racing resolution of the same step fails here (unique match, number)
        snap = self._open_step(s, m, after, now)
        row.next_deadline = m.deadline_at
        delivery.after_step(s, m, snap, now)  # the step's messages, posted once by an adapter
        return snap

    def _settle_after(self, match_id: str, *, bots: bool = True) -> int:
        """With early resolution, resolve while every pending player has
        submitted, each step planned outside the lock. Returns the steps resolved."""
        resolved = 0
        tries = 0
        while resolved < MAX_CHAIN and tries < MAX_TRIES:
            m, snap, sent = self._read_open(match_id)
            if not ready(m, snap, sent):
                return resolved
            version = Version.of(m)
            try:
                after = self._plan(m, snap, sent)
            except GameFault as exc:
                self._break(match_id, version, str(exc))
                return resolved
            now = self.clock()
            with self.db.write() as s:
                m = self._lock(s, match_id)
                if Version.of(m) != version:
                    tries += 1
                    continue  # changed meanwhile: read and plan again
                after = self._write_step(s, m, after, now)
            self._committed(match_id, after, bots=bots)
            resolved += 1
        return resolved

    # ----------------------------------------------------------- broken matches

    def _break(self, match_id: str, version: Version | None, why: str) -> bool:
        """Record on the match that its game failed (``why``, in words), unless
        the match moved on since ``version`` (the host acted meanwhile)."""
        now = self.clock()
        with self.db.write() as s:
            m = s.scalar(select(MatchRow).where(MatchRow.id == match_id).with_for_update())
            if m is None or (version is not None and not version.same_step(m)):
                return False
            self._mark_broken(s, m, why, now)
        for listener in self.listeners:
            listener(match_id)
        return True

    def _mark_broken(self, s: Session, m: MatchRow, why: str, now: float) -> None:
        """Inside a write: the match is stopped, ``why`` kept for its host."""
        m.broken, m.broken_at = why[:300], now
        m.revision += 1
        delivery.match_stopped(s, m, now)
        log.error("match %s stopped until its host acts: %s", m.id, why)

    # ----------------------------------------------------------- host actions

    def resolve(self, match_id: str, step: int) -> JSONObject:
        """Resolve the open step ``step`` now; players without a submission get
        the defaults. Naming the step keeps two clicks from resolving two steps.
        This is also how a host starts a broken match again: if the game fails
        again, the match stays stopped and the host is told why."""
        for _ in range(MAX_TRIES):
            m, snap, sent = self._read_open(match_id)
            if m.status == "over":
                raise Conflict("the match is over; there is no step to resolve")
            number = m.step_count + 1
            check_step_number(step, number)
            version = Version.of(m)
            try:
                after = self._plan(m, snap, sent)
            except GameFault as exc:
                self._break(match_id, version, str(exc))
                raise GameFault(
                    f"step {number} was not resolved: {exc}; the match stays stopped"
                ) from None
            now = self.clock()
            with self.db.write() as s:
                m = self._lock(s, match_id)
                if Version.of(m) != version:
                    continue
                after = self._write_step(s, m, after, now)
                out = {"resolved": number, "step_count": m.step_count, "status": m.status}
            self._committed(match_id, after)
            return out
        raise Conflict("the match kept changing while it was resolved; try again")

    # ----------------------------------------------------------- the clock

    def resolve_due(self) -> list[str]:
        """Resolve every open step whose deadline has passed (also those that
        passed while the server was down). Returns the matches resolved.

        Each match is resolved on its own: whatever fails on one (its game's
        code, a stored step that no longer replays) is recorded on that match
        and the others go on; a database error leaves it for the next round."""
        now = self.clock()
        with self.db.read() as s:
            due = list(
                s.scalars(
                    select(MatchRow.id).where(
                        MatchRow.status == "running",
                        MatchRow.deadline_at <= now,
                        MatchRow.broken.is_(None),  # stopped until its host acts
                        # the players must have been told the step is open (L9)
                        ~delivery.prompts_waiting(),
                    )
                )
            )
        done = []
        for match_id in due:
            try:
                if self._resolve_due(match_id, now):
                    done.append(match_id)
            except IntegrityError:
                log.info("match %s: the step was resolved by another process", match_id)
            except (SQLAlchemyError, RulesBusy, NotFound) as exc:
                log.warning("match %s: not resolved this round (%s)", match_id, exc)
            except MainmatchError as exc:  # a stored step that no longer replays
                self._break_quietly(match_id, f"cannot resolve at the deadline: {exc}")
            except Exception as exc:  # one match must not stop the clock of the others
                log.exception("match %s: resolving at the deadline failed", match_id)
                why = f"resolving at the deadline failed ({type(exc).__name__})"
                self._break_quietly(match_id, why)
        return done

    def _break_quietly(self, match_id: str, why: str) -> None:
        """:meth:`_break` for the clock: if even that fails (the database is
        away), the log says so and the clock goes on to the next match."""
        try:
            self._break(match_id, None, why)
        except Exception:  # the next round tries this match again
            log.exception("match %s: could not record that it stopped (%s)", match_id, why)

    def _resolve_due(self, match_id: str, now: float) -> bool:
        """Resolve ``match_id``'s open step if it is still due; ``True`` if it was."""
        for _ in range(MAX_TRIES):
            m, snap, sent = self._read_open(match_id)
            if not _due(m, now):
                return False
            version = Version.of(m)
            try:
                after = self._plan(m, snap, sent)
            except GameFault as exc:
                self._break(match_id, version, str(exc))
                return False
            with self.db.write() as s:
                m = self._lock(s, match_id)
                if Version.of(m) != version:
                    continue  # a submission or the host changed it meanwhile
                if s.scalar(select(delivery.prompts_waiting()).where(MatchRow.id == m.id)):
                    return False  # an undo reopened it meanwhile: its prompts are not out yet
                after = self._write_step(s, m, after, now)
            self._committed(match_id, after)
            return True
        log.warning("match %s kept changing while it was resolved at its deadline", match_id)
        return False


def _due(m: MatchRow, now: float) -> bool:
    return (
        m.status == "running" and m.broken is None and m.deadline_at is not None
    ) and m.deadline_at <= now


_SUBS = SubmissionRow.__table__.c
#: the open step's submissions, as :meth:`ResolvingMixin._sent` reads them
_SENT = select(_SUBS.player, _SUBS.action, _SUBS.defaulted, _SUBS.kept).where(
    _SUBS.match_id == bindparam("match"), _SUBS.step == bindparam("step")
)
