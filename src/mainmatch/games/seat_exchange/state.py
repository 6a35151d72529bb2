"""The state of a Seat Exchange match (seat_exchange spec §4, §5).

Immutable (``engine.frozen.immutable``: frozen for the type checker, cheap
to build): ``apply`` builds a new state, sharing the containers a step
leaves alone (they are never mutated).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from mainmatch.engine.checks import after_end
from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import Config

from .models import INCOME, ROUNDS, STREAK_TARGET
from .streaks import runs as seat_runs

DEFAULT_PLAYERS = (
    "jk",
    "dh",
    "sm",
    "p04",
    "p05",
    "p06",
    "p07",
    "p08",
    "p09",
    "p10",
    "p11",
    "p12",
    "p13",
)


class Bid(TypedDict):
    """A player's bid of one round (§5 `you.bids`, which the view builds from
    it): the round, garnets converted, dollars paid, and the trades as (pair
    key ``16 * i + j`` by player indexes ``i <= j``, amount) in key order."""

    round: int
    garnets: int
    spent: int
    trades: Sequence[tuple[int, int]]  # never mutated


class Swap(TypedDict):
    """One successful trade of a round (§4.2.5): the pair, and who paid the top."""

    players: list[str]
    paid_by: list[str]


class RoundEntry(TypedDict):
    """One resolved round (§5 ``history``)."""

    round: int
    swaps: list[Swap]
    longest_streak: int


class SeatEnd(TypedDict):
    """How play ended (§4.3; §5 ``end``, and the ``play_over`` event's fields)."""

    condition: str  # "streak" | "rounds"
    money: dict[str, int]
    numbers: dict[str, int]
    streak_players: list[str]
    winners: list[str]
    tied_for_most: list[str]
    ec_candidates: list[str]
    choosers: list[str]
    ec_votes: dict[str, str]
    elimination_candidate: str | None


@immutable
class SeatState:
    config: Config
    players: tuple[str, ...]
    index: dict[str, int]  # player -> position in players (shared, never mutated)
    numbers: dict[str, int]  # from the config (shared, never mutated)
    seats: tuple[str, ...]
    round: int
    money: dict[str, int]
    garnets: dict[str, int]  # still held
    garnets_spent: dict[str, int]
    history: tuple[RoundEntry, ...]
    #: one entry per resolved round: player -> that round's bid (§5 `you.bids`)
    bids: tuple[dict[str, Bid], ...]
    longest: int
    phase: str  # "trade" | "choose_ec" | "over"
    end: SeatEnd | None
    #: number -> the player holding it (from the config; shared, never mutated)
    holders: dict[int, str]
    #: the numbers in seat order
    seat_numbers: tuple[int, ...]
    #: (rounds, income, streak target): the spec's constants or the config's variant
    limits: tuple[int, int, int] = (ROUNDS, INCOME, STREAK_TARGET)

    @property
    def runs(self) -> tuple[list[int], ...]:
        """The runs of the seating (lists of seat indices), longest first (§4.1):
        computed when asked (random play, the end of play), as a step needs
        only ``longest``."""
        return tuple(sorted(seat_runs(self.seat_numbers), key=len, reverse=True))

    @property
    def ended(self) -> SeatEnd:
        """``end`` once play has ended (phases ``choose_ec`` and ``over``)."""
        return after_end(self.end)


def holders_of(numbers: dict[str, int]) -> dict[int, str]:
    """number -> the player holding it."""
    return {n: p for p, n in numbers.items()}
