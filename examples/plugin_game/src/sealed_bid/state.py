"""The Sealed Bid's state (rules.md §2, §3): frozen; a step builds a new one."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SealedState:
    """Where a match stands. ``phase`` is ``"bid"``, ``"choose_ec"`` or ``"over"``;
    ``history`` holds one public entry per round played; ``end`` is set once
    round 3 is resolved (winners, EC candidates, then the EC and the votes)."""

    config: dict
    players: tuple[str, ...]
    prizes: tuple[int, ...]
    round: int
    chips: dict[str, int]
    garnets: dict[str, int]
    garnets_spent: dict[str, int]
    points: dict[str, int]
    history: tuple[dict, ...]
    phase: str
    end: dict | None
