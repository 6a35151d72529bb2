"""The state of a Homeostasis match (homeostasis spec §4, §5).

States are never changed once made: ``apply`` builds a new one
(``flow.Work``), replacing only the fields a step changes. Containers inside a
state are never mutated (tuples, and dicts that are replaced whole), so states
share them freely. The state classes are not *frozen* dataclasses only
because a frozen one sets each field through ``object.__setattr__`` (2.7 µs
for a state, 2.4 µs for an open auction, against 0.3 and 0.8: together a
quarter of a bid step); nothing assigns to a made state or auction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

from mainmatch.engine.game import Config

# phases (the view's ``phase``, §5)
SAVE_CARDS = "save_cards"
DRAFT = "draft"
AUCTION = "auction"
FINAL_AUCTION = "final_auction"
PLACE_SAVED = "place_saved"
BRACKETS = "brackets"
CHOOSE_EC = "choose_ec"
OVER = "over"


class AuctionBid(TypedDict):
    """One bid of an auction (§4.4; the view's ``auction.bids``)."""

    player: str
    slot: int
    chips: int


class LoggedAuction(TypedDict):
    """One resolved auction of the round (§5 ``auction_log``)."""

    number: int
    card: str
    slot: int
    bids: list[AuctionBid]
    passed: list[str]


class SavedPlaced(TypedDict):
    """The saved cards placed this round (§4.5, §5 ``saved_placed``)."""

    player: str
    front: list[str]
    back: list[str]


class Bracket(TypedDict):
    """A placed pair of brackets (§4.6, §5 ``brackets``)."""

    first: int
    last: int
    team: str
    player: str


class FinishedRound(TypedDict):
    """A finished round (§4.7, §5 ``rounds``)."""

    round: int
    expression: list[str]
    brackets: list[Bracket]
    simplified: str
    result: str


@dataclass(slots=True)  # never changed once made; not frozen for speed (see the module doc)
class OpenAuction:
    """A live auction (§4.4): the view's ``auction`` plus whose turn it is."""

    number: int
    card: str
    first_bidder: str
    totals: tuple[int, ...]
    #: ``{"player", "slot", "chips"}`` in bid order (never mutated)
    bids: tuple[AuctionBid, ...]
    passed: tuple[str, ...]
    #: index in the round's turn order of the player whose turn it is
    turn: int


@dataclass(slots=True)  # never changed once made; not frozen for speed (see the module doc)
class FinalAuction:
    """This round's final auction (§4.5): the view's ``final_auction``."""

    bidders: tuple[str, ...]
    #: one ``{player: chips}`` per resolved sealed round (never mutated)
    sealed_rounds: tuple[dict[str, int], ...] = ()
    rebids: int = 0
    winner: str | None = None
    paid: int = 0


@dataclass(slots=True)
class HomeostasisState:
    config: Config
    players: tuple[str, ...]
    #: player -> position in ``players`` (shared, never mutated)
    index: dict[str, int]
    #: player -> team, from the config (shared, never mutated)
    teams: dict[str, str]
    #: player -> position in ``gamewide_tiebreak`` (shared, never mutated)
    tiebreak: dict[str, int]
    phase: str
    round: int
    chips: dict[str, int]
    garnets_spent: dict[str, int]
    #: player -> unused saved cards, canonical (secret, D34)
    saved: dict[str, tuple[str, ...]]
    #: player -> placed saved cards, canonical (secret until placed)
    used_saved: dict[str, tuple[str, ...]]
    # ---- the round (reset at each round start, §4.2)
    turn_order: tuple[str, ...] = ()
    draft_choices: int = 0
    auction_order: tuple[str | None, ...] = (None,) * 10
    slots: tuple[str | None, ...] = (None,) * 10
    auction: OpenAuction | None = None
    auction_log: tuple[LoggedAuction, ...] = ()
    #: who opens the next auction of this round (§4.4 step 5, D12)
    next_first: str | None = None
    final_auction: FinalAuction | None = None
    saved_placed: SavedPlaced | None = None
    expression: tuple[str, ...] | None = None
    #: this round's placed pairs ``{"first","last","team","player"}``, placement order
    brackets: tuple[Bracket, ...] = ()
    # ---- the match
    #: teams that placed their pair, placement order (never reset)
    teams_used: tuple[str, ...] = ()
    #: finished rounds ``{"round","expression","brackets","simplified","result"}``
    rounds: tuple[FinishedRound, ...] = ()
    total: Fraction = Fraction(0)
    outcome: str | None = None
    ec_votes: dict[str, str] | None = None
    elimination_candidate: str | None = None

    def holding(self, player: str) -> int:
        """A player's garnet holding: the config's minus what saving cost (§4.1, D8)."""
        held: int = self.config["garnets"][player]
        return held - self.garnets_spent[player]
