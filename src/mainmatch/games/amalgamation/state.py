"""The state of an Amalgamation match (amalgamation spec §2, §5).

Frozen: ``apply`` builds a new state, sharing the containers a step leaves
alone (they are never mutated).
"""

from __future__ import annotations

from mainmatch.engine.checks import after_end
from mainmatch.engine.frozen import immutable

from . import invest, kong, minus, thief
from .setup import Setup


@immutable
class AmalgamationState:
    setup: Setup
    phase: str  # "round" | "choose_ec" | "over"
    round: int  # the open round while phase is "round"
    rounds_played: int
    balances: dict[str, int]
    garnets_held: dict[str, int]
    garnets_spent: dict[str, int]
    kong: kong.KongState
    minus: minus.MinusState
    invest: invest.InvestState
    thief: thief.ThiefState
    spent: dict[str, tuple[int, ...]]  # player -> totals in SPEND_PARTS order (private)
    you_rounds: dict[
        str, tuple[tuple, ...]
    ]  # player -> private round entries (rounds.PrivateRound)
    final: dict | None

    @property
    def ended(self) -> dict:
        """``final`` once play has ended (phases ``choose_ec`` and ``over``)."""
        return after_end(self.final)

    @property
    def config(self) -> dict:
        return self.setup.config
