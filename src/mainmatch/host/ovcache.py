"""The per-role overviews of each match, built once per version of the match.

A match's version is what :meth:`OverviewMixin.overview` reads first anyway,
its row: every change a role may see bumps ``revision`` (a step, an undo, a
deadline, a seat) or ``activity`` (a submission, a new link), so an overview
built for a version stays right until the version moves, on every process
(another process's change moves the stored row too). The clock's ``now`` is
the one field that is not the match's: it is set again at each answer.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .models import MatchRow

#: whose overview: an ``access.Access`` (match, role, player)
Access = Hashable

#: (revision, activity, undos, step_count, status): what moves with every change
Version = tuple[int, int, int, int, str]


def version_of(m: MatchRow) -> Version:
    """The version of match row ``m`` (see the module doc)."""
    return (m.revision, m.activity, m.undos, m.step_count, m.status)


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
