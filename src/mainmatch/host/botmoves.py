"""Bot moves: when a step opens, every pending bot seat submits at once
(``bots.driver.bot_move``: the bot sees only its own view and request)."""

from __future__ import annotations

import logging

from sqlalchemy import select
from sqlalchemy.orm import Session

from mainmatch.bots import get_bot
from mainmatch.bots.driver import bot_move
from mainmatch.engine.errors import MainmatchError

from .core import ServiceCore, bot_rng
from .models import MatchRow, SeatRow, SubmissionRow
from .snapshots import Snapshot

log = logging.getLogger("mainmatch.host")

#: a bot that thinks longer than this plays the rules' default instead
BOT_TIME_LIMIT = 5.0


class BotsMixin(ServiceCore):
    def _bots_submit(self, s: Session, m: MatchRow, snap: Snapshot, now: float) -> None:
        number = m.step_count + 1
        pending = snap.pending
        seats = s.scalars(select(SeatRow).where(SeatRow.match_id == m.id, SeatRow.bot.is_not(None)))
        for seat in seats:
            if (
                seat.bot is None
                or seat.player not in pending
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
