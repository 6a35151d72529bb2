"""Golden playthroughs: one seeded match written out in full as text.

The text shows, step by step, every request, every action (and which were
defaults), every event, the public view and every private view (written as
its ``you`` part: the rest of a private view is the public view). A test per
game regenerates it and compares with the committed file, so any behaviour
change shows up as a reviewable diff.
"""

from __future__ import annotations

import json
import random

from .game import Game
from .match import Match, random_actions


def _j(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=False)


def playthrough(game: Game, config: dict, seed: int, *, default_rate: float = 0.1) -> str:
    """Play ``config`` with ``random_action`` (and now and then the default,
    at ``default_rate``) from ``random.Random(seed)``; return the full text."""
    rng = random.Random(seed)
    match = Match(game, config)
    players = config["players"]
    lines = [
        f"# {game.title} ({game.id}): golden playthrough, seed {seed}",
        "",
        "config " + _j(config),
        "",
    ]

    def views(title: str) -> None:
        lines.append(f"## {title}")
        lines.append("public " + _j(match.view(None)))
        for p in players:
            # a private view is the public view plus `you` (ENGINE.md convention 2)
            lines.append(f"you {p} " + _j(match.view(p)["you"]))
        for p, req in match.pending.items():
            lines.append(f"request {p} " + _j(req))
        lines.append("")

    views("start")
    while match.pending:
        actions, defaulted = random_actions(game, match.state, rng, default_rate)
        events = match.step(actions, defaulted)
        n = len(match.steps)
        lines.append(f"## step {n}")
        for p, a in actions.items():
            lines.append(f"action {p}{' (default)' if p in defaulted else ''} " + _j(a))
        for e in events:
            lines.append("event " + _j(e))
        lines.append("")
        views(f"after step {n}")
    lines.append("result " + _j(match.result()))
    return "\n".join(lines) + "\n"
