"""One seat deviating from a table of a learned bot: simple hand-written policies
for any game, and the paired gains (``benchmarks/learned.py``,
``benchmarks/unseen_game.py`` and the tests of issue 31).

The policies are read off the step descriptions as the learned bot reads them
(``engine/choices.py``), so they need no line about a particular game: each
amount at a fixed fraction of its range, yes to every optional part or not,
choices uniform (:data:`HABITS`). A deviation's gain is its seat's (ToL - EC)
minus that very seat's at the all-learned table on the same match seeds, with a
paired 95% interval (docs/decisions/learn.md LRN14).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from mainmatch import games
from mainmatch.bots import bot_names, register
from mainmatch.bots.learned import LEARNED
from mainmatch.engine.choices import Pick, shape, walk
from mainmatch.engine.game import Game, JSONObject, State

from . import simulate


class Habit:
    """A simple policy for any game: each amount at ``fraction`` of its range
    (``above`` the least: at least one more), yes to every optional part when
    ``fraction`` is above 0, never a pass; other choices uniform."""

    reads_only = True
    #: an action that breaks a rule across fields is shrunk, as for the learned bot
    repairs = True

    def __init__(self, game: Game[State], name: str, fraction: float, above: bool = False):
        self.game, self.name, self.fraction, self.above = game, name, fraction, above
        self.shapes: JSONObject = {}

    def act(self, view: JSONObject, request: JSONObject, rng: random.Random) -> JSONObject:
        kind = request["kind"]
        step = self.shapes.get(kind) or self.shapes.setdefault(kind, shape(self.game.step(kind)))
        run = walk(step, request, list(view.get("players") or ()))
        try:
            pick = next(run)
            while True:
                pick = run.send(self.choose(pick, rng))
        except StopIteration as done:
            action: JSONObject = done.value
            return action

    def choose(self, pick: Pick, rng: random.Random) -> Any:
        if pick.role == "amount":
            high = pick.high if pick.high is not None else pick.low + 10
            if pick.signed:
                return round(self.fraction * high)
            amount = pick.low + round(self.fraction * max(0, high - pick.low))
            return min(high, amount + 1) if self.above and amount == pick.low else amount
        if pick.role in ("more", "include", "flag", "pass"):
            want = self.fraction > 0 and pick.role != "pass"
            return want if want in pick.values else pick.values[0]
        return rng.choice(pick.values) if pick.values else None


HABITS = {
    "all-in": (1.0, False),
    "three-quarters": (0.75, False),
    "half": (0.5, False),
    "quarter": (0.25, False),
    "one": (0.0, True),
    "minimum": (0.0, False),
}


def habit_factory(game: Game[State], label: str) -> Callable[[], Habit]:
    fraction, above = HABITS[label]

    def make() -> Habit:
        return Habit(game, label, fraction, above)

    return make


def deviations(
    data: JSONObject, matches: int, seed: int, extra: Mapping[str, Callable[[], Any]] | None = None
) -> list[JSONObject]:
    """Each deviation's row: ``random``, the game's own bots, :data:`HABITS` and
    ``extra`` (name: bot factory), one seat against the learned file in every other."""
    game_id, n = data["game"], int(data["players"])
    tuned = {"learned": (LEARNED, {"file": data})}
    names = [b for b in bot_names(game_id) if b != data["name"]]
    for label in HABITS:
        register(game_id, label, habit_factory(games.get(game_id), label))
        names.append(label)
    for label, factory in (extra or {}).items():
        if label not in names:
            register(game_id, label, factory)
            names.append(label)
    variant = data.get("variant") or None

    def play(lineup: list[str]) -> list[Any]:
        return simulate(
            game_id, lineup, matches, seed=seed, workers=1, tuned=tuned, players=n, variant=variant
        ).run.summaries

    base = play(["learned"] * n)
    rows = []
    for name in names:
        sims = play([name] + ["learned"] * (n - 1))
        gains, tol, ec = [], 0, 0
        for s, b in zip(sims, base):
            k = s.bots.index(name)
            tol += s.tokens[k] > 0
            ec += s.ec == k
            gains.append(((s.tokens[k] > 0) - (s.ec == k)) - ((b.tokens[k] > 0) - (b.ec == k)))
        mean = sum(gains) / len(gains)
        sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1))
        half = 1.96 * sd / math.sqrt(len(gains))
        rows.append(
            {
                "deviation": name,
                "tol": tol / matches,
                "ec": ec / matches,
                "gain": mean,
                "interval": [mean - half, mean + half],
            }
        )
    return rows
