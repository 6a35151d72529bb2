"""States of matches, rebuilt by replay and cached.

A :class:`Snapshot` is a match after its first ``count`` steps: the state,
and every step's actions and events. It is immutable; applying a step makes
a new one. The cache keeps the newest snapshot of each match keyed by
(match id, step count, undo count): a process that finds the database ahead
of its cache replays only the missing steps, and an undo (which may be
followed by a different step with the same number) always misses.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from mainmatch.engine.announce import Announcement, announce
from mainmatch.engine.driver import advance
from mainmatch.engine.game import Config, Game, JSONObject, State
from mainmatch.engine.record import new_record


@dataclass(frozen=True)
class Snapshot:
    game: Game[State]
    config: Config
    state: State
    #: ``{"actions", "defaulted"}`` of each applied step, step 1 first
    steps: tuple[JSONObject, ...] = ()
    #: events of each applied step
    events: tuple[tuple[JSONObject, ...], ...] = ()
    undos: int = 0
    #: lazily rendered announcements, per step
    _announcements: dict[int, Announcement] = field(default_factory=dict, compare=False, repr=False)
    #: the pending requests and the result, asked of the game once (``warm``)
    _memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def start(cls, game: Game[State], config: Config, undos: int = 0) -> Snapshot:
        return cls(game, config, game.initial_state(config), undos=undos)

    @property
    def count(self) -> int:
        return len(self.steps)

    @property
    def pending(self) -> dict[str, JSONObject]:
        memo = self._memo.get("pending")
        if memo is None:
            memo = self._memo["pending"] = self.game.pending(self.state)
        return memo

    def result(self) -> JSONObject | None:
        """The game's result (``None`` while the match runs), asked once."""
        if "result" not in self._memo:
            self._memo["result"] = self.game.result(self.state) if self.over else None
        result: JSONObject | None = self._memo["result"]
        return result

    def memo(self, key: str, make: Callable[[], Any]) -> Any:
        """``make()`` remembered under ``key`` (text made from this snapshot once)."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def warm(self) -> Snapshot:
        """Ask the game now for everything a write of this snapshot reads (its
        pending requests, the last step's announcement, the result): a write
        transaction then runs no game code (``isolation.py``, issue 33 N3)."""
        if self.count:
            self.announcement(self.count)
        if self.over:
            self.result()
        return self

    @property
    def over(self) -> bool:
        return not self.pending

    def apply(self, actions: dict[str, Any], defaulted: Iterable[str]) -> Snapshot:
        """The snapshot after one more step; raises ``RecordError`` (naming
        the step and player) if the step is not legal here."""
        defaulted = list(defaulted)
        number = self.count + 1
        state, events = advance(self.game, self.state, number, actions, defaulted)
        step = {"actions": actions, "defaulted": defaulted}
        return Snapshot(
            self.game,
            self.config,
            state,
            self.steps + (step,),
            self.events + (tuple(events),),
            self.undos,
        )

    def announcement(self, number: int) -> Announcement:
        """Step ``number``'s events as Discord Markdown (public post and DMs)."""
        ann = self._announcements.get(number)
        if ann is None:
            ann = self._announcements[number] = announce(self.game, list(self.events[number - 1]))
        return ann

    def record(self) -> JSONObject:
        rec = new_record(self.game.id, self.config)
        rec["steps"] = [
            {"actions": s["actions"], "defaulted": list(s["defaulted"])} for s in self.steps
        ]
        return rec


class SnapshotCache:
    """The newest snapshot of up to ``size`` matches (least recently used out)."""

    def __init__(self, size: int = 256):
        self.size = size
        self._items: OrderedDict[str, Snapshot] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, match_id: str) -> Snapshot | None:
        with self._lock:
            snap = self._items.get(match_id)
            if snap is not None:
                self._items.move_to_end(match_id)
            return snap

    def put(self, match_id: str, snap: Snapshot) -> None:
        with self._lock:
            old = self._items.get(match_id)
            # two threads may race to store: keep the longer history of the same undo count
            if old is not None and old.undos == snap.undos and old.count > snap.count:
                return
            self._items[match_id] = snap
            self._items.move_to_end(match_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def drop(self, match_id: str) -> None:
        with self._lock:
            self._items.pop(match_id, None)
