"""The bots of Kong's Seat Exchange (``src/mainmatch/games/seat_exchange/spec.md``), registered
when the game's bots are first used (the ``mainmatch.bots`` entry point ``seat_exchange``):

- ``strategy``: the circle protocol (``circle.py``): signal every
  number in round 1, then seat all thirteen players in one streak;
- ``streak_builder``: the strategy bot before issue 24 (``builder.py``):
  streaks from its beliefs about the numbers, savings, a last-round jitter; the
  circle protocol's fallback when the record tells too little;
- its families (``families.py``), each also a bot.

Like an outside game's bots, they import only the engine and this game.
"""

from __future__ import annotations

from mainmatch.engine.bots import register

# the former module's names (its ``__all__``), still importable from here
from .builder import *
from .builder import StreakBuilder
from .circle import Circle, CircleBot  # noqa: F401 - re-exported

register("seat_exchange", "streak_builder", StreakBuilder)
register("seat_exchange", "strategy", CircleBot)

# after the strategy bots, as when the registry imported the families itself
from . import families  # noqa: F401 - registers the families
