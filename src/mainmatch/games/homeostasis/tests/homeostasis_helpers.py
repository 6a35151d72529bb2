"""Shared helpers of the Homeostasis tests: the spec's default config (§9)
and a driver for the spec's "scripted rounds"."""

from __future__ import annotations

import copy
import random
from typing import Any

from mainmatch.engine import Match
from mainmatch.games.homeostasis import GAME

PLAYERS = ["a", "b", "c", "d", "e"]
TEAMS = {"a": "positive", "b": "positive", "c": "negative", "d": "negative", "e": "neutral"}
SEED_LAYOUT = "2x12+-33/1"


def config(**overrides: Any) -> dict:
    """The default config of the examples (§9): players a..e, a b positive,
    c d negative, e neutral, garnets 0, tiebreak = players, chips 100."""
    cfg = {
        "players": list(PLAYERS),
        "teams": dict(TEAMS),
        "garnets": {p: 0 for p in PLAYERS},
        "gamewide_tiebreak": list(PLAYERS),
        "chips": 100,
    }
    for key, value in overrides.items():
        if key == "garnets":
            cfg["garnets"] = {p: value.get(p, 0) for p in PLAYERS}
        else:
            cfg[key] = copy.deepcopy(value)
    return cfg


class Table:
    """A match driven step by step the way the examples describe it."""

    def __init__(self, **overrides: Any):
        self.match = Match(GAME, config(**overrides))
        self.events: list[dict] = []

    # ---------------------------------------------------------- queries
    @property
    def state(self):
        return self.match.state

    @property
    def pending(self) -> dict:
        return self.match.pending

    def view(self, player: str | None = None) -> dict:
        return self.match.view(player)

    def only(self) -> str:
        (p,) = self.pending
        return p

    @property
    def phase(self) -> str:
        return self.view()["phase"]

    # ---------------------------------------------------------- steps
    def step(self, actions: dict) -> list[dict]:
        events = self.match.step(actions)
        self.events += events
        return events

    def act(self, action: dict) -> list[dict]:
        return self.step({self.only(): action})

    def save(self, **saves: list[str]) -> list[dict]:
        return self.step({p: {"cards": list(saves.get(p, []))} for p in self.pending})

    def draft(self, layout: str) -> None:
        """Choice k puts ``layout[k]`` at position k (the 10th card follows)."""
        for k in range(9):
            assert self.pending[self.only()]["kind"] == "draft"
            self.act({"card": layout[k], "position": k + 1})

    def scripted_auctions(self) -> None:
        """In auction n the pending player bids 1 chip on slot n if no bid exists, else passes."""
        while self.phase == "auction":
            request = self.pending[self.only()]
            n = self.view()["auction"]["number"]
            self.act({"slot": n, "chips": 1} if not request["can_pass"] else {"pass": True})

    def final_bids(self, **bids: int) -> list[dict]:
        return self.step({p: {"chips": bids.get(p, 0)} for p in self.pending})

    def brackets(self, **pairs: tuple[int, int]) -> list[dict]:
        """One brackets step: the named players place ``(first, last)``, the others pass."""
        return self.step(
            {
                p: ({"first": pairs[p][0], "last": pairs[p][1]} if p in pairs else {"pass": True})
                for p in self.pending
            }
        )

    def scripted_round(self, layout: str = SEED_LAYOUT, *, final: dict | None = None) -> None:
        """Draft ``layout``, scripted auctions, the final bids (default all 0)."""
        self.draft(layout)
        self.scripted_auctions()
        if self.phase == "final_auction":
            self.final_bids(**(final or {}))


def random_match(seed: int, config_: dict | None = None, default_rate: float = 0.1) -> Match:
    """A whole match of random (and now and then default) actions."""
    rng = random.Random(seed)
    cfg = config_ or GAME.random_config(PLAYERS, rng)
    match = Match(GAME, cfg)
    while match.pending:
        actions = {}
        for p in match.pending:
            if rng.random() < default_rate:
                actions[p] = GAME.default_action(match.state, p, rng)
            else:
                actions[p] = GAME.random_action(match.state, p, rng)
        match.step(actions)
    return match
