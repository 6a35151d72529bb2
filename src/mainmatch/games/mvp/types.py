"""The declared views and result of The MVP (mvp spec §5, §7.4): the views and
results stay the dicts ``views.py`` and ``final.py`` build; these types describe
them for the contract checks and the adapters (``engine/declared.py``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from mainmatch.engine.declared import (
    Declared,
    Player,
    RequestBase,
    Scores,
    ViewBase,
)
from mainmatch.engine.result import Result

from .models import Card, Letter

Team = Literal["red", "green"]
#: a place of the pattern (§2.2): hidden, nearly exposed, exposed, claimed
Status = Literal["hidden", "nearly_exposed", "exposed", "claimed"]
Suit = Literal["apples", "lemons", "pears", "grapes"]
EndReason = Literal["all_claimed", "stalemate", "round_limit"]


class Place(Declared):
    """One letter of the pattern (§5.1): what shows depends on its status; a
    claimed place's ``controller`` shows once play ends."""

    status: Status
    card: Card | None = None
    flag: Team | None = None
    flag_total: int | None = None
    team: Team | None = None
    paid: int | None = None
    round: int | None = None
    controller: Player | None = None


class Teams(Declared):
    """The two teams' players, or the letters each claimed."""

    red: list[Player]
    green: list[Player]


class Claimed(Declared):
    """The letters each team claimed, in letter order."""

    red: list[Letter]
    green: list[Letter]


class TeamScores(Declared):
    red: int
    green: int


class SetCombo(Declared):
    """A set scored (§6): cards of one rank."""

    kind: Literal["set"]
    rank: int
    letters: list[Letter]
    points_per_card: int
    total: int


class RunCombo(Declared):
    """A run scored (§6): consecutive ranks of one suit."""

    kind: Literal["run"]
    suit: Suit
    ranks: list[int]
    letters: list[Letter]
    points_per_card: int
    total: int


Combo = Annotated[SetCombo | RunCombo, Field(discriminator="kind")]


class Combinations(Declared):
    red: list[Combo]
    green: list[Combo]


class Final(Declared):
    """The end of play (§5.1 ``final``); ``ec_votes`` and the EC come with the vote."""

    end_reason: EndReason
    rounds_played: int
    team_scores: TeamScores
    individual_scores: dict[Player, int]
    winning_team: Team | None
    winners: list[Player]
    tokens_of_life: dict[Player, int]
    void_tokens_of_life: bool
    garnets: dict[Player, int]
    controllers: dict[Letter, Player | None]
    card_points: dict[Letter, int]
    combinations: Combinations
    ec_candidates: list[Player]
    voters: list[Player]
    ec_votes: dict[Player, Player] | None
    elimination_candidate: Player | None


class You(Declared):
    """What only the player sees (§5.2): free chips, standing bids, garnets,
    the places they control and the cards they learned."""

    player: Player
    team: Team
    chips: int
    bids: dict[Letter, int]
    garnets: int
    garnets_spent: int
    controls: list[Letter]
    known_cards: dict[Letter, Card]


class MvpView(ViewBase):
    """A view (§5.1, §5.2)."""

    phase: Literal["round", "choose_ec", "over"]
    round: int | None
    rounds_played: int
    last_round: int
    teams: Teams
    pattern: dict[Letter, Place]
    claimed: Claimed
    end_reason: EndReason | None
    final: Final | None
    you: You | None = None


class Details(Declared):
    """The result's details (§7.4): each player's individual score is their score."""

    end_reason: EndReason
    rounds_played: int
    team_scores: TeamScores
    individual_scores: Scores
    winning_team: Team | None
    winners: list[Player]
    controllers: dict[Letter, Player | None]
    card_points: dict[Letter, int]
    combinations: Combinations
    ec_candidates: list[Player]
    voters: list[Player]
    ec_votes: dict[Player, Player] | None


MvpResult = Result[Details]


class Costs(Declared):
    """Garnets per purchase and per chip (§3.1)."""

    identity: int
    location: int
    chip: int


class RoundRequest(RequestBase):
    """The ``round`` request (§3.1): chips and garnets held, the places open to bids,
    the hidden places and cards open to purchase, and the costs."""

    kind: Literal["round"]
    round: int
    chips: int
    garnets: int
    biddable: list[Letter]
    identity_targets: list[Letter]
    location_targets: list[Card]
    costs: Costs
