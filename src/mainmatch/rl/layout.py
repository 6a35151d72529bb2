"""Documented fixed-length observation vectors.

An observation (``observe.py``) and a plan's context (``plan.py``) are each a
:class:`Layout`: named fields, each a run of floats with a one-line
description; ``docs/rl.md`` is generated from the same layouts, so the
documentation and the code cannot drift apart.
Per-player fields list players *seat-relative*: the observing player first,
then the others in the config's ``players`` order after them (wrapping).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Layout:
    fields: list[tuple[str, int, str]] = field(default_factory=list)
    offsets: dict[str, tuple[int, int]] = field(default_factory=dict)
    size: int = 0

    def add(self, name: str, size: int, doc: str) -> Layout:
        if name in self.offsets:
            raise ValueError(f"field {name!r} declared twice")
        self.offsets[name] = (self.size, size)
        self.fields.append((name, size, doc))
        self.size += size
        return self

    def vector(self) -> Vector:
        return Vector(self, np.zeros(self.size, dtype=np.float32))

    def describe(self, base: int = 0) -> str:
        """The layout as a Markdown table: offset (from ``base``), length, field, meaning."""
        rows = ["| offset | length | field | meaning |", "|---|---|---|---|"]
        for name, size, doc in self.fields:
            start = base + self.offsets[name][0]
            rows.append(f"| {start} | {size} | `{name}` | {doc} |")
        return "\n".join(rows)


@dataclass
class Vector:
    layout: Layout
    data: np.ndarray

    def set(self, name: str, values: float | Iterable[float], offset: int = 0) -> None:
        start, size = self.layout.offsets[name]
        if isinstance(values, int | float | np.number):
            if not 0 <= offset < size:
                raise IndexError(f"{name}[{offset}] outside its {size} values")
            self.data[start + offset] = values
            return
        vals = np.asarray(list(values), dtype=np.float32)
        if len(vals) + offset > size:
            raise IndexError(f"{name}: {len(vals)} values from {offset} exceed its {size}")
        self.data[start + offset : start + offset + len(vals)] = vals

    def one_hot(self, name: str, index: int | None, offset: int = 0) -> None:
        if index is not None:
            self.set(name, 1.0, offset + index)


def relative(players: Sequence[str], me: str) -> list[str]:
    """``players`` rotated so that ``me`` comes first (seat-relative order)."""
    i = list(players).index(me)
    return list(players[i:]) + list(players[:i])
