"""An assembled action the game refuses, shrunk until it takes it (the RL
table's actions, ``rl/table.py``, and a learned bot's, ``bots/driver.py``).

A plan keeps every bound its step description states; a rule across fields
("the total spend is at most your money plus the garnets you sell", "a bid may
not tie two slots", "a bid is worth at least one chip", "bid on at least three
items") is not in the description, so an action built from allowed choices may
still break it. The table then tries, in order: the optional choice fields of
its map entries given or left out (a few at a time), the action without its
optional fields and without entries that hold nothing (Second to Won's CHOICE
target on an item that has none, a bid of 0 chips and 0 garnets), then that
with every amount halved (up to ``HALVINGS`` times) and at its least, then the
lists cut down entry by entry (the MVP's purchases, which cost garnets), then the
objects too, then ``{}``, and last the game's own
``default_action`` (what a player who sends nothing plays). The game's
``validate`` decides each try; every game decides legality from what the
player's own request says (its money, chips, what it offers), so a repair tells
the learner nothing its request did not.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from itertools import chain, combinations
from typing import TypeVar

from mainmatch.engine.choices import optional
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Action, Game, Request
from mainmatch.engine.steps import Input

HALVINGS = 4
#: the game's state type (the functions take the game and one of its states)
S = TypeVar("S")


def _legal(game: Game[S], state: S, player: str, action: Action) -> bool:
    try:
        game.validate(state, player, action)
    except IllegalAction:
        return False
    return True


def repair(game: Game[S], state: S, player: str, action: Action, rng: random.Random) -> Action:
    """``action`` when the game takes it, else the first shrunk form it takes
    (module docstring); a new object whenever it is not ``action`` itself."""
    if _legal(game, state, player, action):
        return action
    fixed = shrink(game, state, player, action)
    return fixed if fixed is not None else game.default_action(state, player, rng)


def shrink(game: Game[S], state: S, player: str, action: Action) -> Action | None:
    """The first shrunk form of a refused ``action`` that the game takes, or
    ``None`` (then the rules' default is played). The bot driver asks this for a
    bot that declares ``repairs = True`` (the learned bot, ``bots/learned.py``)."""
    request = game.pending(state)[player]
    inputs = game.step(request["kind"]).inputs()
    for candidate in chain(toggled(action, inputs, request), shrunk(action, inputs)):
        if _legal(game, state, player, candidate):
            return candidate
    return None


def clone(action: Action) -> Action:
    """A copy of an action (dicts and lists copied all the way down): what
    ``copy.deepcopy`` gives for actions, without its memo, at a fraction of
    its cost on the hot path of repairs.

    >>> a = {"bids": {"A": {"chips": 3}}}
    >>> b = clone(a); b["bids"]["A"]["chips"] = 4; a
    {'bids': {'A': {'chips': 3}}}
    """
    return {k: _copy(v) for k, v in action.items()}


def _copy(value: object) -> object:
    """A copy of a JSON value, dicts and lists copied all the way down."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


#: optional entry fields toggled together at most (2**TOGGLES tries)
TOGGLES = 6


def toggled(action: Action, inputs: tuple[Input, ...], request: Request) -> Iterator[Action]:
    """``action`` with the optional choice fields of its map entries given or left
    out, one entry at a time, then two..., a given one naming the request's first
    offer (Second to Won: a CHOICE item's bid needs a player, any other's has none)."""
    spots = []  # (map field, key, optional field node) of each map entry
    for node in inputs:
        element = node.children[0] if node.input == "map" and node.children else None
        entries = action.get(node.name)
        if element is None or element.input != "group" or not isinstance(entries, dict):
            continue
        for child in element.children:
            offered = request.get(child.offers) if child.offers else None
            if optional(child) and isinstance(offered, list) and offered:
                spots += [(node.name, key, child, offered[0]) for key in entries]
    spots = spots[:TOGGLES]
    for flips in range(1, len(spots) + 1):
        for chosen in combinations(spots, flips):
            out = clone(action)
            for field, key, child, first in chosen:
                entry = out[field][key]
                if child.name in entry:
                    del entry[child.name]
                else:
                    entry[child.name] = first
            yield out


def shrunk(action: Action, inputs: tuple[Input, ...]) -> Iterator[Action]:
    """The tries after ``action`` itself, in order (module docstring)."""
    plain = bare(action, inputs)
    if plain != action:
        yield plain
    for times in (*range(1, HALVINGS + 1), 64):
        yield scaled(plain, inputs, times)
        if plain != action:
            yield scaled(action, inputs, times)
    for keep in (2, 1, 0):  # lists first (purchases that cost what the request holds)
        yield cut(plain, keep, objects=False)
    for keep in (3, 2, 1):
        yield cut(plain, keep)
        yield cut(scaled(plain, inputs, 64), keep)
    yield {}


#: how an amount is rewritten: ``amount(value, node)``
Amount = Callable[[int, Input], int]


def _rewrite(
    value: Mapping[str, object],
    nodes: tuple[Input, ...],
    amount: Amount | None = None,
    strip: bool = False,
    top: bool = True,
) -> dict[str, object]:
    """``value`` (an object of the fields ``nodes``) with ``amount(value, node)``
    applied to each amount; with ``strip``, the optional fields of nested objects
    and the map entries that hold nothing left out."""
    described = {node.name: node for node in nodes}
    out = {}
    for key, v in value.items():
        node = described.get(key)
        if node is None:
            out[key] = v
        elif not (strip and not top and optional(node)):
            out[key] = _rewrite_node(v, node, amount, strip)
    return out


def _rewrite_node(value: object, node: Input, amount: Amount | None, strip: bool) -> object:
    if node.input == "amount":
        if amount is None or not isinstance(value, int) or isinstance(value, bool):
            return value
        return amount(value, node)
    if node.input == "group":
        if not isinstance(value, dict):
            return value
        return _rewrite(value, node.children, amount, strip, top=False)
    element = node.children[0] if node.children else None
    if node.input not in ("list", "map") or element is None:
        return value
    if isinstance(value, list):
        return [_rewrite_node(v, element, amount, strip) for v in value]
    if isinstance(value, dict):
        entries = {k: _rewrite_node(v, element, amount, strip) for k, v in value.items()}
        return {k: v for k, v in entries.items() if not (strip and _nothing(v))}
    return value


def bare(action: Action, inputs: tuple[Input, ...]) -> Action:
    """``action`` without the optional fields of its nested objects (those a walk
    asks "include it?") and without map entries whose amounts are all 0."""
    return _rewrite(action, inputs, strip=True)


def _nothing(entry: object) -> bool:
    """An entry of numbers that are all 0 (and nothing else but choices)."""
    if not isinstance(entry, dict):
        return False
    numbers = [v for v in entry.values() if isinstance(v, int) and not isinstance(v, bool)]
    return bool(numbers) and not any(numbers)


def scaled(action: Action, inputs: tuple[Input, ...], times: int) -> Action:
    """Every amount moved ``times`` halvings toward zero, never past its least."""

    def halve(value: int, node: Input) -> int:
        if value >= 0:
            return max(node.minimum or 0, value >> times)
        return -(-value >> times)

    return _rewrite(action, inputs, amount=halve)


def cut(action: Action, keep: int, objects: bool = True) -> Action:
    """Every list (and object, with ``objects``) in ``action`` cut to its first
    ``keep`` entries (an object missing a field it needs is refused, and the
    next try follows)."""
    items = list(action.items())[:keep] if objects else action.items()
    return {k: _cut(v, keep, objects) for k, v in items}


def _cut(value: object, keep: int, objects: bool) -> object:
    """:func:`cut` of any JSON value."""
    if isinstance(value, dict):
        items = list(value.items())[:keep] if objects else value.items()
        return {k: _cut(v, keep, objects) for k, v in items}
    if isinstance(value, list):
        return [_cut(v, keep, objects) for v in value[:keep]]
    return value
