"""The step life cycle: submissions, resolution (by the host, at the deadline
or early), undo, deadline policies and seats.

The open step is number ``step_count + 1``. It resolves when the host says
so, at its deadline, or (``early_resolution``) as soon as every pending
player has submitted; players who did not submit get
``Game.default_action`` drawn from ``Random(f"{seed}:{step}")`` and are
recorded as defaulted. Resolving (``resolving.py``) is planned outside the
write lock and inserts the step row; the unique (match, number) key makes
two racing resolutions apply it once. Every change reads the match's state
before it locks the match, so the write runs no game code (issue 33, N3).
"""

from __future__ import annotations

import logging
import random
from typing import Any

from sqlalchemy import Connection, delete, select, update
from sqlalchemy.orm import Session

from mainmatch.bots import bot_names
from mainmatch.engine.errors import IllegalAction, MainmatchError
from mainmatch.engine.game import Game, JSONObject, Request, State
from mainmatch.engine.steps import in_players_words

from . import deadlines as dl
from . import delivery
from .access import Access, _player_of
from .core import _replay, game_of
from .errors import Conflict, HostError, NotFound, Unprocessable
from .heads import BUMP_ACTIVITY, SEAT_BOT, MatchHead, match_head, store_submission
from .inputs import brief, check_json, check_step_number
from .isolation import GameFault
from .models import MatchRow, SeatRow, StepRow, SubmissionRow
from .notify import notify_in
from .resolving import MAX_CHAIN, MAX_TRIES, ResolvingMixin, Version, ready
from .snapshots import Snapshot

__all__ = ["MAX_CHAIN", "StepsMixin", "check_step_number", "draft_echo"]

log = logging.getLogger("mainmatch.host")


def draft_echo(game: Game[State], request: Request, action: Any) -> str:
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


def check_action(snap: Snapshot, player: str, action: Any) -> None:
    """The rules' check of a submission (the game's code: run it through the
    rules runner). A partial submission is kept as sent and completed with the
    rules' defaults at resolution (``Game.complete_action``): the whole is
    checked now. Defaults are legal whatever is drawn, so any rng checks the same."""
    whole, _ = snap.game.complete_action(snap.state, player, action, random.Random(0))
    snap.game.validate(snap.state, player, whole)


def _worded(snap: Snapshot, player: str, message: str) -> str:
    """The rules' refusal as the player reads it: the step's JSON keys named by
    the form's words (``engine.steps.in_players_words``)."""
    model = snap.game.action_models.get(snap.pending[player].get("kind", ""))
    return message if model is None else in_players_words(model, message)


#: what a player is told when the game's code fails on their submission; the
#: reason itself is for the host and the log (it may name what the player may not see)
CHECK_FAILED = "the game could not check this submission (its code failed); try again later"


