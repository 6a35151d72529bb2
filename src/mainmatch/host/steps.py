"""The step life cycle: submissions, resolution (by the host, at the deadline
or early), undo, deadline policies and seats.

The open step is number ``step_count + 1``. It resolves when the host says
so, at its deadline, or (``early_resolution``) as soon as every pending
player has submitted; players who did not submit get
``Game.default_action`` drawn from ``Random(f"{seed}:{step}")`` and are
recorded as defaulted. Resolving inserts the step row; the unique
(match, number) key makes two racing resolutions apply it once.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, object_session

from mainmatch.bots import bot_names
from mainmatch.engine.errors import IllegalAction, MainmatchError, RecordError
from mainmatch.engine.game import Game

from . import deadlines as dl
from . import delivery
from .access import Access, _player_of
from .core import ServiceCore, defaults_rng, game_of
from .errors import Conflict, HostError, NotFound, Unprocessable
from .inputs import brief, check_json
from .models import MatchRow, SeatRow, StepRow, SubmissionRow
from .snapshots import Snapshot

log = logging.getLogger("mainmatch.host")


def draft_echo(game: Game, request: dict, action: Any) -> str:
    """A draft read back in words (``StepDescription.echo_words``); a draft too
    malformed for the game's sentence gets none (the rules' error says why)."""
    if not isinstance(action, dict):
        return ""
    try:
        return game.step(request["kind"]).echo_words(action, request)
    # a half-typed draft (a string for a number, a key missing) may break a
    # game's sentence: no echo then, the rules' error says what is wrong
    except (LookupError, TypeError, ValueError, AttributeError, MainmatchError):
        return ""


#: longest chain of steps one change may resolve (bots answering bots)
MAX_CHAIN = 100_000


class StepsMixin(ServiceCore):
    def submit(self, access: Access, action: Any, step: int) -> dict:
        """Store ``access.player``'s action for the open step (replacing an
        earlier one) once the rules accept it. ``step`` must be the open step's
        number: a submission meant for a step that has just resolved must not
        land in the next one."""
        player = _player_of(access)
        check_json(action, "action")
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
                sub.kept = False
            m.activity += 1  # seen by the host only: others must not count submissions
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

    def check(self, access: Access, action: Any, step: int) -> dict:
        """What the rules would say of ``access.player``'s draft for the open
        step, changing nothing: ``ok``, the rules' refusal in the player's words
        (``error``, else ``None``) and the draft read back as a sentence
        (``echo``, from the step's description). The same checks as
        :meth:`submit` (the draft completed with the rules' defaults, then
        validated), on the same state, answered only about the caller's own draft."""
        player = _player_of(access)
        check_json(action, "action")
        now = self.clock()
        with self.db.read() as s:
            m = s.get(MatchRow, access.match_id)
            if m is None:
                raise NotFound(f"no match {access.match_id!r}")
            snap = self._snapshot(s, m)
            self._check_open(m, snap, player, step, now)
        self.cache.put(m.id, snap)
        request = snap.pending[player]
        error: str | None = None
        try:
            whole, _ = snap.game.complete_action(snap.state, player, action, random.Random(0))
            snap.game.validate(snap.state, player, whole)
        except IllegalAction as exc:
            error = str(exc)
        return {"ok": error is None, "error": error, "echo": draft_echo(snap.game, request, action)}

    def withdraw(self, access: Access, step: int) -> dict:
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
            m.activity += 1
        self._committed(m.id, snap)
        return {"step": number, "submitted": False}

    def _check_open(self, m: MatchRow, snap: Snapshot, player: str, step: int, now: float) -> int:
        number = m.step_count + 1
        if m.status == "over":
            raise Conflict("the match is over; nothing more can be submitted")
        check_step_number(step, number)
        pending = snap.pending
        if player not in pending:
            who = ", ".join(pending)
            raise Conflict(f"you have nothing to submit in step {number}; waiting for {who}")
        if m.deadline_at is not None and now >= m.deadline_at and not _clock_waits(m):
            raise Conflict(
                f"the deadline of step {number} passed at {dl.utc_text(m.deadline_at)}; it resolves with the rules' defaults"
            )
        return number

    # ================================================================ host actions

    def resolve(self, match_id: str, step: int) -> dict:
        """Resolve the open step ``step`` now; players without a submission get
        the defaults. Naming the step keeps two clicks from resolving two steps."""
        now = self.clock()
        with self.db.write() as s:
            m = self._lock(s, match_id)
            if m.status == "over":
                raise Conflict("the match is over; there is no step to resolve")
            number = m.step_count + 1
            check_step_number(step, number)
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
                        MatchRow.status == "running",
                        MatchRow.deadline_at <= now,
                        # the players must have been told the step is open (L9)
                        ~delivery.prompts_waiting(),
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
                    if s.scalar(select(delivery.prompts_waiting()).where(MatchRow.id == m.id)):
                        continue  # an undo reopened it meanwhile: its prompts are not out yet
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
        Submissions made for it stay and stand at the new deadline, but a
        person's is marked ``kept``: early resolution waits until every person
        pending has submitted again (issue 26: the first to touch the reopened
        step must not resolve it again with everyone else's old actions)."""
        now = self.clock()
        with self.db.write() as s:
            m = self._lock(s, match_id)
            if m.step_count == 0:
                raise Conflict("there is no step to undo")
            if step != m.step_count:
                raise Conflict(
                    f"confirm the undo with the number of the last step, {m.step_count} (got {brief(step)})"
                )
            s.execute(delete(StepRow).where(StepRow.match_id == m.id, StepRow.number == step))
            s.execute(
                delete(SubmissionRow).where(
                    SubmissionRow.match_id == m.id, SubmissionRow.step > step
                )
            )
            s.execute(
                update(SubmissionRow)
                .where(
                    SubmissionRow.match_id == m.id,
                    SubmissionRow.step == step,
                    SubmissionRow.by_bot.is_(False),
                )
                .values(kept=True)
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
            game = game_of(m.game)
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
                "game": m.game,
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
                raise NotFound(f"{brief(player)} is not a player of this match")
            if bot is not None and bot not in bot_names(m.game):
                raise Unprocessable(
                    f"no bot {brief(bot)} for {m.game}; bots: {', '.join(bot_names(m.game))}"
                )
            changed = seat.bot != bot
            seat.bot = bot
            m.revision += 1
            s.flush()
            if changed and m.status == "running":
                delivery.seat_changed(s, m, player, bot, now)
            snap = self._snapshot(s, m)
            if m.status == "running":
                snap = self._settle(s, m, snap, now)
        self._committed(match_id, snap)
        return {"player": player, "bot": bot}

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
                        SubmissionRow.match_id == m.id,
                        SubmissionRow.step == number,
                        SubmissionRow.kept.is_(False),  # kept across an undo: not fresh
                    )
                )
            )
            if not set(snap.pending) <= submitted:
                return snap
            snap = self._apply_open_step(s, m, snap, now)
        raise HostError(f"match {m.id}: more than {MAX_CHAIN} steps resolved in a row")


def _clock_waits(m: MatchRow) -> bool:
    """The open step's prompts are not out yet: its clock has not started (the
    deadline moves when they are; ``delivery.prompts_waiting``), so a
    submission is still on time."""
    s = object_session(m)
    return bool(s and s.scalar(select(delivery.prompts_waiting()).where(MatchRow.id == m.id)))


def check_step_number(step: object, number: int) -> None:
    """``step`` must be the open step's ``number``; 409 naming the open step."""
    if type(step) is not int:
        raise Unprocessable(f"step must be the number of the open step ({number})")
    if step < number:
        raise Conflict(f"step {step} is already resolved; the open step is {number}")
    if step > number:
        raise Conflict(f"step {step} is not open yet; the open step is {number}")
