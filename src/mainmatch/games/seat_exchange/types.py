"""The declared views and result of Seat Exchange (seat_exchange spec §5, §7):
the views and results stay the dicts ``views.py`` builds; these types describe
them for the contract checks and the adapters (``engine/declared.py``)."""

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

#: how play ended (§4): six numbers in a row, or the last round
Condition = Literal["streak", "rounds"]


class Swap(Declared):
    """One swap of a round (§3.2): the two players, and who paid for it."""

    players: list[Player]
    paid_by: list[Player]


class Round(Declared):
    """One round resolved (§5 ``history``)."""

    round: int
    swaps: list[Swap]
    longest_streak: int


class End(Declared):
    """How play ended (§4); the EC is ``None`` while the winners choose."""

    condition: Condition
    money: dict[Player, int]
    numbers: dict[Player, int]
    streak_players: list[Player]
    winners: list[Player]
    tied_for_most: list[Player]
    ec_candidates: list[Player]
    choosers: list[Player]
    ec_votes: dict[Player, Player]
    elimination_candidate: Player | None


class Trade(Declared):
    """One trade the player paid for (§3.1)."""

    players: list[Player]
    amount: int


class Bid(Declared):
    """The player's own submission of a round (§5 ``you.bids``)."""

    round: int
    garnets: int
    trades: list[Trade]
    spent: int


class You(Declared):
    """What only the player sees (§5): their number, money, garnets and bids."""

    player: Player
    number: int
    money: int
    garnets: int
    garnets_spent: int
    bids: list[Bid]


class SeatExchangeView(ViewBase):
    """A view (§5)."""

    phase: Literal["trade", "choose_ec", "over"]
    round: int
    rounds: int
    income: int
    seats: list[Player]
    longest_streak: int
    history: list[Round]
    end: End | None
    you: You | None = None


class Details(Declared):
    """The result's details (§7): the final money is each player's score."""

    end_condition: Condition
    rounds_played: int
    longest_streak: int
    streak_players: list[Player]
    winners: list[Player]
    tied_for_most: list[Player]
    ec_candidates: list[Player]
    ec_votes: dict[Player, Player]
    money: Scores
    numbers: dict[Player, int]
    seats: list[Player]


SeatExchangeResult = Result[Details]


class TradesRequest(RequestBase):
    """The ``trades`` request (§3.1): the round, the money and garnets held, the players to trade."""

    kind: Literal["trades"]
    round: int
    money: int
    garnets: int
    players: list[Player]
