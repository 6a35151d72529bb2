"""A learned policy's arithmetic: features read off views by name, masked softmax per decision.

A learned bot (``learned.py``) decides an action as the view-only random bot
does (``random_view.py``): it walks the step's description one pick at a time
(``engine/choices.py``). At each pick it scores the pick's allowed choices with
a linear softmax over the player's features and draws one with the match's
generator. Nothing here names a game (docs/decisions/learn.md LRN1).

**Features** are names, never positions (LRN2): every leaf of the view and the
request (and, for an object of numbers keyed by every player, the others'
largest and smallest and your lead, :func:`standing`) is ``path`` (a number, divided by the scale seen in training and
clipped to [-1, 1]) or ``path=value`` (a word or a player, 1.0 when it holds);
player ids in keys and values are written seat-relative (``@0`` = you,
``@1`` = the next seat...), a list of objects in the view (a history) is read
at its latest entry (``[-1]``), other lists at their first ``LIST_CAP`` entries.
A pick adds ``pick:*`` features (its count, what is left of a bound, its low
and high, the map key or list entry it fills). A name the file does not hold
is ignored and a name the view lacks reads 0, so a view that gains or loses a
field still plays.

**Choices** of each decision kind (a pick's ``kind``, ``step.path``):

- yes/no picks (a flag, another entry, include, pass): 0 = no, 1 = yes;
- an amount from ``low`` to ``high``: index k < ``BINS`` is the fraction
  k/(BINS-1) of the way from ``low`` to ``high`` (rounded; index ``BINS-1`` is
  all of it), then ``low`` plus each of ``ABOVE_LOW``, then ``high`` less each
  of ``BELOW_HIGH`` (small exact amounts where the range is wide); with no upper
  bound, ``low`` plus each of ``LADDER``; of either sign, each of ``SIGNED``;
- a player: their seat-relative place;
- another choice: its place among the values the file lists for the kind
  (values it does not list follow, in the request's order).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from mainmatch.engine.checks import number
from mainmatch.engine.choices import Pick
from mainmatch.engine.game import JSONObject, Request, View

#: list entries read per list
LIST_CAP = 16
#: amount indices: fractions of the range, then exact small amounts
BINS = 21
ABOVE_LOW = (1, 2, 3, 5, 8, 13)
BELOW_HIGH = (1, 2, 3)
AMOUNT_ACTIONS = BINS + len(ABOVE_LOW) + len(BELOW_HIGH)
LADDER = (0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200)
SIGNED = (-50, -30, -20, -15, -10, -6, -4, -3, -2, -1, 0, 1, 2, 3, 4, 6, 10, 15, 20, 30, 50)
#: choices of a ``choice`` decision at most (values seen in training, then unseen ones)
CHOICE_ACTIONS = 24
YES_NO = ("more", "include", "flag", "pass")
#: the features every pick adds (``pick:key=...`` ones are added as seen)
PICK_FEATURES = ("pick:bias", "pick:count", "pick:left", "pick:low", "pick:high")
#: scale of ``pick:low`` and ``pick:high`` where training saw no larger amount
AMOUNT_SCALE = 20.0


def leaves(view: Any, request: Any, seat: Mapping[str, int]) -> list[tuple[str, Any]]:
    """``(name, leaf)`` of every leaf of ``view`` and ``request`` (module doc).

    >>> sorted(leaves({"bal": {"b": 3, "a": 1}, "h": [{"x": 1}, {"x": 2}]}, {"k": "b"}, {"a": 0, "b": 1, "c": 2}))
    [('request.k', '@1'), ('view.bal.@0', 1), ('view.bal.@1', 3), ('view.h[-1].x', 2)]
    """
    out: list[tuple[str, Any]] = []
    stack: list[tuple[str, Any, bool]] = [("view", view, True), ("request", request, False)]
    while stack:
        at, v, latest = stack.pop()
        if isinstance(v, dict):
            out.extend(standing(at, v, seat))
            for k, w in v.items():
                key = f"@{seat[k]}" if k in seat else str(k)
                stack.append((f"{at}.{key}", w, latest))
        elif isinstance(v, list):
            if latest and v and all(isinstance(w, dict) for w in v):
                stack.append((f"{at}[-1]", v[-1], latest))
            else:
                stack.extend((f"{at}[{i}]", w, latest) for i, w in enumerate(v[:LIST_CAP]))
        elif isinstance(v, str) and v in seat:
            out.append((at, f"@{seat[v]}"))
        elif v is not None:
            out.append((at, v))
    return out


def standing(at: str, value: JSONObject, seat: Mapping[str, int]) -> list[tuple[str, float]]:
    """For an object of numbers keyed by every player (chips, points, money): the
    others' largest and smallest and yours less their largest, as ``at.@others-max``,
    ``at.@others-min`` and ``at.@lead`` (what a linear policy cannot compute).

    >>> standing("v", {"a": 3, "b": 5, "c": 1}, {"a": 0, "b": 1, "c": 2})
    [('v.@others-max', 5), ('v.@others-min', 1), ('v.@lead', -2)]
    """
    if len(value) < 2 or len(value) != len(seat) or any(k not in seat for k in value):
        return []
    if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in value.values()):
        return []
    me = next((k for k in value if seat[k] == 0), None)
    if me is None:
        return []
    others = [x for k, x in value.items() if k != me]
    top = max(others)
    return [
        (f"{at}.@others-max", top),
        (f"{at}.@others-min", min(others)),
        (f"{at}.@lead", value[me] - top),
    ]


def seats_of(view: Mapping[str, Any], player: str) -> dict[str, int]:
    """Seat-relative places: ``player`` 0, then the others after them in ``players`` order."""
    players = list(view.get("players") or [player])
    if player not in players:
        return {player: 0}
    i = players.index(player)
    order = players[i:] + players[:i]
    return {p: k for k, p in enumerate(order)}


class Encoder:
    """Feature names to columns, with each number's scale; encoding walks only
    the parts of a view that some feature names (a tree of the names' paths)."""

    def __init__(self, names: Sequence[str], scales: Sequence[float]):
        self.names = list(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.scales = np.asarray(scales, dtype=np.float64)
        self.size = len(self.names)
        self.tree: dict[Any, Any] = {}
        for i, name in enumerate(self.names):
            path, eq, word = name.partition("=")
            if path.startswith("pick:"):
                continue
            node = self.tree
            for part in _parts(path):
                node = node.setdefault(part, {})
            slots = node.setdefault(_SLOTS, [None, {}])
            if eq:
                slots[1][word] = i
            else:
                slots[0] = (i, float(self.scales[i]))
        #: the column of ``pick:bias`` (``None``: the file has none)
        self.bias = self.index.get("pick:bias")
        #: ``(place in the pick's values, column, scale)`` of each ``PICK_FEATURES`` name held
        self.pick_columns = tuple(
            (k, self.index[name], float(self.scales[self.index[name]]))
            for k, name in enumerate(PICK_FEATURES)
            if name in self.index
        )

    def encode(self, view: View, request: Request | None, player: str) -> np.ndarray:
        """The view and request as features (module doc)."""
        seat = seats_of(view, player)
        fill = _Filler([0.0] * self.size, seat, {p: f"@{k}" for p, k in seat.items()})
        for root, part, latest in (("view", view, True), ("request", request or {}, False)):
            node = self.tree.get(root)
            if node is not None:
                fill.fill(node, part, latest)
        return np.array(fill.x, dtype=np.float64)

    def pick_features(self, pick: Pick, seat: Mapping[str, int]) -> list[tuple[int, float]]:
        """``(column, value)`` of the pick's own features (module doc)."""
        high = pick.high if pick.high is not None else pick.low
        values = (1.0, pick.count, pick.left, pick.low, high)
        out = [(i, max(-1.0, min(1.0, values[k] / scale))) for k, i, scale in self.pick_columns]
        if pick.key is not None:
            i = self.index.get(f"pick:key={key_name(pick.key, seat)}")
            if i is not None:
                out.append((i, 1.0))
        return out

    def pick(self, base: np.ndarray, pick: Pick, seat: Mapping[str, int]) -> np.ndarray:
        """``base`` with the pick's own features set (a copy)."""
        x = base.copy()
        for i, v in self.pick_features(pick, seat):
            x[i] = v
        return x


_SLOTS = "#slots"
_PART = re.compile(r"\[(-?\d+)\]|([^.\[\]]+)")
_STANDING = ("@others-max", "@others-min", "@lead")


def _parts(path: str) -> list[str | int]:
    """``view.a[2].@1`` -> ``["view", "a", 2, "@1"]``."""
    return [int(i) if i else key for i, key in _PART.findall(path)]


class _Filler:
    """Writes the leaves of a view that a tree of feature names names (as
    :func:`leaves` reads them) into ``x``: a list while filling (numpy's item
    writes cost more than the arithmetic), one array at the end."""

    __slots__ = ("keys", "seat", "x")

    def __init__(self, x: list[float], seat: Mapping[str, int], keys: Mapping[str, str]):
        self.x, self.seat, self.keys = x, seat, keys

    def fill(self, node: dict[Any, Any], value: Any, latest: bool) -> None:
        if isinstance(value, dict):
            if any(k in node for k in _STANDING):
                for name, v in standing("", value, self.seat):
                    self.leaf(node.get(name.rpartition(".")[2]), v)
            keys = self.keys
            for k, v in value.items():
                sub = node.get(keys.get(k, k) if isinstance(k, str) else str(k))
                if sub is not None:
                    self.fill(sub, v, latest)
        elif isinstance(value, list):
            if latest and value and all(isinstance(w, dict) for w in value):
                sub = node.get(-1)
                if sub is not None:
                    self.fill(sub, value[-1], latest)
            else:
                for i, v in enumerate(value[:LIST_CAP]):
                    sub = node.get(i)
                    if sub is not None:
                        self.fill(sub, v, latest)
        elif value is not None:
            self.leaf(node, value)

    def leaf(self, node: dict[Any, Any] | None, value: Any) -> None:
        slots = node.get(_SLOTS) if node is not None else None
        if slots is None:
            return
        column, words = slots
        if isinstance(value, str):
            word = self.keys.get(value, value)
            i = words.get(word)
            if i is not None:
                self.x[i] = 1.0
            if word[:1] == "@":
                return
        if column is not None:
            kind = type(value)
            v = float(value) if kind is int or kind is float else number(value)
            if v is not None:
                i, scale = column
                self.x[i] = max(-1.0, min(1.0, v / scale))


def key_name(key: Any, seat: Mapping[str, int]) -> str:
    """A map key or list entry as a feature word (a player seat-relative)."""
    if isinstance(key, str) and key in seat:
        return f"@{seat[key]}"
    return f"#{key}" if isinstance(key, int) and not isinstance(key, bool) else str(key)


def actions_of(role: str, players: int) -> int:
    """How many indices a decision of ``role`` has."""
    if role == "amount":
        return AMOUNT_ACTIONS
    if role == "player":
        return players
    if role == "choice":
        return CHOICE_ACTIONS
    return 2


def amount_options(pick: Pick) -> list[tuple[int, int]]:
    """``(index, amount)`` for each amount index an amount pick allows (module doc)."""
    low, high = pick.low, pick.high
    if pick.signed:
        return [(k, v) for k, v in enumerate(SIGNED) if high is None or abs(v) <= high]
    if high is None:
        return [(k, low + v) for k, v in enumerate(LADDER)]
    if high < low:
        return []
    span = high - low
    out = [(k, low + math.floor(span * k / (BINS - 1) + 0.5)) for k in range(BINS)]
    out += [(BINS + i, low + d) for i, d in enumerate(ABOVE_LOW) if d <= span]
    out += [(BINS + len(ABOVE_LOW) + i, high - d) for i, d in enumerate(BELOW_HIGH) if d <= span]
    return out


def options(pick: Pick, seat: Mapping[str, int], vocab: Sequence[Any]) -> list[tuple[int, Any]]:
    """``(index, value)`` for each choice ``pick`` allows."""
    if pick.role == "amount":
        return amount_options(pick)
    if pick.role in YES_NO:
        return [(int(bool(v)), v) for v in pick.values]
    if pick.role == "player":
        return [(seat[v], v) for v in pick.values if v in seat]
    known = {v: i for i, v in enumerate(vocab) if isinstance(v, str | int)}
    out, extra = [], len(vocab)
    for v in pick.values:
        if isinstance(v, str | int) and v in known:
            out.append((known[v], v))
        else:
            out.append((extra, v))
            extra += 1
    return [(i, v) for i, v in out if i < CHOICE_ACTIONS]


def masked_softmax(logits: np.ndarray, allowed: Sequence[int]) -> np.ndarray:
    """Probabilities over ``allowed`` indices (0 elsewhere)."""
    idx = np.asarray(allowed, dtype=np.intp)
    z = logits[idx]
    z = np.exp(z - z.max())
    p = np.zeros(len(logits), dtype=np.float64)
    p[idx] = z / z.sum()
    return p


def sample(p: np.ndarray, allowed: Sequence[int], rng: random.Random) -> int:
    """One index drawn with probabilities ``p`` using the match's generator."""
    u = rng.random()
    acc = 0.0
    for i in allowed:
        acc += float(p[i])
        if u < acc:
            return int(i)
    return int(allowed[-1])


def draw(
    logits: Sequence[float],
    shifts: Sequence[tuple[Sequence[float], float]],
    allowed: Sequence[int],
    rng: random.Random,
) -> int:
    """:func:`sample` of :func:`masked_softmax` of ``logits`` plus ``d * row`` for
    each ``(row, d)`` of ``shifts`` (the pick's features), over ``allowed`` only:
    the same numbers in the same order as the full-width arrays, so the same
    index, for a fraction of the cost (docs/decisions/learn.md LRN11)."""
    z = [logits[a] for a in allowed]
    for row, d in shifts:  # feature by feature, as the arrays were added
        z = [x + d * row[a] for x, a in zip(z, allowed)]
    top = max(z)
    # numpy's exp (its own vector code on some CPUs) and its sum's order, as masked_softmax
    e = np.exp(np.asarray(z) - top).tolist()
    total = 0.0 + pairwise_sum(e)
    u = rng.random()
    acc = 0.0
    for a, x in zip(allowed, e):
        acc += x / total
        if u < acc:
            return a
    return allowed[-1]


def pairwise_sum(values: Sequence[float]) -> float:
    """The sum in numpy's order for a float64 vector (eight running sums in
    blocks of 128, halves above), so that it equals ``ndarray.sum`` bit for bit.

    >>> xs = [0.1 * k for k in range(1, 40)]
    >>> pairwise_sum(xs) == float(np.asarray(xs).sum())
    True
    """
    n = len(values)
    if n < 8:
        total = 0.0
        for x in values:
            total += x
        return total
    if n <= 128:
        r = list(values[:8])
        i = 8
        while i < n - n % 8:
            for j in range(8):
                r[j] += values[i + j]
            i += 8
        total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for x in values[i:]:
            total += x
        return total
    half = n // 2
    half -= half % 8
    return pairwise_sum(values[:half]) + pairwise_sum(values[half:])


def rule_choice(rule: str, allowed: list[tuple[int, Any]], pick: Pick, rng: random.Random) -> int:
    """A fixed rule's index: ``most`` (the largest amount, yes), ``least`` (the
    smallest, no), ``uniform`` (any); other choices uniform under every rule."""
    if rule == "uniform" or pick.role in ("player", "choice"):
        return rng.choice(allowed)[0]
    by_value = sorted(allowed, key=lambda iv: (float(iv[1] or 0), iv[0]))
    return by_value[-1][0] if rule == "most" else by_value[0][0]


def stack_weights(arrays: Iterable[np.ndarray]) -> np.ndarray:
    return np.stack(list(arrays))
