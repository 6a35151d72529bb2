"""Constants, config and action models of The Sealed Bid (rules.md §1, §2, §4, §5).

The pydantic models give the JSON Schemas, validate configs and carry the
words of the step descriptions (an ``Ask`` on each action field); actions are
checked by ``rules.check_bid`` in the rules' order, so the first broken rule is
the one reported.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from mainmatch.engine.configcheck import garnets_fault, ordering_fault
from mainmatch.engine.steps import Ask
from mainmatch.engine.variants import VariantKey, variant_fault

#: players a match takes, both included (rules.md title)
MIN_PLAYERS, MAX_PLAYERS = 3, 5
ROUNDS = 3  # §1
CHIPS = 10  # §1
PRIZE_MIN, PRIZE_MAX = 1, 5  # §1
TOKENS_PER_WINNER = 1  # §3
GARNETS_PER_WINNER = 2  # §3

#: what a designer may tune (§5)
VARIANT_KEYS = (
    VariantKey("rounds", ROUNDS, 1, 10, "rules.md §1, §5", "rounds of bidding"),
    VariantKey("chips", CHIPS, 1, 100, "rules.md §1, §5", "chips each player starts with"),
)


class SealedBidConfig(BaseModel):
    """A Sealed Bid config (§4): every field, nothing else."""

    model_config = ConfigDict(extra="forbid", strict=True, title="sealed_bid config")

    players: list[str] = Field(description="3 to 5 distinct non-empty player ids")
    prizes: list[int] = Field(description="each round's prize in points (1 to 5), round 1 first")
    gamewide_tiebreak: list[str] = Field(description="the players, best first")
    garnets: dict[str, int] = Field(description="garnets each player holds at the start (>= 0)")
    variant: dict[str, int] | None = Field(
        default=None,
        description="only in a rule variant: the constants that differ (rounds, chips)",
    )

    @model_validator(mode="after")
    def _check(self) -> SealedBidConfig:
        ps = self.players
        fault = _players_fault(ps)
        fault = fault or ordering_fault("gamewide_tiebreak", self.gamewide_tiebreak, ps)
        fault = fault or garnets_fault(self.garnets, ps)
        rounds = ROUNDS
        if "variant" in self.model_fields_set:
            fault = fault or variant_fault(VARIANT_KEYS, self.variant)
            rounds = (self.variant or {}).get("rounds", ROUNDS)
        if fault:
            raise ValueError(fault)
        if len(self.prizes) != rounds:
            raise ValueError(f"prizes: one prize per round: {rounds}, not {len(self.prizes)}")
        bad = [p for p in self.prizes if not PRIZE_MIN <= p <= PRIZE_MAX]
        if bad:
            raise ValueError(f"prizes: a prize is {PRIZE_MIN} to {PRIZE_MAX} points, not {bad[0]}")
        return self


def _players_fault(players: list[str]) -> str | None:
    """3 to 5 distinct non-empty ids (§1)."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        return (
            f"players: The Sealed Bid takes {MIN_PLAYERS} to {MAX_PLAYERS} players, "
            f"not {len(players)}"
        )
    if any(not p for p in players):
        return "players: a player id must be a non-empty string, not an empty string"
    if len(set(players)) != len(players):
        dup = sorted({p for p in players if players.count(p) > 1})
        return f"players: duplicate player ids {dup}"
    return None


class BidAction(BaseModel):
    """One round's sealed bid (§2): ``{}`` bids 0 and turns in no garnet."""

    model_config = ConfigDict(extra="forbid", strict=True, title="bid")

    bid: Annotated[
        int,
        Field(default=0, ge=0, description="whole chips bid, 0 up to the chips held"),
        Ask(
            "amount",
            "Your bid",
            help="whole chips, 0 up to the {chips} you hold (paid whether you win or not)",
            unit="chips",
            most="chips",
        ),
    ]
    garnets: Annotated[
        int,
        Field(default=0, ge=0, description="garnets turned into chips after the bids, 1 each"),
        Ask(
            "amount",
            "Garnets to turn into chips",
            help="each adds 1 chip once this round's bids are paid (you hold {garnets})",
            unit="garnets",
            most="garnets",
        ),
    ]
