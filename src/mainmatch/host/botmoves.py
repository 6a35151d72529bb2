"""Bot seats' moves, each in a short transaction of its own.

When a step opens with bot seats pending, the bots move *after* the commit
that opened it: the moves are computed outside any transaction (each bot in
a worker process under a hard time limit, seeing only its own view and
request: ``botproc.py`` and ``bots.driver.bot_move``), then stored in one
short transaction that also resolves the step if everyone has submitted.
So no request holds the database's write lock while bots think, and a match
of bots only advances one step per transaction.

Where the moves run: by default in the thread that made the change
(``inline``: a CLI or a test sees the bots' moves when the call returns);
the server starts a background worker (:meth:`BotsMixin.start_bot_worker`)
so that a request that creates a match of bots answers at once.
"""

from __future__ import annotations

import logging
import random
import threading
from collections import OrderedDict
from typing import Any

from sqlalchemy import select

from mainmatch.bots import get_bot
from mainmatch.bots.driver import BotMove, BotTimeout, bot_move
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import Action, Request, View

from .botproc import BOT_TIME_LIMIT, BotRunner, runner
from .core import bot_rng
from .isolation import GameFault, fault_words
from .models import MatchRow, SeatRow, SubmissionRow
from .resolving import Sent, Version, ready
from .snapshots import Snapshot
from .steps import StepsMixin

log = logging.getLogger("mainmatch.host")

__all__ = ["BOT_TIME_LIMIT", "BotsMixin", "RemoteBot"]

#: most bot rounds one match may chain in one go (bots answering bots)
MAX_ROUNDS = 100_000


class RemoteBot:
    """A registered bot that runs in a worker process (``botproc.py``)."""

    def __init__(self, runner: BotRunner, game_id: str, name: str) -> None:
        self.runner, self.game_id, self.name = runner, game_id, name

    def act(self, view: View, request: Request, rng: random.Random) -> Action:
        answer = self.runner.ask(self.game_id, self.name, view, request, rng.getstate())
        if answer.fault == "timeout":
            raise BotTimeout()
        if answer.fault:
            raise RuntimeError(answer.message)
        action: Action = answer.action
        return action


