"""The declared views and result of The Sealed Bid (rules.md §4), for the
contract checks and the adapters (``mainmatch.engine.declared``): the views and
results stay the dicts ``views.py`` builds, these types describe them."""

from __future__ import annotations

from typing import Literal

from mainmatch.engine.declared import (
    Declared,
    Player,
    RequestBase,
    Scores,
    ViewBase,
)
from mainmatch.engine.result import Result

#: how the play ended (rules.md §3): one player worst, a vote among the tied
#: worst, or everyone level (the tiebreak names the EC)
Outcome = Literal["clear", "vote", "all_tied"]


class Round(Declared):
    """One round played (§2): its prize, everyone's bid and garnets turned in, the winner."""

    round: int
    prize: int
    bids: dict[Player, int]
    garnets: dict[Player, int]
    winner: Player | None


class End(Declared):
    """How the play ended (§3); ``elimination_candidate`` is ``None`` until the vote."""

    outcome: Outcome
    winners: list[Player]
    ec_candidates: list[Player]
    ec_votes: dict[Player, Player]
    elimination_candidate: Player | None


class You(Declared):
    """What only the player sees: the garnets held (§4)."""

    player: Player
    chips: int
    points: int
    garnets: int


class SealedBidView(ViewBase):
    """A view (§4): everything is public but a player's garnets (in ``you``)."""

    phase: Literal["bid", "choose_ec", "over"]
    round: int
    rounds: int
    prizes: list[int]
    points: dict[Player, int]
    chips: dict[Player, int]
    history: list[Round]
    end: End | None
    you: You | None = None


class Details(Declared):
    """The result's details (§4): the final points (the scores) and chips."""

    outcome: Outcome
    points: Scores
    chips: dict[Player, int]
    winners: list[Player]
    ec_candidates: list[Player]
    ec_votes: dict[Player, Player]


SealedBidResult = Result[Details]


class BidRequest(RequestBase):
    """The ``bid`` request (§2, §4): the round, its prize, the chips and garnets held."""

    kind: Literal["bid"]
    round: int
    prize: int
    chips: int
    garnets: int
