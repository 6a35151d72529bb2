"""The state of a Second to Won match (second_to_won spec §5).

Immutable once built (the engine spec): a step builds a new state and shares with
the old one every map it does not change (garnets, items won, information
lists), so the maps are never written to after the state holding them is
made.
"""

from __future__ import annotations

from typing import Any, TypedDict

from mainmatch.engine.checks import after_end
from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import Config

from .table import Table

#: a flat row of scalars (an auction, then letter, chips, garnets and choice or
#: ``None`` of each bid): what the state keeps of bids, cheap to build and to hold
Row = tuple[Any, ...]


class SecondEnd(TypedDict):
    """The ``end`` object (§7.5), keys in its order."""

    reason: str  # "complete" | "over_200"
    auctions_played: int
    scores: dict[str, int]
    score_history: list[dict[str, int]]
    over_200: list[str]
    first: list[str]
    second: list[str]
    last_place: list[str]
    elimination_candidates: list[str]
    elimination_candidate: str
    tokens_of_life: dict[str, int]
    garnet_award: dict[str, int]


@immutable
class SecondState:
    config: Config
    players: tuple[str, ...]
    index: dict[str, int]  # player -> position in players (shared, never mutated)
    table: Table
    phase: str  # "bidding" | "over"
    auction: int  # current auction; after the end, the last played
    points: dict[str, int]
    chips: dict[str, int]
    garnets: dict[str, int]  # held now
    garnets_spent: dict[str, int]  # bid over the match (§4.1)
    garnets_from_items: dict[str, int]  # received from items over the match
    history: tuple[dict[str, int], ...]  # scores after each auction played (§4.5)
    #: player -> own bids per auction played, each a row: the auction, then
    #: letter, chips, garnets and choice (or None) of each bid, in letter order
    bids: dict[str, tuple[Row, ...]]
    #: player -> own winning bids in the order won, in a row: auction, letter,
    #: chips, garnets and choice (or None) of each
    won: dict[str, Row]
    #: player -> auctions whose lists they received, in order received
    info: dict[str, tuple[int, ...]]
    end: SecondEnd | None

    @property
    def ended(self) -> SecondEnd:
        """``end`` once play has ended (phases ``choose_ec`` and ``over``)."""
        return after_end(self.end)
