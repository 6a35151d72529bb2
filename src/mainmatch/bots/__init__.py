"""Bots: automated players that see only their own view.

A bot implements ``act(view, request, rng) -> action``: ``view`` is
``Game.view(state, player)``, ``request`` the player's pending request.
No bot is ever given the state or the config. The random bot is the one
exception in form, not in secrecy: it asks the engine for
``random_action`` (a legal action, which reveals nothing the request does
not), so its ``delegate_random`` flag tells the driver to draw it.

Bots are registered per game by name; ``random`` exists for every game and
``strategy`` names each game's reference strategy bot.
"""

from __future__ import annotations

from .base import Bot, RandomBot, bot_names, get_bot, register

__all__ = ["Bot", "RandomBot", "bot_names", "get_bot", "register"]
