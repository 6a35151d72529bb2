"""Helpers for The MVP's tests: the layout L0 and players of mvp spec §9, and a
``Table`` that plays rounds written as in the spec (``R1: r1 {U:3}``).

Imported by the tests as ``mvp_table`` (``conftest.py`` puts this folder on
``sys.path``; the tests run with ``--import-mode=importlib``)."""

from __future__ import annotations

import random

from mainmatch.engine import Match
from mainmatch.games.mvp import GAME

PLAYERS = ["r1", "r2", "r3", "g1", "g2", "g3"]
TEAMS = {"red": ["r1", "r2", "r3"], "green": ["g1", "g2", "g3"]}
#: mvp spec §9 layout L0
L0 = {
    "A": "grapes-5",
    "B": "lemons-6",
    "C": "pears-6",
    "D": "grapes-6",
    "E": "apples-6",
    "F": "pears-4",
    "G": "grapes-4",
    "H": "lemons-5",
    "I": "pears-5",
    "J": "pears-2",
    "K": "grapes-2",
    "L": "apples-5",
    "M": "pears-3",
    "N": "grapes-3",
    "O": "lemons-4",
    "P": "pears-1",
    "Q": "grapes-1",
    "R": "apples-4",
    "S": "lemons-2",
    "T": "lemons-3",
    "U": "apples-1",
    "V": "apples-2",
    "W": "apples-3",
    "X": "lemons-1",
}


def l0_config(**overrides) -> dict:
    """The examples' config: L0, 5 garnets each, tiebreak = players order."""
    config = {
        "players": list(PLAYERS),
        "teams": {t: list(m) for t, m in TEAMS.items()},
        "layout": dict(L0),
        "garnets": {p: 5 for p in PLAYERS},
        "gamewide_tiebreak": list(PLAYERS),
    }
    config.update(overrides)
    return config


class Table:
    """A match on ``config``; ``round({"r1": {"U": 3}})`` plays one round where
    the named players bid (a dict of bids, or a full action with ``"bids"``
    and purchases) and everyone else submits the default ``{}``."""

    def __init__(self, config: dict | None = None):
        self.match = Match(GAME, config or l0_config())
        self.events: list[list[dict]] = []

    @property
    def state(self):
        return self.match.state

    def round(self, moves: dict[str, dict] | None = None) -> list[dict]:
        moves = moves or {}
        actions, defaulted = {}, []
        for p in self.match.pending:
            move = moves.get(p)
            if move is None:
                actions[p] = GAME.default_action(self.state, p, random.Random(0))
                defaulted.append(p)
            elif set(move) <= {"bids", "buy_identity", "buy_location", "buy_chips"} and move:
                actions[p] = move
            else:
                actions[p] = {"bids": move} if move else {}
        assert set(moves) <= set(actions), f"not pending: {set(moves) - set(actions)}"
        events = self.match.step(actions, defaulted)
        self.events.append(events)
        return events

    def rounds(self, *rounds: dict[str, dict] | None) -> None:
        for moves in rounds:
            self.round(moves)

    def vote(self, votes: dict[str, str] | None = None) -> list[dict]:
        votes = votes or {}
        actions, defaulted = {}, []
        for p in self.match.pending:
            if p in votes:
                actions[p] = {"ec": votes[p]}
            else:
                actions[p] = GAME.default_action(self.state, p, random.Random(0))
                defaulted.append(p)
        events = self.match.step(actions, defaulted)
        self.events.append(events)
        return events

    def view(self, player: str | None = None) -> dict:
        return GAME.view(self.state, player)

    def pattern(self) -> dict:
        return self.view()["pattern"]

    def status(self, letter: str) -> str:
        return self.pattern()[letter]["status"]

    def you(self, player: str) -> dict:
        return self.view(player)["you"]

    def last(self, type_: str, player: str | None = None) -> dict:
        """The last step's event of ``type_`` (for ``player``, when private)."""
        for e in self.events[-1]:
            if e["type"] == type_ and (player is None or e["audience"] == [player]):
                return e
        raise AssertionError(f"no {type_} event in the last step")

    def result(self) -> dict | None:
        return self.match.result()
