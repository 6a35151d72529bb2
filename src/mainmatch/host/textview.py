"""Views for people in a terminal: the pages' own view templates, as plain text.

``mainmatch replay --step K`` shows each view as the pages show it, read
back by the one view-to-text path that Discord uses too (``words.py``).
"""

from __future__ import annotations

from mainmatch.engine.game import Game, JSONObject, State, View

from .inputwords import kind_words
from .words import view_plain


def view_text(game: Game[State], view: View) -> str:
    """One view (public or a player's) as the pages show it, in plain text."""
    return view_plain(game, view)


def pending_text(game: Game[State], pending: dict[str, JSONObject]) -> str:
    """Who is awaited, and for what, in words (each step's own ``ask``)."""
    if not pending:
        return "Nobody: the match is over."
    return "\n".join(f"{p}: {kind_words(game, r['kind'])}" for p, r in pending.items())
