"""The common config of amalgamation spec §9 and small drivers for its examples."""

from __future__ import annotations

import random
from collections.abc import Callable

from mainmatch.engine import Match
from mainmatch.games.amalgamation import GAME

P = ["a", "b", "c", "d", "e", "f"]
ALL = {p: 0 for p in P}


def common_tiles() -> list[list[int]]:
    """Round r holds -5r+4 .. -5r in order: [[-1..-5], [-6..-10], ...]."""
    return [[-(5 * r - 4 + j) for j in range(5)] for r in range(1, 8)]


def config(**over) -> dict:
    """§9's common config; keyword arguments replace fields."""
    cfg = {
        "players": list(P),
        "gamewide_tiebreak": list(P),
        "garnets": dict(ALL),
        "teams": {"red": ["a", "b", "c"], "white": ["d", "e", "f"]},
        "minus_initial_order": list(P),
        "minus_tiles": common_tiles(),
        "garnet_rate_submissions": [10],
    }
    for key, value in over.items():
        if key == "garnets":
            value = {**ALL, **value}
        cfg[key] = value
    return cfg


def act(contribute=0, bids=None, invest=0, donate=0, bet=0, role="police", buy=None) -> dict:
    """An action with the given fields and 0 / "police" elsewhere (§9 ``act(...)``)."""
    out = {} if buy is None else {"buy_garnets": buy}
    out.update(
        {
            "kong": {"contribute": contribute},
            "minus": {"bids": list(bids or [0, 0, 0, 0, 0])},
            "invest": {"invest": invest, "donate": donate},
            "thief": {"bet": bet, "role": role},
        }
    )
    return out


def match(cfg: dict | None = None) -> Match:
    return Match(GAME, cfg or config())


def step(m: Match, **actions) -> list[dict]:
    """One round: the named players' actions, ``act()`` for everyone else."""
    return m.step({p: actions.get(p, act()) for p in P})


def play_rounds(
    m: Match, per_round: Callable[[int], dict[str, dict]], upto: int = 7
) -> list[list[dict]]:
    """Play rounds until ``upto`` with ``per_round(r) -> {player: action}`` (``act()`` for the rest)."""
    out = []
    while m.view(None)["phase"] == "round" and m.view(None)["round"] <= upto:
        r = m.view(None)["round"]
        out.append(step(m, **per_round(r)))
    return out


def events_of(events: list[dict], type_: str) -> list[dict]:
    return [e for e in events if e["type"] == type_]


def rng(seed: int = 0) -> random.Random:
    return random.Random(seed)
