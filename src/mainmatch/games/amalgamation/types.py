"""The declared views and result of The Amalgamation (amalgamation spec §5, §7):
the views and results stay the dicts ``views.py`` and ``game.py`` build; these
types describe them for the contract checks and the adapters
(``engine/declared.py``)."""

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

Team = Literal["red", "white"]
Role = Literal["mafia", "cartel", "police", "beggar"]


class Teams(Declared):
    """Kong's Dilemma's two teams (§2)."""

    red: list[Player]
    white: list[Player]


class TeamPoints(Declared):
    red: int
    white: int


class KongRound(Declared):
    """One round of Kong's Dilemma (§4.1.2): the teams that won and lost it (``None`` on a tie)."""

    round: int
    winner: Team | None
    loser: Team | None
    loser_total: int | None


class Kong(Declared):
    points: TeamPoints
    rounds: list[KongRound]


class Award(Declared):
    """A Minus tile and who took it."""

    tile: int
    winner: Player


class MinusRound(Declared):
    """One round of Minus Auction (§4.1.3)."""

    round: int
    tiles: list[int]
    awards: list[Award]
    tiebreak_order: list[Player]
    penalized: list[Player]


class Minus(Declared):
    """Minus Auction so far: the open round's tiles only (later ones are secret, §5)."""

    tiles: list[int]
    tiebreak_order: list[Player]
    received: dict[Player, list[int]]
    rounds_without_tiles: dict[Player, int]
    rounds: list[MinusRound]


class InvestRound(Declared):
    round: int
    top_investor: Player | None
    misers: list[Player]


class Invest(Declared):
    """Invest or Donate so far (§4.1.4)."""

    top_investor_tokens: dict[Player, int]
    miser_tokens: dict[Player, int]
    rounds: list[InvestRound]


class ThiefRound(Declared):
    round: int
    roles: dict[Player, Role]
    chips: dict[Player, int]


class Thief(Declared):
    """Garnet Chip Thief so far (§4.1.5)."""

    chips: dict[Player, int]
    rounds: list[ThiefRound]


class Rankings(Declared):
    """Each sub-game's ranking, best first (§4.2)."""

    kong: list[Player]
    minus: list[Player]
    invest: list[Player]
    thief: list[Player]


class Final(Declared):
    """The end of the match (§5 ``final``); the vote fills ``ec_votes`` and the EC."""

    rankings: Rankings
    points: dict[Player, int]
    winners: list[Player]
    tokens_of_life: dict[Player, int]
    void_tokens_of_life: bool
    garnets: dict[Player, int]
    garnets_spent: dict[Player, int]
    ec_candidates: list[Player]
    ec_choosers: list[Player]
    ec_votes: dict[Player, Player] | None
    elimination_candidate: Player | None
    kong_winner: Team
    minus_scores: dict[Player, int]
    thief_points: dict[Player, int]


class Spent(Declared):
    """Dollars the player spent on each sub-game over the match."""

    kong: int
    minus: int
    invest: int
    donate: int
    thief: int


class KongPart(Declared):
    contribute: int


class MinusPart(Declared):
    bids: list[int]


class InvestPart(Declared):
    invest: int
    donate: int


class ThiefPart(Declared):
    bet: int
    role: Role


class Sent(Declared):
    """The player's round action as applied; ``buy_garnets`` only if it was sent."""

    buy_garnets: int | None = None
    kong: KongPart
    minus: MinusPart
    invest: InvestPart
    thief: ThiefPart


class YourRound(Declared):
    """One of the player's rounds (§5 ``you.rounds``)."""

    round: int
    action: Sent
    money_bought: int
    spent: int
    penalty: int
    chips: int
    thief_points: int
    balance: int


class You(Declared):
    """What only the player sees (§5): their team, garnets, spending and rounds."""

    player: Player
    team: Team
    garnets_held: int
    garnets_spent: int
    spent: Spent
    thief_points: int
    rounds: list[YourRound]


class AmalgamationView(ViewBase):
    """A view (§5)."""

    phase: Literal["round", "choose_ec", "over"]
    round: int | None
    rounds_played: int
    gamewide_tiebreak: list[Player]
    teams: Teams
    garnet_rate: int
    balances: dict[Player, int]
    kong: Kong
    minus: Minus
    invest: Invest
    thief: Thief
    final: Final | None
    you: You | None = None


class Details(Declared):
    """The result's details (§7): the final points are the scores."""

    points: Scores
    rankings: Rankings
    kong_winner: Team
    kong_points: TeamPoints
    minus_scores: dict[Player, int]
    top_investor_tokens: dict[Player, int]
    miser_tokens: dict[Player, int]
    thief_points: dict[Player, int]
    winners: list[Player]
    ec_candidates: list[Player]
    ec_votes: dict[Player, Player] | None
    garnet_rate: int


AmalgamationResult = Result[Details]


class RoundRequest(RequestBase):
    """The ``round`` request (§3.1): the round's Minus tiles, the money and garnets
    held, the garnet rate, the most a round may spend and the Thief roles."""

    kind: Literal["round"]
    round: int
    tiles: list[int]
    balance: int
    garnets_held: int
    garnet_rate: int
    max_spend: int
    roles: list[Role]
