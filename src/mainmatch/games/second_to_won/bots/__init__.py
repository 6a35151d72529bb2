"""The bots of Second to Won (``src/mainmatch/games/second_to_won/spec.md``), registered
when the game's bots are first used (the ``mainmatch.bots`` entry point ``second_to_won``):

- ``strategy``: stays a little behind the leader, never passes 200 (``strategy.py``);
- its families (``families.py``), each also a bot.

Like an outside game's bots, they import only the engine and this game.
"""

from __future__ import annotations

from . import families, strategy

__all__ = ["families", "strategy"]
