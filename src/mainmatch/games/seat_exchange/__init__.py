"""Kong's Seat Exchange (``shared/rules/seat_exchange.md``)."""

from .game import SeatExchange
from .state import SeatState

GAME = SeatExchange()

__all__ = ["GAME", "SeatExchange", "SeatState"]
