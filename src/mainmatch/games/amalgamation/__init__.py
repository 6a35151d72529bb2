"""The Amalgamation (``src/mainmatch/games/amalgamation/spec.md``): four Main Matches at once.

Modules: ``kong``, ``minus``, ``invest``, ``thief`` (one per sub-game),
``budget`` (the shared balance), ``scoring`` (final points, ToLs, EC),
``validate``, ``views``, ``render``, ``random_play``, ``setup`` and ``game``.
"""

from .game import Amalgamation
from .state import AmalgamationState

GAME = Amalgamation()

__all__ = ["GAME", "Amalgamation", "AmalgamationState"]