class StepsMixin(ResolvingMixin):
    def submit(self, access: Access, action: Any, step: int) -> JSONObject:
        """Store ``access.player``'s action for the open step (replacing an
        earlier one) once the rules accept it. ``step`` must be the open step's
        number: a submission meant for a step that has just resolved must not
        land in the next one.

        The rules check the action against the state this process holds for
        the match before the write locks it; the write goes ahead only if that
        is still the match's state (else it reads the state and checks again),
        so no game code runs under the lock. The submission that completes a
        step with early resolution resolves it right after its commit
        (``resolving.py``): it is stored whatever the game then does."""
        player = _player_of(access)
        check_json(action, "action")
        snap = self.cache.get(access.match_id)
        for _ in range(MAX_TRIES):
            if snap is None:
                snap = self._read_open(access.match_id)[1]
            refusal = self._verdict(access.match_id, snap, player, action, step)
            now = self.clock()
            # Core statements on a plain connection, no ORM session: every
            # submission runs these (issue 35, decision SVB1)
            with self.db.write_conn() as conn:
                m = match_head(conn, access.match_id, lock=True)
                if m is None:
                    raise NotFound(f"no match {access.match_id!r}")
                if not self._is_current(m, snap):
                    snap = None
                    continue  # checked against an older state: read it and check again
                number = self._check_open(m, snap, player, step, now, conn)
                self._check_person(conn, m.id, player)
                if refusal is not None:
                    raise refusal
                store_submission(conn, m.id, number, player, action, now)
                # seen by the host only: others must not count submissions
                conn.execute(BUMP_ACTIVITY, {"match": m.id})
                notify_in(conn, m.id)  # the host's page on another process moves too
                settle = ready(m, snap, self._sent(conn, m))
                deadline = m.deadline_at
            # the bot seats moved when this step opened: only a resolution gives them news
            self._committed(m.id, snap, bots=False)
            resolved = bool(settle and self._settle_after(m.id))
            return {
                "step": number,
                "submitted": True,
                "resolved": resolved,
                "deadline": None if resolved else deadline,
            }
        raise Conflict("the match kept changing while you submitted; try again")

    def _verdict(
        self, match_id: str, snap: Snapshot, player: str, action: Any, step: int
    ) -> HostError | None:
        """The rules' refusal of the action at ``snap`` (``None``: accepted),
        raised by the write only once it knows ``snap`` is current; a player
        with nothing to do there is refused by the write's own checks."""
        if player not in snap.pending or step != snap.count + 1:
            return None
        try:
            self._check_rules(match_id, snap, player, action, step)
        except (Unprocessable, Conflict) as exc:
            return exc
        return None

    def _check_person(self, conn: Connection, match_id: str, player: str) -> None:
        # the seat's bot column alone, not its ORM row: every submission asks (issue 35)
        bot = conn.execute(SEAT_BOT, {"match": match_id, "player": player}).scalar()
        if bot:
            raise Conflict(f"a bot ({bot}) plays {player}'s seat; the host can give it back to you")

    def _check_rules(
        self, match_id: str, snap: Snapshot, player: str, action: Any, number: int
    ) -> None:
        """The rules' check, under their time limit: an illegal action is a
        422 in the rules' words; a game that fails refuses it in words (the
        reason goes to the log, not to the player: see the decisions, ISO2)."""
        try:
            self.rules.call(
                f"checking {player}'s submission for step {number}",
                check_action,
                snap,
                player,
                action,
            )
        except IllegalAction as exc:
            raise Unprocessable(_worded(snap, player, str(exc))) from None
        except GameFault as exc:
            log.error("match %s: %s", match_id, exc)
            raise Conflict(CHECK_FAILED) from None

    def check(self, access: Access, action: Any, step: int) -> JSONObject:
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
            number = self._check_open(m, snap, player, step, now, s)
        self.cache.put(m.id, snap)
        request = snap.pending[player]
        error: str | None = None
        try:
            self._check_rules(m.id, snap, player, action, number)
        except (Unprocessable, Conflict) as exc:
            error = str(exc)
        return {"ok": error is None, "error": error, "echo": draft_echo(snap.game, request, action)}

    def withdraw(self, access: Access, step: int) -> JSONObject:
        """Take back ``access.player``'s submission for the open step."""
        player = _player_of(access)
        now = self.clock()
        self._warm(access.match_id)
        with self.db.write() as s:
            m = self._lock(s, access.match_id)
            snap = self._snapshot(s, m)
            number = self._check_open(m, snap, player, step, now, s)
            sub = s.get(SubmissionRow, (m.id, number, player))
            if sub is None:
                raise Conflict(f"you have no submission for step {number}")
            s.delete(sub)
            m.activity += 1
        self._committed(m.id, snap, bots=False)  # nothing opened: the bots have moved
        return {"step": number, "submitted": False}

    def _check_open(
        self,
        m: MatchHead,
        snap: Snapshot,
        player: str,
        step: int,
        now: float,
        s: Session | Connection,
    ) -> int:
        number = m.step_count + 1
        if m.status == "over":
            raise Conflict("the match is over; nothing more can be submitted")
        check_step_number(step, number)
        pending = snap.pending
        if player not in pending:
            who = ", ".join(pending)
            raise Conflict(f"you have nothing to submit in step {number}; waiting for {who}")
        if m.deadline_at is not None and now >= m.deadline_at and not _clock_waits(m, s):
            raise Conflict(
                f"the deadline of step {number} passed at {dl.utc_text(m.deadline_at)}; it resolves with the rules' defaults"
            )
        return number

    # ================================================================ host actions

    def undo(self, match_id: str, step: int) -> JSONObject:
        """Take back the last step (``step`` must name it: a confirmation).
        Submissions made for it stay and stand at the new deadline, but a
        person's is marked ``kept``: early resolution waits until every person
        pending has submitted again (issue 26: the first to touch the reopened
        step must not resolve it again with everyone else's old actions)."""
        for _ in range(MAX_TRIES):
            m, snap, _sent = self._read_open(match_id)
            if m.step_count == 0:
                raise Conflict("there is no step to undo")
            if step != m.step_count:
                raise Conflict(
                    f"confirm the undo with the number of the last step, {m.step_count} (got {brief(step)})"
                )
            version = Version.of(m)
            # the state before the step, replayed now: the write runs no game code
            before = self.rules.call(
                f"replaying the steps of match {m.id}",
                _replay,
                (snap.game, snap.config, m.undos + 1),
                [(x["actions"], x["defaulted"]) for x in snap.steps[:-1]],
                m.id,
            )
            now = self.clock()
            with self.db.write() as s:
                m = self._lock(s, match_id)
                if not version.same_step(m):
                    continue
                snap = self._undo(s, m, step, before, now)
            self._committed(match_id, snap)
            return {"undone": step, "step_count": step - 1}
        raise Conflict("the match kept changing while it was undone; try again")

    def _undo(self, s: Session, m: MatchRow, step: int, before: Snapshot, now: float) -> Snapshot:
        s.execute(delete(StepRow).where(StepRow.match_id == m.id, StepRow.number == step))
        s.execute(
            delete(SubmissionRow).where(SubmissionRow.match_id == m.id, SubmissionRow.step > step)
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
        m.broken = m.broken_at = None  # the host acted: the clock runs again
        s.flush()
        snap = self._snapshot(s, m, base=before)
        snap = self._open_step(s, m, snap, now)
        m.revision += 1
        delivery.after_undo(s, m, snap, step, now)
        return snap

    def set_deadlines(
        self, match_id: str, policies: JSONObject | None, early_resolution: bool | None = None
    ) -> JSONObject:
        """Change the deadline policies; the open step's deadline is counted
        again from now if the policy of its kind changed."""
        now = self.clock()
        self._warm(match_id)
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
            m.broken = m.broken_at = None  # the host acted: the clock tries again
            out = {
                "game": m.game,
                "deadlines": dict(m.deadlines),
                "early_resolution": m.early_resolution,
                "deadline": m.deadline_at,
            }
        self._committed(match_id, snap)
        if self._settle_after(match_id):  # early resolution turned on, say
            with self.db.read() as s:
                out["deadline"] = s.scalar(
                    select(MatchRow.deadline_at).where(MatchRow.id == match_id)
                )
        return out

    def set_seat(self, match_id: str, player: str, bot: str | None) -> JSONObject:
        """Give ``player``'s seat to a bot (``bot`` a name) or to a person (``None``).
        A bot taking a pending seat submits at once."""
        now = self.clock()
        self._warm(match_id)
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
        self._committed(match_id, snap)
        self._settle_after(match_id)
        return {"player": player, "bot": bot}

    def _warm(self, match_id: str) -> None:
        """Read the match's state before a write locks it, unless this process
        holds it already: the write then runs no game code unless the match
        changed in between (then it replays the missing step, under the rules'
        time limit)."""
        if self.cache.get(match_id) is None:
            self._read_open(match_id)


def _clock_waits(m: MatchHead, s: Session | Connection) -> bool:
    """The open step's prompts are not out yet: its clock has not started (the
    deadline moves when they are; ``delivery.prompts_waiting``), so a
    submission is still on time (read in the transaction ``s``)."""
    return bool(s.scalar(select(delivery.prompts_waiting()).where(MatchRow.id == m.id)))
