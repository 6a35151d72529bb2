"""An assembled action the game refuses, shrunk until it takes it.

A plan keeps every bound its step description states; a rule across fields
("the total spend is at most your money plus the garnets you sell", "a bid may
not tie two slots", "bid on at least three items") is not in the description,
so an action built from allowed choices may still break it. The table then
tries, in order: every amount halved (up to ``HALVINGS`` times), then the lists
and maps cut down entry by entry with the amounts at their smallest, then the
optional fields left out, and last the game's own ``default_action`` (what a
player who sends nothing plays). The game's ``validate`` decides each try;
every game decides legality from what the player's own request says (its
money, chips, what it offers), so a repair tells the learner nothing its
request did not.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from mainmatch.engine.errors import IllegalAction

HALVINGS = 4


def _legal(game: Any, state: Any, player: str, action: Any) -> bool:
    try:
        game.validate(state, player, action)
    except IllegalAction:
        return False
    return True


def repair(game: Any, state: Any, player: str, action: dict, rng: random.Random) -> dict:
    """``action`` when the game takes it, else the first shrunk form it takes
    (module docstring); a new object whenever it is not ``action`` itself."""
    if _legal(game, state, player, action):
        return action
    for candidate in shrunk(action):
        if _legal(game, state, player, candidate):
            return candidate
    return game.default_action(state, player, rng)


def halve(value: Any, times: int) -> Any:
    """Every whole number in ``value`` moved ``times`` halvings toward zero,
    keeping its sign and never below 1 when it was at least 1 (positions and
    slots stay put: they are not amounts, and only amounts exceed 1 by much)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) <= 1:
            return value
        sign = 1 if value > 0 else -1
        return sign * max(1, abs(value) >> times)
    if isinstance(value, dict):
        return {k: halve(v, times) for k, v in value.items()}
    if isinstance(value, list):
        return [halve(v, times) for v in value]
    return value


def cut(value: Any, keep: int) -> Any:
    """Every list and object in ``value`` cut to its first ``keep`` entries (an
    object missing a field it needs is refused, and the next try follows)."""
    if isinstance(value, dict):
        return {k: cut(v, keep) for k, v in list(value.items())[:keep]}
    if isinstance(value, list):
        return [cut(v, keep) for v in value[:keep]]
    return value


def shrunk(action: dict) -> Iterator[dict]:
    for times in range(1, HALVINGS + 1):
        yield halve(action, times)
    smallest = halve(action, 64)
    for keep in (3, 2, 1, 0):
        yield cut(action, keep)
        yield cut(smallest, keep)
    yield {}
