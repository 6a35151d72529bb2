"""The declared views and result of Homeostasis (homeostasis spec §5, §7): the
views and results stay the dicts ``views.py`` and ``game.py`` build; these
types describe them for the contract checks and the adapters
(``engine/declared.py``). Totals and round results are exact fractions written
as text (``"7/2"``)."""

from __future__ import annotations

from typing import Literal

from mainmatch.engine.declared import (
    Declared,
    Fraction,
    Player,
    RequestBase,
    TeamOf,
    ViewBase,
)
from mainmatch.engine.result import Result

from .models import Symbol, Team

Phase = Literal[
    "save_cards",
    "draft",
    "auction",
    "final_auction",
    "place_saved",
    "brackets",
    "choose_ec",
    "over",
]
#: the band the total falls in (§7)
Outcome = Literal["positive_big", "positive_small", "neutral", "negative_small", "negative_big"]


class Bid(Declared):
    """One bid of a live auction: who, on which slot, how many chips in all."""

    player: Player
    slot: int
    chips: int


class Auction(Declared):
    """The live auction (§4.4): its card, who bids first, each slot's total, bids and passes."""

    number: int
    card: Symbol
    first_bidder: Player
    totals: list[int]
    bids: list[Bid]
    passed: list[Player]


class AuctionDone(Declared):
    """A finished auction (§5 ``auction_log``): the slot its card went to."""

    number: int
    card: Symbol
    slot: int
    bids: list[Bid]
    passed: list[Player]


class FinalAuction(Declared):
    """The sealed final auction (§4.5) and its rebids."""

    bidders: list[Player]
    sealed_rounds: list[dict[Player, int]]
    rebids: int
    winner: Player | None
    paid: int


class SavedPlaced(Declared):
    """Saved cards a player placed before and after the expression (§4.5)."""

    player: Player
    front: list[Symbol]
    back: list[Symbol]


class Bracket(Declared):
    """A pair of brackets placed (§4.6): its first and last position, by whom."""

    first: int
    last: int
    team: Team
    player: Player


class Round(Declared):
    """One round's expression and its value (§5 ``rounds``)."""

    round: int
    expression: list[Symbol]
    brackets: list[Bracket]
    simplified: str
    result: Fraction


class You(Declared):
    """What only the player sees (§5): their team, garnets and saved cards."""

    player: Player
    team: Team
    garnets: int
    garnets_spent: int
    saved_cards: list[Symbol]
    used_saved_cards: list[Symbol]


class HomeostasisView(ViewBase):
    """A view (§5): every field public but ``you``."""

    phase: Phase
    round: int
    pending: list[Player]
    teams: dict[Player, Team]
    chips: dict[Player, int]
    turn_order: list[Player]
    draft_choices: int
    auction_order: list[Symbol | None]
    slots: list[Symbol | None]
    auction: Auction | None
    auction_log: list[AuctionDone]
    final_auction: FinalAuction | None
    saved_placed: SavedPlaced | None
    expression: list[Symbol] | None
    brackets: list[Bracket]
    teams_used_brackets: list[Team]
    rounds: list[Round]
    total: Fraction
    outcome: Outcome | None
    ec_votes: dict[Player, Player] | None
    elimination_candidate: Player | None
    you: You | None = None


class Details(Declared):
    """The result's details (§7): no score per player; the teams are declared here."""

    round_results: list[str]
    simplified: list[str]
    total: str
    outcome: Outcome
    teams: TeamOf
    death_match: list[Player] | None
    chips_left: dict[Player, int]


HomeostasisResult = Result[Details]


class SaveCardsRequest(RequestBase):
    """``save_cards`` (§3, §4.1): the deck to save from and the garnets held."""

    kind: Literal["save_cards"]
    cards: list[Symbol]
    garnets: int


class DraftRequest(RequestBase):
    """``draft`` (§3, §4.3): the cards left and the free positions of the auction order."""

    kind: Literal["draft"]
    cards: list[Symbol]
    positions: list[int]


class BidRequest(RequestBase):
    """``bid`` (§3, §4.4): the card on auction, the chips held, the empty slots, each
    slot's total and whether passing is allowed yet."""

    kind: Literal["bid"]
    card: Symbol
    chips: int
    slots: list[int]
    totals: list[int]
    can_pass: bool


class FinalBidRequest(RequestBase):
    """``final_bid`` (§3, §4.5): the chips held and the rebid number."""

    kind: Literal["final_bid"]
    chips: int
    rebid: int


class PlaceSavedRequest(RequestBase):
    """``place_saved`` (§3, §4.5): the saved cards to place."""

    kind: Literal["place_saved"]
    saved_cards: list[Symbol]


class BracketsRequest(RequestBase):
    """``brackets`` (§3, §4.6): the expression's length and the brackets placed (first, last)."""

    kind: Literal["brackets"]
    length: int
    brackets: list[list[int]]
