"""The observation's layout and the choices' values, read off a game's declared
types (``engine/declared.py``, ``games/<id>/types.py``), never off played matches.

:func:`fields` walks the declared view (root ``view``) and every declared
request (root ``request``; request kinds that share a key merge there) and
gives each leaf a concrete path and its encoding (docs/decisions/layout.md):

- a ``Player`` (a value, a list entry or a map key) is a one-hot over the seats,
  written seat-relative (``@0`` is you);
- a ``Literal`` of text is a one-hot over its declared values, in declared order;
- a number (``int``, ``float``, ``bool``, a numeric ``Literal``, a ``Fraction``
  text) is divided by its declared bound (``le``/``ge``; 1 for a ``bool``), or,
  with no declared bound, log-scaled against :data:`LOG_CAP`;
- a list reads its declared ``max_length`` entries, else as many as there are
  seats when it lists players, else :data:`LIST_CAP` (:data:`NESTED_CAP` for a
  list inside a list); a list of objects in the view is a history, read at its
  latest entry only (``[-1]``);
- a map reads each seat (``dict[Player, …]``) or each declared key
  (``dict[Literal, …]``); a map with free text keys and plain text are left out
  and named by :func:`left_out`.

:func:`offered` gives the values a choice names from the declared request (the
``Literal`` of the offered list's entries): an index means the same value at
every decision.
"""

from __future__ import annotations

import math
import re
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from mainmatch.engine.declared import FRACTION, PLAYER
from mainmatch.engine.game import Game
from mainmatch.engine.inputs import Scalar

#: the state type of the game a function is given
S = TypeVar("S")

#: entries read of a list with no declared ``max_length`` that does not list players
LIST_CAP = 16
#: the same for a list inside a list (a bracket's two ends, an item's effects)
NESTED_CAP = 4
#: an unbounded number ``x`` reads as ``sign(x)·log(1+|x|)/log(1+LOG_CAP)``, clipped
LOG_CAP = 1000
#: the path index of a history's latest entry
LATEST = -1
_INDEX = re.compile(r"\[\d+\]")


@dataclass
class Leaf:
    """How one laid-out path is encoded (kinds merge where a union or two request
    kinds meet at one path)."""

    number: bool = False
    #: the number's declared bound (``None``: none declared, log-scaled)
    bound: float | None = None
    player: bool = False
    words: list[str] = field(default_factory=list)

    def merge(self, other: Leaf) -> None:
        if other.number:
            unbounded = (self.number and self.bound is None) or other.bound is None
            bounds = [b for b in (self.bound, other.bound) if b is not None]
            self.bound = None if unbounded else max(bounds)
            self.number = True
        self.player |= other.player
        self.words += [w for w in other.words if w not in self.words]


@dataclass
class _Walk:
    """One walk's settings and what it found."""

    seats: int
    out: dict[str, Leaf] = field(default_factory=dict)
    skipped: set[str] = field(default_factory=set)

    def add(self, path: str, leaf: Leaf) -> None:
        if path in self.out:
            self.out[path].merge(leaf)
        else:
            self.out[path] = leaf


def fields(game: Game[S], seats: int) -> dict[str, Leaf]:
    """Every laid-out path of ``game`` for ``seats`` players and its encoding."""
    return _run(game, seats).out


def left_out(game: Game[S], seats: int) -> list[str]:
    """Declared paths the layout leaves out, as patterns (``[i]`` any entry, ``*``
    any key): plain text and maps with free text keys."""
    return sorted({_INDEX.sub("[i]", p) for p in _run(game, seats).skipped})


def _run(game: Game[S], seats: int) -> _Walk:
    walk = _Walk(seats)
    if game.view_type is not None:
        _node(game.view_type, "view", walk, _Where(view=True))
    for model in game.request_types.values():
        _node(model, "request", walk, _Where(view=False))
    return walk


@dataclass(frozen=True)
class _Where:
    """Where the walk is: in the view (lists of objects are histories), inside a
    list (how deep), under a player mark, with a declared bound."""

    view: bool
    depth: int = 0
    player: bool = False
    bound: float | None = None
    max_length: int | None = None
    fraction: bool = False


def _marks(metadata: Iterable[object], where: _Where) -> _Where:
    """``where`` with the marks and the bounds ``metadata`` declares (an upper
    bound makes the scale, with the lower one when it is larger in size)."""
    player, fraction = where.player, where.fraction
    bound, most = where.bound, where.max_length
    for m in metadata:
        if isinstance(m, FieldInfo):
            inner = _marks(m.metadata, _Where(where.view))
            bound, most = inner.bound or bound, inner.max_length or most
        player = player or m == PLAYER
        fraction = fraction or m == FRACTION
        upper = [getattr(m, k, None) for k in ("le", "lt")]
        lower = [getattr(m, k, None) for k in ("ge", "gt")]
        if any(isinstance(x, int | float) for x in upper):
            bound = max(abs(x) for x in upper + lower + [bound or 0] if isinstance(x, int | float))
        elif any(isinstance(x, int | float) for x in lower) and bound is not None:
            bound = max(bound, *(abs(x) for x in lower if isinstance(x, int | float)))
        most = getattr(m, "max_length", None) or most
    return _Where(where.view, where.depth, player, bound, most, fraction)


