"""A step's walk (``engine/choices.py``) as masked discrete sub-decisions.

Each pick of the walk is one decision, named by the pick's kind
(``step.path``, with ``+`` for "another list entry?", ``?`` for "include
this?", ``#1``/``#2`` for a seat pair's players). Its index means:

- a yes/no pick (``+``, ``?``, a flag, a pass): 0 = no, 1 = yes;
- an amount from ``low`` to ``high``: when the range holds at most ``BINS``
  values, index k is ``low + k``; otherwise index k is ``low + UNBOUNDED[k]``;
  an amount of either sign: ``SIGNED[k]``; allowed up to ``high``. An index
  means the same amount at every decision (unit steps where small amounts
  matter, coarser above), which a policy can learn; fractions of the bound
  would change their meaning with the bound and make the first amounts of an
  action spend most of a shared budget;
- a player: their seat-relative place (you are 0);
- another choice: the value's place among those the request type declares for
  the ``offers`` key (its ``Literal``, ``declared.offered``); a number the
  declaration does not list is its own index; anything else its place in this
  request.

The mask allows what the request allows; a decision with nothing allowed
allows index 0 alone (the action is then refused and repaired by the table).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from mainmatch.engine.choices import LIST_MAX, Pick, Shape, kinds, shape, walk
from mainmatch.engine.game import Game
from mainmatch.engine.inputs import Scalar
from mainmatch.engine.steps import CHOICE_KINDS, Input

from .decisions import Decision, Plan, PlanFactory, mask_of
from .layout import Layout, relative

#: the state type of the game a function is given
S = TypeVar("S")

#: values an amount decision chooses among
BINS = 21
#: an amount with no upper bound: index k is UNBOUNDED[k] (from its lower bound)
UNBOUNDED = (0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200)
#: the same for an amount of either sign (no lower bound either)
SIGNED = (-50, -30, -20, -15, -10, -6, -4, -3, -2, -1, 0, 1, 2, 3, 4, 6, 10, 15, 20, 30, 50)
__all__ = ["BINS", "LIST_MAX", "SIGNED", "UNBOUNDED", "Choices", "amounts", "decisions", "plan"]


@dataclass(frozen=True)
class Choices:
    """What the plans of one (game, player count) need beside the steps: the
    number of indices and the values each ``offers`` key may name."""

    n_actions: int
    vocab: Mapping[str, tuple[Scalar, ...]]
    context: Layout


def context_layout(n_actions: int) -> Layout:
    return (
        Layout()
        .add("previous", n_actions, "one-hot of the index chosen in the previous sub-decision")
        .add("key", n_actions, "one-hot of the map key or list entry being filled")
        .add("count", 1, "entries in the list being filled / its most")
        .add("left", 1, "amount: its upper bound / the request's value bounding it")
    )


def amounts(pick: Pick) -> list[tuple[int, int]]:
    """``(index, amount)`` for each amount an amount decision allows (module docstring)."""
    low, high = pick.low, pick.high
    if pick.signed:  # always the ladder: a bound from the request moves -high
        return [(k, v) for k, v in enumerate(SIGNED) if high is None or abs(v) <= high]
    if high is not None and high < low:
        return []
    if high is not None and high - low + 1 <= BINS:
        return list(enumerate(range(low, high + 1)))
    return [(k, low + v) for k, v in enumerate(UNBOUNDED) if high is None or low + v <= high]


def vocab_key(node: Input) -> str:
    return f"{node.offers}.{node.value}" if node.value else str(node.offers)


def _indices(pick: Pick, c: Choices, seats: list[str]) -> list[tuple[int, Any]]:
    """``(index, value)`` for each value ``pick`` allows."""
    if pick.role == "amount":
        return amounts(pick)
    if pick.role != "player" and pick.role != "choice":
        return [(int(v), v) for v in pick.values]
    vocab = c.vocab.get(vocab_key(pick.node), ()) if pick.node else ()
    out = []
    for value in pick.values:
        if value in seats:
            out.append((seats.index(value), value))
        elif value in vocab:
            out.append((vocab.index(value), value))
        elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            out.append((value, value))  # a number no Literal lists: its own index
    if len(out) < len(pick.values):  # a value the declaration does not name: request order
        out = list(enumerate(pick.values))
    return [(i, v) for i, v in out if i < c.n_actions]


def plan(choices: Choices, steps: Mapping[str, Shape]) -> PlanFactory:
    """The game's ``plan(view, request, player)``: its walk, one decision per pick."""

    def make(view: dict[str, Any], request: dict[str, Any], player: str) -> Plan:
        seats = relative(view.get("players") or [player], player)
        run = walk(steps[request["kind"]], request, seats)
        previous: int | None = None
        try:
            pick = next(run)
            while True:
                options = _indices(pick, choices, seats) or [(0, _fallback(pick))]
                ctx = choices.context.vector()
                ctx.one_hot("previous", previous)
                ctx.one_hot("key", _key_index(pick.key, choices, seats))
                ctx.set("count", pick.count)
                ctx.set("left", pick.left)
                mask = mask_of(choices.n_actions, [i for i, _ in options])
                index = yield Decision(pick.kind, mask, tuple(ctx.data.tolist()))
                previous = index
                pick = run.send(dict(options).get(index, options[0][1]))
        except StopIteration as done:
            out: dict[str, object] = done.value
            return out

    return make


def _fallback(pick: Pick) -> int | None:
    """What a decision with nothing allowed sends: the least amount, or nothing."""
    return pick.low if pick.role == "amount" else None


def _key_index(key: object, c: Choices, seats: list[str]) -> int | None:
    """The index of the map key (a player seat-relative, a value by its place
    among those seen) or list entry (its number) being filled."""
    if isinstance(key, int) and not isinstance(key, bool):
        index: int | None = key
    elif key in seats:
        index = seats.index(key)
    else:
        index = next((v.index(key) for v in c.vocab.values() if key in v), None)
    return index if index is not None and index < c.n_actions else None


def decisions(step: Shape) -> list[tuple[str, str]]:
    """``(decision kind, what its index means)`` for every decision of ``step``."""
    out = []
    for kind, role, node in kinds(step):
        label = f"{node.label}: " if node is not None and node.label else ""
        if role == "amount" and node is not None:
            bound = node.most or node.maximum
            out.append((kind, f"{label}an amount up to {_words(bound)}"))
        elif role == "player":
            out.append((kind, f"{label}a player, seat-relative"))
        elif role == "choice" and node is not None:
            out.append((kind, f"{label}one of the request's `{node.offers}`"))
        else:
            out.append((kind, f"{label}0 = no, 1 = yes"))
    return out


def _words(bound: object) -> str:
    if bound is None:
        return "no stated bound (the unbounded steps)"
    return f"the request's `{bound}`" if isinstance(bound, str) else str(bound)


def step_shapes(game: Game[S]) -> dict[str, Shape]:
    return {k: shape(game.step(k)) for k in game.action_models}


def vocab_keys(nodes: Iterable[Input]) -> Iterable[str]:
    """The ``offers`` keys (``key.value`` for offered objects) that choices of ``nodes`` name."""
    for node in nodes:
        if node.offers and (node.input in CHOICE_KINDS or node.input == "map"):
            yield vocab_key(node)
        yield from vocab_keys(node.children)
