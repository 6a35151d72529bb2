"""Immutable records that are cheap to build: the games' per-step states.

A game's state is never changed once built (the engine spec: ``apply`` builds a new
one), and ``@dataclass(frozen=True)`` says so, but a frozen dataclass pays for
the promise at run time: its ``__init__`` stores every field through
``object.__setattr__``, about 0.2 µs a field, 4 µs for The MVP's 19-field
state, a tenth of a whole step. :func:`immutable` keeps the promise where it
costs nothing: the type checker treats the class as frozen (PEP 681
``frozen_default``), so an assignment to a field is a mypy error, while at run
time the class is a plain slotted dataclass whose ``__init__`` stores
fields directly (docs/decisions/performance.md PE3).

>>> @immutable
... class Point:
...     x: int
...     y: int
>>> p = Point(1, 2)
>>> p, p == Point(1, 2), hasattr(p, "__dict__")
(Point(x=1, y=2), True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def immutable(cls: type[T]) -> type[T]:
    """A slotted dataclass of ``cls``, frozen for the type checker (see module doc)."""
    return dataclass(slots=True)(cls)
