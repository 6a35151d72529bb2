"""The Sealed Bid: an example Main Match in its own package (rules.md).

mainmatch finds it through the entry points in this package's ``pyproject.toml``:
``mainmatch.games`` names ``GAME`` and ``mainmatch.bots`` names ``sealed_bid.bots``.
"""

from .game import SealedBid
from .state import SealedState

GAME = SealedBid()

__all__ = ["GAME", "SealedBid", "SealedState"]
