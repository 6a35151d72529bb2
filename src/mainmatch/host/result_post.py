"""The result post: the table a finished match's ``result`` delivery row holds
(``delivery.py`` writes the row; the Discord bot posts it).

Public: made from the engine's result only (docs/engine.md, results), never
from a view or the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mainmatch.engine.result import scores_of

if TYPE_CHECKING:
    from .snapshots import Snapshot


def result_text(snap: Snapshot) -> str:
    """The result table of a finished match (public: the engine spec's result).

    Players are listed by place as the game's rules rank them
    (``Game.placings``: a ranking's numbered places, or Second to Won's first,
    second, the rest by points, last place, over the limit and the EC), anyone
    not placed after them; each with their Tokens of Life, net garnets and, when
    the game declares a score per player (``Game.score_key``, read through
    ``engine.result.scores_of``), that score. Ids are shown whole (at most 32
    characters, docs/hosting.md), the column as wide as the longest."""
    res = snap.game.result(snap.state) or {}
    players = list(snap.config["players"])
    tol = res.get("tokens_of_life") or {}
    gar = res.get("garnets") or {}
    spent = res.get("garnets_spent") or {}
    ec = res.get("elimination_candidate")
    scores = scores_of(snap.game.score_key, res)
    places = snap.game.placings(res, players)
    placed = {p for _label, group in places for p in group}
    rows = [(label, p) for label, group in places for p in group]
    rows += [("–", p) for p in players if p not in placed]
    width = max([len("place"), *(len(label) for label, _p in rows)]) + 2
    name = max([len("player"), *(len(p) for p in players)]) + 1
    head = f"{'place':<{width}}{'player':<{name}}{'ToL':>4}{'garnets':>9}"
    lines = [
        f"## {snap.game.title}: the result",
        "```",
        head + (f"{'score':>8}" if scores is not None else ""),
    ]
    for label, p in rows:
        net = gar.get(p, 0) - spent.get(p, 0)
        line = f"{label:<{width}}{p:<{name}}{tol.get(p, 0):>4}{net:>+9}"
        if scores is not None:
            line += f"{scores.get(p, 0):>8}"
        lines.append(line + ("  EC" if p == ec and label != "EC" else ""))
    lines.append("```")
    if res.get("void_tokens_of_life"):
        lines.append("No Token of Life is awarded in this match.")
    lines.append(f"**Elimination Candidate:** {ec}" if ec else "No Elimination Candidate.")
    return "\n".join(lines)
