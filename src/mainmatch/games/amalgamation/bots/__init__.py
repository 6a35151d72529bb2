"""The bots of The Amalgamation (``src/mainmatch/games/amalgamation/spec.md``), registered
when the game's bots are first used (the ``mainmatch.bots`` entry point ``amalgamation``):

- ``classic`` and ``strategy`` (``strategy.py``, the split plan in ``split.py``,
  the shipped mixture in ``amalgamation_mix.json``);
- its families (``families.py``, the habits of ``habits.py``), each also a bot.

``train.py`` and ``train_rm.py`` are the tools that fit the mixture. Like an outside
game's bots, they import only the engine and this game.
"""

from __future__ import annotations

from . import families, strategy

__all__ = ["families", "strategy"]