class BotsMixin(StepsMixin):
    #: the worker processes bots run in (``None``: the process's shared runner)
    bot_runner: BotRunner | None = None
    _pump: _Pump | None = None

    def start_bot_worker(self) -> None:
        """Play bot moves in a background thread from now on (the server)."""
        if self._pump is None:
            self._pump = _Pump(self)

    def stop_bot_worker(self) -> None:
        pump, self._pump = self._pump, None
        if pump is not None:
            pump.stop()

    def wait_for_bots(self, timeout: float = 60.0) -> bool:
        """Wait until the background worker has nothing left to do (tests, demo)."""
        return self._pump.wait_idle(timeout) if self._pump is not None else True

    def _bots_after(self, match_id: str) -> None:
        if self._pump is not None:
            self._pump.kick(match_id)
            return
        try:
            for _ in range(MAX_ROUNDS):
                if not self._bot_round(match_id):
                    return
        # the change that let the bots move is committed: their failure is not its
        # caller's (the background worker logs and goes on the same way)
        except Exception:
            log.exception("match %s: bot moves failed", match_id)

    def _bot_round(self, match_id: str) -> bool:
        """Let every pending bot seat of the open step move, in one short
        transaction; ``True`` if something changed (there may be more to do)."""
        with self.db.read() as s:
            m = s.get(MatchRow, match_id)
            if m is None or m.status != "running":
                return False
            snap = self._snapshot(s, m)
            number, seed, game_id = m.step_count + 1, m.seed, m.game
            version = Version.of(m)
            sent = self._sent(s, m)
            done = set(sent)
            seats = {
                x.player: x.bot
                for x in s.scalars(
                    select(SeatRow).where(SeatRow.match_id == m.id, SeatRow.bot.is_not(None))
                )
                if x.bot and x.player in snap.pending and x.player not in done
            }
        moves = {}
        for player, name in seats.items():
            move = self._bot_move(game_id, seed, number, snap, player, name)
            if move is not None:
                moves[player] = (name, move)
        if not moves:
            return False
        # the step the moves complete, planned before the write (resolving.py)
        sent.update({p: Sent(move.action, move.defaulted) for p, (_n, move) in moves.items()})
        after, fault = None, None
        if ready(m, snap, sent):
            try:
                after = self._plan(m, snap, sent)
            except GameFault as exc:
                fault = str(exc)
        now = self.clock()
        with self.db.write() as s:
            m = self._lock(s, match_id)
            if not version.same_step(m) or m.status != "running":
                return True  # the match moved on meanwhile: look again
            planned = Version.of(m) == version
            for player, (name, move) in moves.items():
                seat = s.get(SeatRow, (m.id, player))
                if seat is None or seat.bot != name:
                    planned = False
                    continue  # the host took the seat back meanwhile
                if s.get(SubmissionRow, (m.id, number, player)) is not None:
                    planned = False
                    continue  # another process's worker was first
                s.add(
                    SubmissionRow(
                        match_id=m.id,
                        step=number,
                        player=player,
                        action=move.action,
                        submitted_at=now,
                        by_bot=True,
                        defaulted=move.defaulted,
                    )
                )
            m.activity += 1
            s.flush()
            if planned and after is not None:
                snap = self._write_step(s, m, after, now)
            elif planned and fault is not None:
                self._mark_broken(s, m, fault, now)
        self._committed(match_id, snap, bots=False)
        if not planned:
            self._settle_after(match_id, bots=False)
        return True

    def _bot_move(
        self, game_id: str, seed: int, number: int, snap: Snapshot, player: str, name: str
    ) -> BotMove | None:
        """``name``'s move for ``player``, or ``None`` if no such bot exists any more."""
        try:
            local = get_bot(game_id, name)
        except MainmatchError:
            return None  # a bot that no longer exists: the seat waits for the deadline
        bot: Any = local
        limit = None
        if not getattr(local, "delegate_random", False):
            bot = RemoteBot(self.bot_runner or runner(), game_id, name)
            # the worker is killed at the runner's own limit; the driver's (an alarm
            # in a main thread) is only a far backstop that must never fire first
            limit = bot.runner.time_limit * 3 + 10
        # the game's own code here (the bot's view, checking its move, the
        # default) is untrusted too: a failure costs this seat's move only. It is
        # not under the rules' time limit: the bot's own wait (a worker starting,
        # others' bots ahead in the pool) is not the game's, and no lock is held
        try:
            move = bot_move(
                snap.game, snap.state, player, bot, bot_rng(seed, number, player), time_limit=limit
            )
        except Exception as exc:  # noqa: BLE001 -- a game's bug, whatever it is
            why = fault_words(exc, f"letting the bot of {player} move in step {number}")
            log.error("%s; the seat waits for the deadline", why)
            return None
        if move.fault:
            log.warning(
                "step %d: bot %s of %s failed (%s: %s); it plays the default",
                number,
                name,
                player,
                move.fault,
                move.message,
            )
        return move


class _Pump:
    """One background thread that plays the bot moves of the matches it is
    told about, a round of each in turn (so ten matches of bots share it)."""

    def __init__(self, service: BotsMixin) -> None:
        self.service = service
        self._queue: OrderedDict[str, None] = OrderedDict()
        self._cond = threading.Condition()
        self._busy = False
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="mainmatch-bots", daemon=True)
        self._thread.start()

    def kick(self, match_id: str) -> None:
        with self._cond:
            self._queue[match_id] = None
            self._cond.notify_all()

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        self._thread.join(10)

    def wait_idle(self, timeout: float) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._queue or self._stopped)
                if self._stopped:
                    return
                match_id, _ = self._queue.popitem(last=False)
                self._busy = True
            more = False
            try:
                more = self.service._bot_round(match_id)
            except Exception:  # the worker must keep running; the log has the details
                log.exception("match %s: bot moves failed", match_id)
            with self._cond:
                if more:
                    self._queue.setdefault(match_id, None)  # at the end: the others' turn
                self._busy = False
                self._cond.notify_all()
