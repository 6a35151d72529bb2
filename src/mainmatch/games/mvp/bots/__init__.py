"""The bots of The MVP (``src/mainmatch/games/mvp/spec.md``), registered when the
game's bots are first used (the ``mainmatch.bots`` entry point ``mvp``):

- ``strategy``: the team-aware strategy bot (``strategy.py``);
- the families ``chaser`` and ``strategist`` (``families.py``), each also a bot.

Like an outside game's bots, they import only the engine and this game.
"""

from __future__ import annotations

from . import families, strategy

__all__ = ["families", "strategy"]
