"""A game's observation: every leaf its view and request types declare becomes a
fixed run of floats, for any game.

The layout of a (game, player count) is read off the game's declared types
once per process (:func:`observer`, ``declared.py`` says how each leaf is
encoded: paths with lists indexed and player ids written seat-relative as
``@0`` = you, ``@1`` = the next seat...). Random play does not shape it: the
RL tests check that every leaf random play shows is laid out (``sampled.py``).

A list of objects in the view is a history (a record per round, per trade...):
only its latest entry is read, as ``[-1]``. The view's own totals sum up the
older ones, and a record per entry would give a linear learner hundreds of
inputs that mostly repeat them (The Amalgamation's rounds: 1,600 of its 1,900
inputs, and it learned far less with them). A request's lists of objects are
what it offers and are read in full.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from mainmatch.engine.checks import number
from mainmatch.engine.game import Game

from . import declared
from .declared import LATEST, LIST_CAP, scaled
from .layout import Layout, relative

#: the state type of the game a function is given
S = TypeVar("S")

_INDEX = re.compile(r"\[\d+\]")
_SEAT = re.compile(r"@\d+")


def leaves(
    value: object, seat: Mapping[str, int], path: str = "", latest: bool = False
) -> list[tuple[str, object]]:
    """``(path, leaf)`` for every leaf of ``value`` (in no set order); dict keys
    that are player ids are written seat-relative (``@k``), list entries beyond
    ``LIST_CAP`` dropped; ``latest``: a list of objects gives its last entry only
    (``[-1]``).

    >>> sorted(leaves({"bal": {"b": 3, "a": 1}, "xs": [True]}, {"a": 0, "b": 1}))
    [('bal.@0', 1), ('bal.@1', 3), ('xs[0]', True)]
    >>> leaves({"rounds": [{"won": 1}, {"won": 2}]}, {}, latest=True)
    [('rounds[-1].won', 2)]
    """
    out: list[tuple[str, object]] = []
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:  # a loop, not recursion: encoding runs once per step and player
        at, v = stack.pop()
        if isinstance(v, dict):
            for k, w in v.items():
                key = f"@{seat[k]}" if k in seat else str(k)
                stack.append((f"{at}.{key}" if at else key, w))
        elif latest and history(v):
            stack.append((f"{at}[{LATEST}]", v[LATEST]))
        elif isinstance(v, list):
            stack.extend((f"{at}[{i}]", w) for i, w in enumerate(v[:LIST_CAP]))
        elif v is not None:
            out.append((at, v))
    return out


def history(value: object) -> bool:
    """A non-empty list of objects (read at its latest entry in a view)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


@dataclass
class Observer:
    """The fixed layout of one (game, player count) and its encoder."""

    players: int
    layout: Layout
    #: path -> (offset, kind, scale or the one-hot's values)
    slots: dict[str, tuple[int, str, Any]]

    def __post_init__(self) -> None:
        # the layout's paths as a tree of keys, so encoding walks only laid-out parts
        self._tree: dict[Any, Any] = {}
        for name, slot in self.slots.items():
            node = self._tree
            for part in _parts(name.rpartition("#")[0]):
                node = node.setdefault(part, {})
            node.setdefault(_SLOTS, []).append(slot)

    def encode(
        self, view: dict[str, Any], request: dict[str, Any] | None, player: str
    ) -> np.ndarray:
        """The view and request of ``player`` as the layout's floats in [-1, 1]."""
        data = np.zeros(self.layout.size, dtype=np.float32)
        order = relative(view["players"], player) if "players" in view else [player]
        seat = {p: i for i, p in enumerate(order)}
        keys = {p: f"@{i}" for p, i in seat.items()}
        for root, part in (("view", view), ("request", request or {})):
            tree = self._tree.get(root)
            if tree is not None:
                _fill(data, tree, part, seat, keys, latest=root == "view")
        return data


#: where a tree node keeps the slots of its own path
_SLOTS = "#slots"
_PART = re.compile(r"\[(-?\d+)\]|([^.\[\]]+)")


def _parts(path: str) -> list[str | int]:
    """``view.a[2].@1`` -> ``["view", "a", 2, "@1"]``."""
    return [int(i) if i else key for i, key in _PART.findall(path)]


