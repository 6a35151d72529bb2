"""The bots of Homeostasis (``src/mainmatch/games/homeostasis/spec.md``), registered
when the game's bots are first used (the ``mainmatch.bots`` entry point ``homeostasis``):

- ``strategy``: the value-aware strategy bot (``strategy.py``, with its slot
  estimates in ``slots.py`` and its utility in ``utility.py``);
- its families (``families.py``), each also a bot.

Like an outside game's bots, they import only the engine and this game.
"""

from __future__ import annotations

from . import families, strategy

__all__ = ["families", "strategy"]
