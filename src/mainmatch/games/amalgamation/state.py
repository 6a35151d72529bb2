"""The state of an Amalgamation match (amalgamation spec §2, §5).

Frozen: ``apply`` builds a new state, sharing the containers a step leaves
alone (they are never mutated).
"""

from __future__ import annotations

from typing import TypedDict

from mainmatch.engine.checks import after_end
from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import Config

from . import invest, kong, minus, thief
from .setup import Setup

#: one player's round as the state keeps it, in the order of ``views.you_round``:
#: (round, buy_garnets or None when not sent, contribute, the 5 Minus bids
#: one by one, invest, donate, bet, role, money_bought, spent, penalty, chips,
#: thief_points, balance): one flat tuple of scalars, which the garbage
#: collector stops tracking
PrivateRound = tuple[int | str | None, ...]


class AmalgamationFinal(TypedDict):
    """The ``final`` object of the views once play ended (§5, keys in its order)."""

    rankings: dict[str, list[str]]
    points: dict[str, int]
    winners: list[str]
    tokens_of_life: dict[str, int]
    void_tokens_of_life: bool
    garnets: dict[str, int]
    garnets_spent: dict[str, int]
    ec_candidates: list[str]
    ec_choosers: list[str]
    ec_votes: dict[str, str] | None
    elimination_candidate: str | None
    kong_winner: str
    minus_scores: dict[str, int]
    thief_points: dict[str, int]


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
    you_rounds: dict[str, tuple[PrivateRound, ...]]  # player -> private round entries
    final: AmalgamationFinal | None

    @property
    def ended(self) -> AmalgamationFinal:
        """``final`` once play has ended (phases ``choose_ec`` and ``over``)."""
        return after_end(self.final)

    @property
    def config(self) -> Config:
        return self.setup.config
