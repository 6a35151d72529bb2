"""Config and action models of Kong's Seat Exchange (seat_exchange spec §2, §3).

The pydantic models give the JSON Schemas and validate configs; actions are
validated by ``validate.py`` in the spec's order so the first broken rule is
the one reported.
"""

from __future__ import annotations

from typing import Annotated, TypeGuard

from pydantic import BaseModel, ConfigDict, Field, model_validator

from mainmatch.engine.configcheck import ordering_fault, player_map_fault, players_fault
from mainmatch.engine.game import Config
from mainmatch.engine.steps import Ask
from mainmatch.engine.variants import VariantKey, plain_fields, variant_fault

PLAYERS = 13
ROUNDS = 4
INCOME = 100
STREAK_TARGET = 6
GARNETS_PER_WINNER = 3

#: what a designer may tune (seat_exchange spec §2 "Constants"); none is a config
#: field of the official rules, so only a variant's config names them
VARIANT_KEYS = (
    VariantKey(
        "rounds", ROUNDS, 1, 20, "seat_exchange spec §2, §4.2.7", "rounds of trading at most"
    ),
    VariantKey(
        "income",
        INCOME,
        1,
        10_000,
        "seat_exchange spec §2, §4.2.7",
        "dollars each player gets per round",
    ),
    VariantKey(
        "streak",
        STREAK_TARGET,
        2,
        PLAYERS,
        "seat_exchange spec §4.1, §4.2.7",
        "streak length that ends play and wins",
        why_high="the table has 13 seats",
        why_low="every seat is a streak of 1",
    ),
)


class SeatExchangeConfig(BaseModel):
    """A Seat Exchange config: all five fields, nothing else (§2)."""

    model_config = ConfigDict(extra="forbid", strict=True, title="seat_exchange config")

    players: list[str] = Field(description="13 distinct non-empty player ids, listing order")
    seats: list[str] = Field(description="seats[i] sits in seat i; a permutation of players")
    numbers: dict[str, int] = Field(
        description="each player's secret number, a bijection onto 1..13"
    )
    gamewide_tiebreak: list[str] = Field(description="the 13 players, best first")
    garnets: dict[str, int] = Field(description="garnets each player holds at the start (>= 0)")
    variant: dict[str, int] | None = Field(
        default=None,
        description="only in a rule variant: the constants that differ from the spec "
        "(rounds, income, streak); absent at the official rules",
    )

    @model_validator(mode="after")
    def _check(self) -> SeatExchangeConfig:
        ps = self.players
        fault = (
            players_fault(ps, PLAYERS, "Seat Exchange")
            or ordering_fault("seats", self.seats, ps)
            or ordering_fault("gamewide_tiebreak", self.gamewide_tiebreak, ps)
            or player_map_fault("numbers", self.numbers, ps)
            or player_map_fault("garnets", self.garnets, ps)
        )
        if "variant" in self.model_fields_set:
            fault = fault or variant_fault(VARIANT_KEYS, self.variant)
        if fault:
            raise ValueError(fault)
        if sorted(self.numbers.values()) != list(range(1, PLAYERS + 1)):
            raise ValueError("numbers: must give each of 1..13 to exactly one player")
        neg = [p for p in ps if self.garnets[p] < 0]
        if neg:
            raise ValueError(f"garnets: {neg[0]} has a negative garnet count")
        return self


class Trade(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    players: Annotated[
        list[str],
        Field(
            min_length=2, max_length=2, description="two player ids (the same twice: a self-swap)"
        ),
        Ask(
            "seat_pair", "Trade", help="two players (the same twice: a self-swap)", offers="players"
        ),
    ]
    amount: Annotated[
        int,
        Field(ge=1, description="whole dollars paid, >= 1"),
        Ask("amount", "Paid", help="whole dollars, at least 1", unit="$"),
    ]


class TradesAction(BaseModel):
    """Pay for trades this round (§3.1). ``{}`` saves everything."""

    model_config = ConfigDict(extra="forbid", strict=True, title="trades")

    trades: Annotated[
        list[Trade],
        Field(
            default_factory=list,
            description="trades this player pays for; each unordered pair once",
        ),
        Ask(
            "list",
            "Trades you pay for",
            help="tap two seats to add a trade between them (the same seat twice is a "
            "self-swap), then type what you pay",
            # the trades share the money (and the garnets turned in): not a field's maximum
            most="money",
        ),
    ]
    garnets: Annotated[
        int,
        Field(default=0, ge=0, description="garnets converted to dollars now, $1 each"),
        Ask(
            "amount",
            "Garnets to turn into dollars",
            help="each adds $1 to your money this round (you hold {garnets})",
            unit="garnets",
            most="garnets",
        ),
    ]


_FIELDS = frozenset(("players", "seats", "numbers", "gamewide_tiebreak", "garnets"))
_NUMBERS = frozenset(range(1, PLAYERS + 1))
_STR = {str}
_INT = {int}


def plainly_valid(config: object) -> TypeGuard[Config]:
    """Whether ``config`` is, in exact built-in types, a config that
    :class:`SeatExchangeConfig` accepts: its fields and nothing else, 13
    distinct non-empty player ids, seats and tiebreak each a permutation of
    them, numbers a bijection onto 1..13, garnets >= 0, a variant (if any)
    that ``variant_fault`` passes (§2). ``False`` means only "not plainly
    so": the model then decides and names the fault, so no message changes.
    Building the model was most of ``initial_state`` in a replay."""
    if not plain_fields(config, _FIELDS, VARIANT_KEYS):
        return False
    players, seats, tiebreak = config["players"], config["seats"], config["gamewide_tiebreak"]
    numbers, garnets = config["numbers"], config["garnets"]
    if not (
        type(players) is list
        and type(seats) is list
        and type(tiebreak) is list
        and type(numbers) is dict
        and type(garnets) is dict
    ):
        return False
    types = set(map(type, players))
    types.update(map(type, seats), map(type, tiebreak), map(type, numbers), map(type, garnets))
    if types != _STR:  # exact strings only: sets below compare them by value
        return False
    everyone = set(players)
    if len(players) != PLAYERS or len(everyone) != PLAYERS or "" in everyone:
        return False
    if len(seats) != PLAYERS or len(tiebreak) != PLAYERS:
        return False
    if set(seats) != everyone or set(tiebreak) != everyone:
        return False
    if numbers.keys() != everyone or garnets.keys() != everyone:
        return False
    values = set(map(type, numbers.values()))
    values.update(map(type, garnets.values()))
    if values != _INT:  # not bool: True == 1
        return False
    return set(numbers.values()) == _NUMBERS and min(garnets.values()) >= 0