def _fill(
    data: np.ndarray,
    tree: dict[Any, Any],
    value: Any,
    seat: Mapping[str, int],
    keys: Mapping[str, str],
    latest: bool = False,
) -> None:
    """Write ``value``'s leaves that ``tree`` lays out into ``data`` (``latest``:
    as :func:`leaves`)."""
    if isinstance(value, dict):
        for k, v in value.items():
            sub = tree.get(keys.get(k, k))
            if sub is not None:
                _fill(data, sub, v, seat, keys, latest)
    elif latest and history(value):
        sub = tree.get(LATEST)
        if sub is not None:
            _fill(data, sub, value[LATEST], seat, keys, latest)
    elif isinstance(value, list):
        for i, v in enumerate(value[:LIST_CAP]):
            sub = tree.get(i)
            if sub is not None:
                _fill(data, sub, v, seat, keys, latest)
    elif value is not None:
        for offset, kind, extra in tree.get(_SLOTS, ()):
            if kind == "n":
                x = number(value)
                if x is not None:
                    data[offset] = scaled(x, extra)
            elif isinstance(value, str):
                where = seat if kind == "p" else extra
                if value in where:
                    data[offset + where[value]] = 1.0


def names(game: Game[S], count: int) -> list[str]:
    """``count`` player ids for ``game``: its default ones first, then ``p1``, ``p2``..."""
    out = list(game.default_players[:count])
    i = 1
    while len(out) < count:
        if f"p{i}" not in out:
            out.append(f"p{i}")
        i += 1
    return out


def _natural(path: str) -> list[int | str]:
    """A sort key putting ``x[2]`` before ``x[10]`` and ``@2`` before ``@10``."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", path)]


def observer(game: Game[S], count: int) -> Observer:
    """The layout of ``game`` for ``count`` players, from its declared view and
    requests (``declared.fields``): fields of one pattern side by side
    (``x[0].a``, ``x[1].a``...), for the docs' rows."""
    layout, slots = Layout(), dict[str, tuple[int, str, Any]]()
    found = declared.fields(game, count)
    for path in sorted(found, key=lambda p: (_natural(pattern(p)), _natural(p))):
        leaf = found[path]
        if leaf.number:
            slots[f"{path}#n"] = (layout.size, "n", leaf.bound)
            scale = f"number / {leaf.bound:g}" if leaf.bound else "number, log-scaled"
            layout.add(f"{path}#n", 1, scale)
        if leaf.player:
            slots[f"{path}#p"] = (layout.size, "p", None)
            layout.add(f"{path}#p", count, "player one-hot, seat-relative")
        if leaf.words:
            slots[f"{path}#s"] = (layout.size, "s", {w: i for i, w in enumerate(leaf.words)})
            layout.add(f"{path}#s", len(leaf.words), "one of " + ", ".join(leaf.words))
    return Observer(count, layout, slots)


def pattern(name: str) -> str:
    """A field's path with its list indices as ``[i]`` and seats as ``@k`` (docs
    group fields by it)."""
    return _SEAT.sub("@k", _INDEX.sub("[i]", name))


def describe(layout: Layout, base: int = 0) -> str:
    """The layout as a Markdown table with fields of one pattern on one row."""
    rows = ["| offset | length | field | meaning |", "|---|---|---|---|"]
    groups: list[tuple[str, int, int, str]] = []
    for name, size, doc in layout.fields:
        key = pattern(name)
        start = base + layout.offsets[name][0]
        if groups and groups[-1][0] == key and groups[-1][1] + groups[-1][2] == start:
            k, s, n, d = groups[-1]
            groups[-1] = (k, s, n + size, d)
        else:
            groups.append((key, start, size, doc))
    for key, start, size, doc in groups:
        path, _, kind = key.partition("#")
        meaning = {"n": "number", "p": "player one-hot, seat-relative"}.get(kind, "one-hot")
        grouped = "[i]" in path or "@k" in path
        rows.append(f"| {start} | {size} | `{path}` | {meaning if grouped else doc} |")
    return "\n".join(rows)
