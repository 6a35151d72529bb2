"""Asking a bot for its action: the one place where a bot meets a match.

The bot gets only ``Game.view(state, player)`` and its request, never the
state. A bot that raises, runs past its time limit or returns an illegal
action does not stop the match: the player gets the rules' default action,
recorded as defaulted, and the fault is reported.
"""

from __future__ import annotations

import copy
import random
import time
from dataclasses import dataclass

from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Game, State

from .base import Bot


@dataclass
class BotMove:
    action: dict
    #: True when the action is the rules' default (the bot failed)
    defaulted: bool = False
    #: what went wrong: ``"raised"``, ``"timeout"`` or ``"illegal"`` (``None``: fine)
    fault: str | None = None
    message: str = ""


def bot_move(game: Game, state: State, player: str, bot: Bot, rng: random.Random, *, time_limit: float | None = None) -> BotMove:
    """The action ``bot`` plays for ``player`` now (see module doc)."""
    if getattr(bot, "delegate_random", False):
        return BotMove(game.random_action(state, player, rng))
    request = game.pending(state)[player]
    view = game.view(state, player)
    started = time.perf_counter()
    try:
        # the bot may keep or change what it is given: hand it its own copies
        action = bot.act(view, copy.deepcopy(request), rng)
    except Exception as exc:  # a bot's bug must not stop the match
        return BotMove(game.default_action(state, player, rng), True, "raised", f"{type(exc).__name__}: {exc}")
    if time_limit is not None and time.perf_counter() - started > time_limit:
        return BotMove(game.default_action(state, player, rng), True, "timeout", f"took more than {time_limit:g}s")
    try:
        game.validate(state, player, action)
    except IllegalAction as exc:
        return BotMove(game.default_action(state, player, rng), True, "illegal", str(exc))
    return BotMove(action)
