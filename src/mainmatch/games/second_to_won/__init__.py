"""Second to Won (``shared/rules/second_to_won.md``)."""

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
