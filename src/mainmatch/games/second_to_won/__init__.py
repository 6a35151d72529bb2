"""Second to Won (``src/mainmatch/games/second_to_won/spec.md``)."""

from .catalogue import catalogue_schema, default_catalogue, load_catalogue
from .game import SecondState, SecondToWon

GAME = SecondToWon()

__all__ = [
    "GAME",
    "SecondState",
    "SecondToWon",
    "catalogue_schema",
    "default_catalogue",
    "load_catalogue",
]
