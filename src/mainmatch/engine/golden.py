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
from pathlib import Path
from typing import Any

from .game import Game, State
from .match import Match, random_actions


def _j(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=False)


def playthrough(
    game: Game[State], config: dict[str, Any], seed: int, *, default_rate: float = 0.1
) -> str:
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
            # a private view is the public view plus `you` (engine spec convention 2)
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


def check_golden(
    game: Game[State],
    path: Path,
    *,
    seed: int = 7,
    players: list[str] | None = None,
    update: bool = False,
) -> None:
    """Compare the playthrough of ``game`` (``new_config`` of ``players``,
    default its ``default_players``, at ``seed``) with the file at ``path``.
    With ``update``, or when the file is missing, write it instead; a missing
    file still fails, so that a new one is reviewed before it is committed."""
    config = game.new_config(list(players or game.default_players), seed)
    text = playthrough(game, config, seed)
    if update or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not update:
            raise AssertionError(f"{path.name} did not exist; written now, review and commit it")
    if text != path.read_text(encoding="utf-8"):
        raise AssertionError(
            f"{path.name} differs; rerun with MAINMATCH_UPDATE_GOLDEN=1 and review the diff"
        )
