"""A step's action as a sequence of single choices, read off its description.

:func:`walk` is a generator over a step's :class:`~mainmatch.engine.steps.Input`
tree, in field order: it yields one :class:`Pick` at a time (what may be
chosen now, from the player's request only) and is sent the value chosen;
when it returns, its value is the whole action. The view-only random bot
draws each pick at random; the RL environments turn each into a masked
discrete sub-decision. Neither needs a line about a particular game.

The picks of each kind of input (a pick's ``kind`` is ``step.path``):

- ``amount``: a whole number from ``low`` to ``high``. ``high`` is the model's
  maximum, or the request's ``most`` less what earlier amounts of the same
  action naming the same key took (amounts naming one ``most`` share it); an
  amount with no lower bound at all may take either sign and costs its size.
  ``high`` ``None``: no bound is stated.
- a choice (``player``, ``item``, ``card``, ``slot``, ``role``): one of the
  ``values`` the request's ``offers`` key names (players for ``player`` without
  one); inside a list, each offered entry is used up once named.
- ``seat_pair``: two player picks (``#1``, ``#2``); in a list, an unordered pair once.
- ``flag``: ``False`` / ``True``.
- ``list``: ``+`` (another entry? ``False`` / ``True``), until its
  ``max_items`` (else ``LIST_MAX``), never before its ``min_items``; then the
  entry. A list of non-choices naming an ``offers`` key has one entry per thing
  offered, in order (no ``+``); a list of choices naming ``most`` spends one
  unit of it per entry (the MVP's purchases, at least a garnet each).
- ``map``: for each key the request offers, ``?`` (an entry? ``False`` /
  ``True``, skipped when the entry is an amount that may be 0: 0 then means
  none), then the entry. An amount in a list's or map's entry with no bound of
  its own takes the container's ``most`` (adapters read ``most`` on amounts
  only, as a field's maximum: a container's is the walk's); a map's ``least`` (a request key or a
  number) is the least number of entries: an entry is then taken where the
  keys left are just enough, each entry still needed keeps one unit of every
  shared bound, and an entry holds something (its last amount that can be is
  at least 1 when the ones before are 0).
- ``group``: its fields in order. A field the action may leave out, with no
  default to send instead, first asks ``?``. A step whose model has an
  optional ``Literal[True]`` field (a pass) asks that flag first (not when
  the request says ``can_<name>: false``) and then fills the other fields.

A rule across fields that the description does not state (a total spend, a
tie, a least number of entries) is the game's: a step's ``random`` hook draws
with it, and the RL table shrinks a refused action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from .inputs import Scalar
from .steps import CHOICE_KINDS, Input, StepDescription

#: list entries a walk makes at most where the model sets no maximum
LIST_MAX = 5
NO_YES = (False, True)
T = TypeVar("T")


@dataclass(frozen=True)
class Pick:
    """One choice of a walk. ``values``: what may be chosen (for an amount,
    ``low``..``high`` instead, ``high`` ``None`` when unbounded; ``signed``:
    ``-high``..``high``). ``role``: ``amount``, ``choice``, ``player``,
    ``flag``, ``more`` (another list entry?), ``include`` (an optional part?),
    ``pass``. ``key``: the map key or list entry being filled; ``count``: the
    entries of the list being filled over its most; ``left``: an amount's
    ``high`` over the request value bounding it."""

    kind: str
    role: str
    node: Input | None
    values: tuple[Any, ...] = ()
    low: int = 0
    high: int | None = None
    signed: bool = False
    key: Any = None
    count: float = 0.0
    left: float = 0.0


#: a walk: yields picks, is sent the chosen values (one of a pick's ``values``, or a
#: whole number for an amount), returns the action
Walk = Generator[Pick, Scalar, dict[str, object]]
#: a part of a walk, returning the part of the action it fills
Part = Generator[Pick, Scalar, T]


@dataclass(frozen=True)
class Shape:
    """A step kind as a walk needs it: its inputs (each named by its JSON key,
    ``pass_`` is sent as ``pass``) and its pass flags."""

    kind: str
    inputs: tuple[Input, ...]
    passes: tuple[str, ...]


def shape(description: StepDescription) -> Shape:
    """The walk's view of a step: read off its description's inputs only."""
    inputs = description.inputs()
    passes = tuple(node.name for node in inputs if node.passes)
    return Shape(description.kind, inputs, passes)


def optional(node: Input) -> bool:
    """A field the action may leave out that has no default value to send instead."""
    return not node.required and node.default is None and node.input not in ("list", "map")


def zero_means_none(node: Input) -> bool:
    """A map entry that is an amount which may be 0 (then: no entry)."""
    return node.input == "amount" and (node.minimum or 0) <= 0


def entry(node: Input) -> Input | None:
    """A list's or map's entry; an amount in it with no bound of its own takes
    the container's ``most`` (the MVP's bids: ``most="chips"`` on the map; Seat
    Exchange's trades: ``most="money"`` on the list, for each trade's amount)."""
    if not node.children:
        return None
    element = node.children[0]
    if node.most is None:
        return element
    if element.input == "amount" and element.most is None:
        return replace(element, most=node.most)
    if element.input == "group":
        children = tuple(
            replace(c, most=node.most) if c.input == "amount" and c.most is None else c
            for c in element.children
        )
        return replace(element, children=children)
    return element


def per_offer(node: Input) -> bool:
    """A list of non-choices that names an ``offers`` key: one entry per thing
    offered (the Amalgamation's Minus bids, one per tile)."""
    element = node.children[0] if node.children else None
    return bool(node.offers) and element is not None and element.input not in CHOICE_KINDS


_LEFT_OUT = object()


def _whole(sent: Scalar) -> int:
    """An amount as the walk's driver sends it (a number)."""
    if sent is None:
        raise TypeError("an amount must be a number, not None")
    return int(sent)


class Walker:
    """One action in the making: what it has spent and used up so far."""

    def __init__(self, request: Mapping[str, object], players: list[str]):
        self.request = request
        self.players = players
        self.spent: Counter[str] = Counter()
        self.used: Counter[tuple[str, Scalar]] = Counter()
        self.pairs: set[frozenset[Scalar]] = set()
        self.key: Scalar = None
        self.count = 0.0
        #: units of each shared bound kept for the map entries still needed
        self.reserve = 0
        #: the map entry being filled must hold something; this amount is at least 1
        self.holding = False
        self.floor = False

    def pick(
        self, kind: str, role: str, node: Input | None, values: tuple[Scalar, ...] = NO_YES
    ) -> Part[Scalar]:
        return (yield Pick(kind, role, node, values, key=self.key, count=self.count))

    def walk(self, step: Shape) -> Walk:
        out: dict[str, object] = {}
        for name in step.passes:
            # a request may say the pass is not allowed now (Homeostasis: can_pass)
            allowed = (False,) if self.request.get(f"can_{name}") is False else NO_YES
            if (yield from self.pick(f"{step.kind}.{name}", "pass", None, allowed)):
                return {name: True}
        for node in step.inputs:
            if node.name in step.passes:
                continue
            value = yield from self.node(step.kind, node, ask_optional=not step.passes)
            if value is not _LEFT_OUT:
                out[node.name] = value
        return out

    def node(
        self, step: str, node: Input, ask_optional: bool = True, in_list: bool = False
    ) -> Part[object]:
        name = f"{step}.{node.path}"
        if (
            ask_optional
            and optional(node)
            and not (yield from self.pick(f"{name}?", "include", node))
        ):
            return _LEFT_OUT
        kind = node.input
        if kind == "group":
            return (yield from self.group(step, node, in_list))
        if kind == "list":
            return (yield from self.list_of(step, node))
        if kind == "map":
            return (yield from self.map_of(step, node))
        if kind == "seat_pair":
            return (yield from self.pair(name, node))
        if kind == "flag":
            return bool((yield from self.pick(name, "flag", node)))
        if kind == "amount":
            low, high, signed, left = self.bound(node)
            pick = Pick(name, "amount", node, (), low, high, signed, self.key, self.count, left)
            value = _whole((yield pick))
            if isinstance(node.most, str):
                self.spent[node.most] += abs(value)
            return value
        values = tuple(self.offered(node, consume=in_list))
        role = "player" if kind == "player" else "choice"
        chosen = yield from self.pick(name, role, node, values)
        if in_list:
            self.used[(node.offers or "", chosen)] += 1
        return chosen

    def group(self, step: str, node: Input, in_list: bool) -> Part[dict[str, object]]:
        """A group's fields in order; a map entry (``holding``) holds something:
        its amount is at least 1 where no later amount of the entry can be."""
        holding, self.holding = self.holding, False
        held = False
        out: dict[str, object] = {}
        children = node.children
        for i, child in enumerate(children):
            if holding and not held and child.input == "amount":
                later = [c for c in children[i + 1 :] if c.input == "amount"]
                self.floor = all(not self._room(c) for c in later)
            value = yield from self.node(step, child, in_list=in_list)
            self.floor = False
            if value is not _LEFT_OUT:
                out[child.name] = value
                held = held or (child.input == "amount" and bool(value))
        return out

    def _room(self, node: Input) -> bool:
        """Whether an amount could be at least 1 now."""
        _, high, _, _ = self.bound(node)
        return high is None or high >= 1

    def list_of(self, step: str, node: Input) -> Part[list[object]]:
        element = entry(node)
        most = node.max_items or LIST_MAX
        least = node.min_items or 0
        if per_offer(node):  # one entry per thing the request offers, in its order
            most = least = len(self.offered(node, consume=False))
        # a list of choices naming ``most``: each entry spends one unit of it
        choices = element is not None and element.input in CHOICE_KINDS
        costs = node.most if isinstance(node.most, str) and choices else None
        items: list[object] = []
        while element is not None and len(items) < most:
            self.count = len(items) / most
            if len(items) >= least:
                if not self.feasible(element):
                    break
                if costs is not None and self.number(costs) - self.spent[costs] < 1:
                    break
                if not (yield from self.pick(f"{step}.{node.path}+", "more", node)):
                    break
            self.key = len(items)
            items.append((yield from self.node(step, element, in_list=True)))
            if costs is not None:
                self.spent[costs] += 1
        self.key, self.count = None, 0.0
        return items

    def map_of(self, step: str, node: Input) -> Part[dict[Scalar, object]]:
        element = entry(node)
        out: dict[Scalar, object] = {}
        if element is None:
            return out
        keys = self.offered(node, consume=False)
        need = self.number(node.least)
        for i, key in enumerate(keys):
            self.key = key
            still = max(0, need - len(out))
            # the entries still needed after this one keep one unit each
            self.reserve = max(0, still - 1)
            if zero_means_none(element):
                self.floor = still > len(keys) - i - 1
                value = yield from self.node(step, element)
                self.floor = False
                if value:
                    out[key] = value
                continue
            say = NO_YES if self.feasible(element) else (False,)
            if still > len(keys) - i - 1 and True in say:
                say = (True,)  # needed to reach the least number of entries
            if (yield from self.pick(f"{step}.{node.path}?", "include", node, say)):
                self.holding = element.input == "group"
                out[key] = yield from self.node(step, element)
        self.key, self.reserve = None, 0
        return out

    def number(self, bound: str | int | None) -> int:
        """A bound as a number: a request key's value, or the number itself (else 0)."""
        value = self.request.get(bound) if isinstance(bound, str) else bound
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def pair(self, name: str, node: Input) -> Part[list[Scalar]]:
        offered = self.offered(node, consume=False)
        pairs = self.pairs
        # a first seat with a partner left (every seat before any pair is taken)
        firsts = tuple(
            x for x in offered if not pairs or any(frozenset((x, b)) not in pairs for b in offered)
        )
        a = yield from self.pick(f"{name}#1", "player", node, firsts)
        seconds = [b for b in offered if frozenset((a, b)) not in pairs] if a in offered else []
        b = yield from self.pick(f"{name}#2", "player", node, tuple(seconds))
        self.pairs.add(frozenset((a, b)))
        return [a, b]

    # ------------------------------------------------------------- the request

    def offered(self, node: Input, consume: bool) -> list[Scalar]:
        """What the request offers ``node`` (less what this action used up)."""
        source = self.request.get(node.offers) if node.offers else None
        if source is None and node.input in ("player", "seat_pair"):
            source = self.players
        if isinstance(source, Mapping):
            values = list(source)
        elif isinstance(source, list):
            if node.value:
                values = [o.get(node.value) for o in source if isinstance(o, Mapping)]
            else:
                values = [o for o in source if isinstance(o, str | int) and o is not True]
        else:
            values = []
        if not consume:
            return values
        out, seen = [], Counter[Scalar]()
        for v in values:
            seen[v] += 1
            if seen[v] > self.used[(node.offers or "", v)]:
                out.append(v)
        return out

    def bound(self, node: Input) -> tuple[int, int | None, bool, float]:
        """``(low, high, signed, left)`` of an amount now (the module docstring)."""
        signed = node.minimum is None and node.least is None
        low = node.minimum or 0
        least = self.request.get(node.least) if isinstance(node.least, str) else node.least
        if isinstance(least, int):
            low = max(low, least)
        high, left = node.maximum, 0.0
        most = self.request.get(node.most) if isinstance(node.most, str) else node.most
        if isinstance(most, int):
            room = most - self.spent[node.most] if isinstance(node.most, str) else most
            room = max(min(room, low), room - self.reserve)
            high = room if high is None else min(high, room)
            left = max(0.0, min(1.0, room / max(1, most)))
        if self.floor and (high is None or high >= 1):
            low = max(low, 1)
        return low, high, signed, left

    def feasible(self, node: Input) -> bool:
        """Whether every required part of ``node`` has something to choose."""
        if node.input == "group":
            return all(self.feasible(c) for c in node.children if c.required)
        if node.input == "amount":
            low, high, signed, _ = self.bound(node)
            return high is None or signed or high >= low
        if node.input == "seat_pair":
            offered = self.offered(node, consume=False)
            return any(frozenset((a, b)) not in self.pairs for a in offered for b in offered)
        if node.input in CHOICE_KINDS:
            return bool(self.offered(node, consume=True))
        return True


def walk(step: Shape, request: Mapping[str, object], players: list[str]) -> Walk:
    """The walk of ``step``'s action for ``request`` (module docstring);
    ``players``: the match's players, for ``player`` inputs offering none."""
    return Walker(request, players).walk(step)


def kinds(step: Shape) -> list[tuple[str, str, Input | None]]:
    """``(pick kind, role, node)`` for every pick a walk of ``step`` may yield."""
    out: list[tuple[str, str, Input | None]] = [
        (f"{step.kind}.{name}", "pass", None) for name in step.passes
    ]
    for node in step.inputs:
        if node.name not in step.passes:
            out += _kinds(step.kind, node, not step.passes)
    return out


def _kinds(
    step: str, node: Input, ask_optional: bool = True
) -> list[tuple[str, str, Input | None]]:
    name = f"{step}.{node.path}"
    out: list[tuple[str, str, Input | None]] = []
    if ask_optional and optional(node):
        out.append((f"{name}?", "include", node))
    if node.input == "list":
        if not per_offer(node):
            out.append((f"{name}+", "more", node))
    elif node.input == "map":
        if node.children and not zero_means_none(node.children[0]):
            out.append((f"{name}?", "include", node))
    elif node.input == "seat_pair":
        out += [(f"{name}#1", "player", node), (f"{name}#2", "player", node)]
    elif node.input == "flag":
        out.append((name, "flag", node))
    elif node.input == "amount":
        out.append((name, "amount", node))
    elif node.input != "group":
        out.append((name, "player" if node.input == "player" else "choice", node))
    element = entry(node) if node.input in ("list", "map") else None
    for child in (element,) if element is not None else node.children:
        out += _kinds(step, child)
    return out
