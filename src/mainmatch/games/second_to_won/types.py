"""The declared views and result of Second to Won (second_to_won spec §5, §7.5):
the views and results stay the dicts ``views.py`` and ``game.py`` build; these
types describe them for the contract checks and the adapters
(``engine/declared.py``)."""

from __future__ import annotations

from typing import Literal

from mainmatch.engine.declared import Declared, Player, RequestBase, Scores, ViewBase
from mainmatch.engine.result import Result

from .models import Effect

Letter = Literal["A", "B", "C", "D", "E", "F"]
#: why play ended (§7.5): every auction played, or someone went over the limit
#: (the word stays ``over_200`` under a variant's limit)
EndReason = Literal["complete", "over_200"]


class ShownItem(Declared):
    """An item as shown (§2.1 "Items as shown"): its letter first, the host's
    wording where the config gives one, and its effects."""

    letter: Letter
    text: str | None = None
    effects: list[Effect]


class Listing(Declared):
    """One auction's six items (§5 ``auctions``, ``you.info``)."""

    auction: int
    items: list[ShownItem]


class End(Declared):
    """The end of the match (§7.5)."""

    reason: EndReason
    auctions_played: int
    scores: dict[Player, int]
    score_history: list[dict[Player, int]]
    over_200: list[Player]
    first: list[Player]
    second: list[Player]
    last_place: list[Player]
    elimination_candidates: list[Player]
    elimination_candidate: Player
    tokens_of_life: dict[Player, int]
    garnet_award: dict[Player, int]


class Bid(Declared):
    """One bid of the player (§3.1): ``choice`` names the player a CHOICE item goes to."""

    chips: int
    garnets: int
    choice: Player | None = None


class AuctionBids(Declared):
    """The player's bids of one auction."""

    auction: int
    bids: dict[Letter, Bid]


class Won(Declared):
    """An item the player won, with the bid that won it."""

    auction: int
    letter: Letter
    chips: int
    garnets: int
    choice: Player | None = None


class You(Declared):
    """What only the player sees (§5): chips, garnets, points, own bids, items
    won and the later auctions they have information on."""

    player: Player
    chips: int
    garnets: int
    garnets_spent: int
    points: int
    points_history: list[int]
    bids: list[AuctionBids]
    won: list[Won]
    info: list[Listing]


class SecondToWonView(ViewBase):
    """A view (§5)."""

    phase: Literal["bidding", "over"]
    auction: int
    max_auctions: int
    auctions: list[Listing]
    end: End | None
    you: You | None = None


class Details(Declared):
    """The result's details (§7.5): the final points are the scores."""

    end_reason: EndReason
    auctions_played: int
    scores: Scores
    score_history: list[dict[Player, int]]
    over_200: list[Player]
    first: list[Player]
    second: list[Player]
    last_place: list[Player]
    elimination_candidates: list[Player]
    garnets_from_items: dict[Player, int]
    garnet_award: dict[Player, int]
    chips: dict[Player, int]


SecondToWonResult = Result[Details]


class BidsRequest(RequestBase):
    """The ``bids`` request (§3.1): the auction's items, the chips and garnets held,
    the least number of items to bid on and the players a CHOICE item may go to."""

    kind: Literal["bids"]
    auction: int
    items: list[ShownItem]
    chips: int
    garnets: int
    min_items: int
    choice_targets: list[Player]
