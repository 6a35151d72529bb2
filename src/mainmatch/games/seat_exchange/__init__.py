"""Kong's Seat Exchange (``src/mainmatch/games/seat_exchange/spec.md``)."""

from .game import SeatExchange
from .state import SeatState

GAME = SeatExchange()

__all__ = ["GAME", "SeatExchange", "SeatState"]