def _node(annotation: object, path: str, walk: _Walk, where: _Where) -> None:
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        inner, *marks = get_args(annotation)
        _node(inner, path, walk, _marks(marks, where))
    elif origin in (typing.Union, types.UnionType):
        for arg in get_args(annotation):
            _node(arg, path, walk, where)
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        inside = _Where(where.view, where.depth)
        for name, info in annotation.model_fields.items():
            _node(
                info.annotation, f"{path}.{info.alias or name}", walk, _marks(info.metadata, inside)
            )
    elif origin is list:
        _list(get_args(annotation)[0], path, walk, where)
    elif origin is dict:
        key, value = get_args(annotation)
        _map(key, value, path, walk, where)
    elif annotation is not type(None):
        _leaf(annotation, path, walk, where)


def _is_player(annotation: object, where: _Where) -> bool:
    return where.player or (
        get_origin(annotation) is typing.Annotated and PLAYER in get_args(annotation)[1:]
    )


def _is_object(annotation: object) -> bool:
    """A model or a map, through ``Annotated`` and ``| None``."""
    if get_origin(annotation) is typing.Annotated:
        return _is_object(get_args(annotation)[0])
    if get_origin(annotation) in (typing.Union, types.UnionType):
        return all(_is_object(a) for a in get_args(annotation) if a is not type(None))
    return get_origin(annotation) is dict or (
        isinstance(annotation, type) and issubclass(annotation, BaseModel)
    )


def _list(element: object, path: str, walk: _Walk, where: _Where) -> None:
    inner = _Where(where.view, where.depth + 1, where.player, where.bound)
    if where.view and _is_object(element):  # a history: one entry, as deep as its list
        _node(element, f"{path}[{LATEST}]", walk, _Where(where.view, where.depth))
        return
    if where.max_length is not None:
        entries = where.max_length
    elif _is_player(element, where):
        entries = walk.seats
    else:
        entries = LIST_CAP if where.depth == 0 else NESTED_CAP
    for i in range(min(entries, LIST_CAP)):
        _node(element, f"{path}[{i}]", walk, inner)


def _map(key: object, value: object, path: str, walk: _Walk, where: _Where) -> None:
    inner = _Where(where.view, where.depth, where.player, where.bound)
    if _is_player(key, _Where(where.view)):
        names = [f"@{i}" for i in range(walk.seats)]
    else:
        names = [str(w) for w in _literal_values(key)]
    if not names:
        walk.skipped.add(f"{path}.*")
    for name in names:
        _node(value, f"{path}.{name}", walk, inner)


def _literal_values(annotation: object) -> tuple[Any, ...]:
    if get_origin(annotation) is typing.Annotated:
        return _literal_values(get_args(annotation)[0])
    return get_args(annotation) if get_origin(annotation) is Literal else ()


def _leaf(annotation: object, path: str, walk: _Walk, where: _Where) -> None:
    values = _literal_values(annotation)
    if values and all(isinstance(v, int | float) for v in values):
        walk.add(path, Leaf(number=True, bound=max(1.0, *(abs(v) for v in values))))
    elif values:
        walk.add(path, Leaf(words=[str(v) for v in values]))
    elif annotation is bool:
        walk.add(path, Leaf(number=True, bound=1.0))
    elif annotation in (int, float):
        walk.add(path, Leaf(number=True, bound=where.bound))
    elif annotation is str and where.player:
        walk.add(path, Leaf(player=True))
    elif annotation is str and where.fraction:
        walk.add(path, Leaf(number=True))
    else:
        walk.skipped.add(path)


def scaled(x: float, bound: float | None) -> float:
    """A number as the observation reads it (module docstring), in [-1, 1].

    >>> scaled(3, 6), scaled(-20, 10), round(scaled(1000, None), 3), scaled(0, None)
    (0.5, -1.0, 1.0, 0.0)
    """
    if bound is not None:
        return max(-1.0, min(1.0, x / bound))
    return math.copysign(min(1.0, math.log1p(abs(x)) / math.log1p(LOG_CAP)), x)


def offered(game: Game[S], key: str) -> tuple[Scalar, ...]:
    """The values a choice offered at request ``key`` (``offers``, or
    ``offers.value`` for a list of objects) may name: the declared ``Literal`` of
    the list's entries (or of the map's keys), over every request kind; empty
    when the declaration names none (numbers, players, plain text)."""
    head, _, sub = key.partition(".")
    out: list[Scalar] = []
    for model in game.request_types.values():
        info = model.model_fields.get(head)
        if info is None:
            continue
        element = _entry(info.annotation)
        if sub and isinstance(element, type) and issubclass(element, BaseModel):
            inner = element.model_fields.get(sub)
            element = inner.annotation if inner is not None else None
        out += [v for v in _literal_values(element) if v not in out]
    return tuple(out)


def _entry(annotation: object) -> object:
    """A list's entry type or a map's key type (through ``| None``)."""
    if get_origin(annotation) in (typing.Union, types.UnionType):
        found = [_entry(a) for a in get_args(annotation) if a is not type(None)]
        return found[0] if found else None
    if get_origin(annotation) in (list, dict):
        return get_args(annotation)[0]
    return None
