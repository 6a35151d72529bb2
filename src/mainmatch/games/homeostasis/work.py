"""The draft of the next state that ``apply`` resolves a step on (homeostasis spec §4).

``apply`` thaws the state into a :class:`Work` (a mutable draft that starts
out sharing every container with the state), resolves the step on it
(``resolve``), and freezes it into the next state. :func:`copy_state` is the
same copy for the fast paths of the commonest steps (``quick``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from fractions import Fraction
from typing import cast

from mainmatch.engine.events import PUBLIC, private
from mainmatch.engine.game import Config, Event

from .state import (
    Bracket,
    FinalAuction,
    FinishedRound,
    HomeostasisState,
    LoggedAuction,
    OpenAuction,
    SavedPlaced,
)

#: the state's fields in order
_FIELDS = tuple(f.name for f in fields(HomeostasisState))


def _field_copier(names: tuple[str, ...]) -> Callable[[object, object], None]:
    """``copy(src, dst)`` setting each of ``names`` on ``dst`` from ``src``, as
    straight-line code (how ``dataclasses`` writes its ``__init__``): a step
    copies the state's 28 fields, and a loop of ``setattr`` costs 5 µs."""
    body = "".join(f"    dst.{n} = src.{n}\n" for n in names)
    scope: dict[str, Callable[[object, object], None]] = {}
    exec(f"def copy(src, dst):\n{body}", scope)  # noqa: S102 -- built from field names only
    return scope["copy"]


_COPY_FIELDS = _field_copier(_FIELDS)


def _state_copier() -> Callable[[HomeostasisState], HomeostasisState]:
    """:func:`copy_state` as one straight-line function (nine steps in ten
    copy the state: one call, not two)."""
    body = "".join(f"    dst.{n} = src.{n}\n" for n in _FIELDS)
    scope: dict[str, object] = {"new": object.__new__, "cls": HomeostasisState}
    exec(f"def copy_state(src):\n    dst = new(cls)\n{body}    return dst\n", scope)  # noqa: S102 -- built from field names only
    return cast(Callable[[HomeostasisState], HomeostasisState], scope["copy_state"])


#: a new state with every field of ``state`` (the caller replaces the ones a step changes)
copy_state = _state_copier()


class Work:
    """A mutable draft of the next state; ``events`` collects the step's events.

    It has the state's fields (declared again here for the type checker: a test
    checks the two lists agree), filled in one go from the state.
    """

    config: Config
    players: tuple[str, ...]
    index: dict[str, int]
    teams: dict[str, str]
    tiebreak: dict[str, int]
    phase: str
    round: int
    chips: dict[str, int]
    garnets_spent: dict[str, int]
    saved: dict[str, tuple[str, ...]]
    used_saved: dict[str, tuple[str, ...]]
    turn_order: tuple[str, ...]
    draft_choices: int
    auction_order: tuple[str | None, ...]
    slots: tuple[str | None, ...]
    auction: OpenAuction | None
    auction_log: tuple[LoggedAuction, ...]
    next_first: str | None
    final_auction: FinalAuction | None
    saved_placed: SavedPlaced | None
    expression: tuple[str, ...] | None
    brackets: tuple[Bracket, ...]
    teams_used: tuple[str, ...]
    rounds: tuple[FinishedRound, ...]
    total: Fraction
    outcome: str | None
    ec_votes: dict[str, str] | None
    elimination_candidate: str | None
    events: list[Event]

    __slots__ = (*_FIELDS, "events")

    #: whether the step's events are dropped (:class:`QuietWork`)
    quiet = False

    def __init__(self, state: HomeostasisState):
        _COPY_FIELDS(state, self)
        self.events = []

    def freeze(self) -> HomeostasisState:
        out = object.__new__(HomeostasisState)
        _COPY_FIELDS(self, out)
        return out

    def holding(self, player: str) -> int:
        held: int = self.config["garnets"][player]
        return held - self.garnets_spent[player]

    def emit(self, type_: str, **fields_: object) -> None:
        # engine.events.public's dict, built here: a step emits several
        self.events.append({"audience": PUBLIC, "type": type_, **fields_})

    def tell(self, players: list[str], type_: str, **fields_: object) -> None:
        """A private event (``engine.events.private``)."""
        self.events.append(private(players, type_, **fields_))

    def sink(self) -> list[Event] | None:
        """Where the step's helpers append events: ``None`` when they are dropped."""
        return self.events


class QuietWork(Work):
    """A :class:`Work` that builds no events (``Game.next_state``: replay and
    the simulator never read them); the state it makes is the same."""

    __slots__ = ()
    quiet = True

    def emit(self, type_: str, **fields_: object) -> None:
        pass

    def tell(self, players: list[str], type_: str, **fields_: object) -> None:
        pass

    def sink(self) -> list[Event] | None:
        return None
