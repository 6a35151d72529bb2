"""The service's shared core: the database, the clock, the snapshot cache,
locking a match, its state by replay, and what follows a commit.

Every operation on matches is one database transaction: it locks its match
(see ``db.py``), reads the state from the cache or by replay, checks the
request against the rules, writes, and commits; the cache is updated only
after the commit (:meth:`ServiceCore._committed`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.orm import Session

from mainmatch import games
from mainmatch.engine.errors import RecordError, UnknownGame
from mainmatch.engine.game import Game, JSONObject, State

from . import notify
from .db import Database
from .errors import Conflict, NotFound, Unprocessable
from .heads import MatchHead
from .isolation import RulesRunner
from .models import MatchRow, StepRow
from .ovcache import OverviewCache
from .snapshots import Snapshot, SnapshotCache


def defaults_rng(seed: int, step: int) -> random.Random:
    """The generator of the rules' defaults drawn at step ``step``: derived from
    the match seed so that a drawn default is reproducible."""
    return random.Random(f"{seed}:{step}")


def bot_rng(seed: int, step: int, player: str) -> random.Random:
    return random.Random(f"{seed}:{step}:bot:{player}")


def game_of(game_id: str) -> Game[State]:
    """The installed game ``game_id``, or a 422 naming the problem (an unknown
    id, or an installed game that cannot be loaded, and why)."""
    try:
        return games.get(game_id)
    except UnknownGame as exc:
        raise Unprocessable(str(exc)) from None


_game = game_of  # the name api.py and pages.py import


def available_games() -> list[Game[State]]:
    """The registered games that load (all five in a full install); those that
    do not are in :func:`broken_games` (issue 33, N2)."""
    return games.all_games()


def broken_games() -> dict[str, str]:
    """Installed games that cannot be loaded: id -> why, in words."""
    return games.broken_games()


def _replay(
    start: Snapshot | tuple[Game[State], JSONObject, int],
    rows: list[tuple[JSONObject, list[str]]],
    match_id: str,
) -> Snapshot:
    """``start`` (a snapshot, or the game, config and undo count of a new one)
    after the stored steps ``rows``, its pending requests asked."""
    snap = start if isinstance(start, Snapshot) else Snapshot.start(*start)
    try:
        for actions, defaulted in rows:
            snap = snap.apply(actions, defaulted)
    except RecordError as exc:
        raise Conflict(f"match {match_id}: the stored steps no longer replay ({exc})") from None
    snap.pending  # noqa: B018 -- asked here, under the time limit, not by a later write
    return snap


class ServiceCore:
    """What every part of :class:`~mainmatch.host.service.HostService` shares."""

    def __init__(
        self, db: Database, *, clock: Callable[[], float] = time.time, cache_size: int = 256
    ) -> None:
        self.db = db
        notify.install(db)  # other processes learn of every committed change
        self.clock = clock
        self.cache = SnapshotCache(cache_size)
        #: the game's rules run here, under a time limit (``isolation.py``)
        self.rules = RulesRunner()
        #: each role's overview, built once per version of its match (ovcache.py)
        self.overviews = OverviewCache(4 * cache_size)
        #: called with a match id after every committed change (live updates)
        self.listeners: list[Callable[[str], None]] = []

    def _lock(self, s: Session, match_id: str) -> MatchRow:
        m = s.scalar(select(MatchRow).where(MatchRow.id == match_id).with_for_update())
        if m is None:
            raise NotFound(f"no match {match_id!r}")
        return m

    def _is_current(self, m: MatchHead, snap: Snapshot) -> bool:
        """``snap`` is the match's state now (what the cache would give)."""
        return snap.undos == m.undos and snap.count == m.step_count

    def _snapshot(
        self, s: Session | Connection, m: MatchHead, base: Snapshot | None = None
    ) -> Snapshot:
        """The match's state after its ``step_count`` steps: from ``base`` or the
        cache, plus the missing steps, or a replay of every step. A replay is
        the game's code: it runs under the rules' time limit (``isolation.py``)."""
        snap = base if base is not None else self.cache.get(m.id)
        if snap is None or snap.undos != m.undos or snap.count > m.step_count:
            snap = None
        if snap is not None and snap.count == m.step_count:
            return snap
        rows = [
            (actions, defaulted)
            for actions, defaulted in s.execute(
                _STEPS_AFTER, {"match": m.id, "after": snap.count if snap else 0}
            )
        ]
        return self.rules.call(
            f"replaying the steps of match {m.id}",
            _replay,
            snap or (game_of(m.game), m.config, m.undos),
            rows,
            m.id,
        )

    def _committed(self, match_id: str, snap: Snapshot, *, bots: bool = True) -> None:
        """After a commit: cache the new state, wake the listeners, and let
        pending bot seats move (each in a transaction of its own)."""
        self.cache.put(match_id, snap)
        for listener in self.listeners:
            listener(match_id)
        if bots:
            self._bots_after(match_id)

    def _bots_after(self, match_id: str) -> None:
        """Let the match's bot seats move after a commit (``botmoves.BotsMixin``)."""


_STEPS = StepRow.__table__.c
#: the stored steps after a number, in order (their actions and who defaulted)
_STEPS_AFTER = (
    select(_STEPS.actions, _STEPS.defaulted)
    .where(_STEPS.match_id == bindparam("match"), _STEPS.number > bindparam("after"))
    .order_by(_STEPS.number)
)
