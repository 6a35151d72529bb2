"""The state of a match of The MVP (mvp spec §3: per player free chips,
standing bids per card, garnets left, bought information)."""

from __future__ import annotations

from typing import NamedTuple, TypedDict

from mainmatch.engine.checks import after_end
from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import Config

from .pattern import Exposure
from .scoring import Combination

ROUND = "round"
CHOOSE_EC = "choose_ec"
OVER = "over"


class Claim(NamedTuple):
    """A claimed card (§4.2): the claiming team, what it paid, the round of the
    claim and the controller (``None``: tied top bids)."""

    team: str
    paid: int
    round: int
    controller: str | None


class MvpFinal(TypedDict):
    """The public ``final`` object once play ended (§5.1; keys in its order)."""

    end_reason: str
    rounds_played: int
    team_scores: dict[str, int]
    individual_scores: dict[str, int]
    winning_team: str | None
    winners: list[str]
    tokens_of_life: dict[str, int]
    void_tokens_of_life: bool
    garnets: dict[str, int]
    controllers: dict[str, str | None]
    card_points: dict[str, int]
    combinations: dict[str, list[Combination]]
    ec_candidates: list[str]
    voters: list[str]
    ec_votes: dict[str, str] | None
    elimination_candidate: str | None


@immutable
class MvpState:
    config: Config
    players: tuple[str, ...]
    index: dict[str, int]  # player -> position in players (shared, never mutated)
    team_of: dict[str, str]  # player -> "red" | "green" (shared)
    teams: dict[str, list[str]]  # team -> members in players order (shared)
    layout: dict[str, str]  # letter -> card (shared)
    where: dict[str, str]  # card -> letter (shared)
    phase: str  # "round" | "choose_ec" | "over"
    round: int  # the round now open (the last one played once play ended)
    rounds_played: int
    remaining: frozenset[str]  # letters still in the pattern
    # the statuses of all places, always ``pattern.exposure(remaining)``: kept on the
    # state because validate, view and apply each read it (docs/decisions/performance.md PM6)
    exposure: Exposure
    flags: dict[str, tuple[str, int]]  # exposed letter -> (flagging team, flag_total)
    claims: dict[str, Claim]  # claimed letter -> its claim
    chips: dict[str, int]  # free chips
    bids: dict[str, dict[str, int]]  # player -> {letter: standing bid}
    garnets: dict[str, int]  # garnets left
    garnets_spent: dict[str, int]
    known: dict[str, dict[str, str]]  # player -> {letter: card} learned by purchases
    final: MvpFinal | None  # mvp spec §5.1 ``final`` once play ended

    @property
    def ended(self) -> MvpFinal:
        """``final`` once play has ended (phases ``choose_ec`` and ``over``)."""
        return after_end(self.final)
