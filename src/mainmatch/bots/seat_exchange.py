"""The bots of Kong's Seat Exchange (``src/mainmatch/games/seat_exchange/spec.md``), registered
when the game's bots are first used:

- ``strategy``: the circle protocol (``seat_exchange_circle.py``): signal every
  number in round 1, then seat all thirteen players in one streak;
- ``streak_builder``: the strategy bot before issue 24 (``seat_exchange_builder.py``):
  streaks from its beliefs about the numbers, savings, a last-round jitter; the
  circle protocol's fallback when the record tells too little.
"""

from __future__ import annotations

from .base import register

# the former module's names (its ``__all__``), still importable from here
from .seat_exchange_builder import *
from .seat_exchange_builder import StreakBuilder
from .seat_exchange_circle import Circle, CircleBot  # noqa: F401 - re-exported

register("seat_exchange", "streak_builder", StreakBuilder)
register("seat_exchange", "strategy", CircleBot)
