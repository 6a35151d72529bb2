"""The game-independent result of a match (engine spec "result")."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Result(BaseModel):
    """The end of a match in one shape for every game.

    ``tokens_of_life``, ``garnets`` and ``garnets_spent`` list only players
    with a non-zero amount (engine spec convention 3). A host's garnet ledger
    moves by ``garnets - garnets_spent``.
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    ranking: list[list[str]] | None = Field(
        description="Tie groups, best first; players in `players` order inside a group."
    )
    tokens_of_life: dict[str, int]
    garnets: dict[str, int]
    garnets_spent: dict[str, int]
    elimination_candidate: str | None
    void_tokens_of_life: bool
    details: dict[str, Any]


def nonzero(amounts: dict[str, int], order: list[str]) -> dict[str, int]:
    """``amounts`` without zero entries, keyed in ``order`` (engine spec convention 3).

    >>> nonzero({"b": 2, "a": 0, "c": 1}, ["a", "b", "c"])
    {'b': 2, 'c': 1}
    """
    return {p: amounts[p] for p in order if amounts.get(p, 0) != 0}


def scores_of(score_key: str | None, result: dict[str, Any] | None) -> dict[str, Any] | None:
    """Each player's final score in ``result``, read where the game declares
    it (``Game.score_key``, a key of the result's ``details``), or ``None``
    when the game keeps no score per player. The one place the host, Discord
    and seasons read a score, so a typed result can replace the lookup here.

    >>> scores_of("money", {"details": {"money": {"a": 3}}})
    {'a': 3}
    >>> scores_of(None, {"details": {"money": {"a": 3}}}) is None
    True
    """
    if not score_key or not result:
        return None
    scores = (result.get("details") or {}).get(score_key)
    return scores if isinstance(scores, dict) else None
