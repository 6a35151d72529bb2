"""The per-role overviews of each match, built once per version of the match.

A match's version is read from its row, which :meth:`OverviewMixin.overview`
reads first anyway: every change a player or a spectator may see bumps
``revision`` (a step, an undo, a deadline, a seat), every submission and new
link bumps ``activity`` (the host's page shows them); a player's own
submission is read with the row. An overview built for a version stays right
until the version moves, on every process (another process's change moves
the stored rows too). The clock's ``now`` is
the one field that is not the match's: it is set again at each answer.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .heads import MatchHead, SubmissionHead

#: whose overview: an ``access.Access`` (match, role, player)
Access = Hashable

#: what moves with every change the reader may see (see :func:`version_of`)
Version = tuple[Any, ...]


def version_of(m: MatchHead, role: str, own: SubmissionHead | None = None) -> Version:
    """The version of match row ``m`` as ``role`` sees it: the host sees every
    submission (``activity``), a player and a spectator only ``revision``
    (what they may see moves it), plus, for a player, their own submission
    ``own`` for the open step (when it was made, by whom, kept across an undo)."""
    base = (m.revision, m.undos, m.step_count, m.status)
    if role == "host":
        return (*base, m.activity)
    if own is None:
        return base
    # the action itself too: two submissions may share a clock reading
    action = json.dumps(own.action, sort_keys=True)
    return (*base, own.submitted_at, own.by_bot, own.kept, own.defaulted, action)


class OverviewCache:
    """The newest overview of up to ``size`` (match, role, player) keys,
    least recently used out; each answer is a copy with ``now`` set."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._items: OrderedDict[Access, tuple[Version, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()
        #: overviews built (misses), counted for tests and benchmarks
        self.built = 0

    def get(self, access: Access, version: Version, now: float) -> dict[str, Any] | None:
        with self._lock:
            item = self._items.get(access)
            if item is None or item[0] != version:
                return None
            self._items.move_to_end(access)
        return {**item[1], "now": now}

    def put(self, access: Access, version: Version, overview: dict[str, Any]) -> None:
        with self._lock:
            self.built += 1
            self._items[access] = (version, overview)
            self._items.move_to_end(access)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
