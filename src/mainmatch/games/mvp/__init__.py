"""The MVP (``src/mainmatch/games/mvp/spec.md``), Main Match 8 of Blooming Genius."""

from .game import Mvp
from .state import MvpState

GAME = Mvp()

__all__ = ["GAME", "Mvp", "MvpState"]
