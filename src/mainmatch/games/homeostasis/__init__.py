"""Homeostasis (``src/mainmatch/games/homeostasis/spec.md``)."""

from .game import Homeostasis
from .state import HomeostasisState

GAME = Homeostasis()

__all__ = ["GAME", "Homeostasis", "HomeostasisState"]
