"""Second to Won (``shared/rules/second_to_won.md``)."""

from .catalogue import default_catalogue, load_catalogue
from .game import SecondState, SecondToWon

GAME = SecondToWon()

__all__ = ["GAME", "SecondState", "SecondToWon", "default_catalogue", "load_catalogue"]
