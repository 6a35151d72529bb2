"""Fewer garbage collections while a batch of steps builds many containers.

A replay keeps every state and every public view it builds, and a simulated
strategy match makes tens of thousands of short-lived ones (views, requests,
actions). With CPython's default first threshold (700 allocations) the
youngest generation is collected every few steps and every tenth of those
walks the next generation, up to everything the batch holds: about a third of
a Homeostasis replay went to the collector. Raising the first threshold to
:data:`THRESHOLD` while the batch runs keeps reference cycles collected, only
less often, and changes no result (decisions PD5, PE8).

The threshold is process-wide, so nested or concurrent batches (threads of a
server) share one raise: the first to enter sets it, the last to leave puts
back what it found.

>>> import gc
>>> before = gc.get_threshold()
>>> with fewer_collections():
...     gc.get_threshold()[0] >= THRESHOLD
True
>>> gc.get_threshold() == before
True
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: allocations between collections of the youngest generation inside a batch
THRESHOLD = 10_000

_lock = threading.Lock()
_depth = 0
_saved: tuple[int, ...] = ()


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the block with the collector's first threshold at least :data:`THRESHOLD`."""
    global _depth, _saved
    with _lock:
        if _depth == 0:
            _saved = gc.get_threshold()
            if _saved[0]:  # 0 means automatic collection is off: leave it so
                gc.set_threshold(max(_saved[0], THRESHOLD), *_saved[1:])
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                gc.set_threshold(*_saved)
