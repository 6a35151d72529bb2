"""Views of a Second to Won match (second_to_won.md §5).

Every view is a fresh JSON object: item lists are copied from templates made
once per match (``Table.show``), bids and items won are built from the
state's tuples, so a caller may change a view without touching the state or
later views.
"""

from __future__ import annotations

from mainmatch.engine.errors import IllegalAction

from .state import SecondState
from .step import copy_end


def view(game_id: str, state: SecondState, player: str | None) -> dict:
    """§5: the public view, plus ``you`` for a player."""
    t = state.table
    out = {
        "game": game_id,
        "players": list(state.players),
        "phase": state.phase,
        "auction": state.auction,
        "max_auctions": t.n_auctions,
        "auctions": [{"auction": j, "items": t.show(j)} for j in range(1, state.auction + 1)],
        "end": None if state.end is None else copy_end(state.end),
    }
    variant = state.config.get("variant")
    if variant:  # only a variant's views name it: official views stay as §5 lists them
        out["variant"] = dict(variant)
    if player is not None:
        if player not in state.index:
            raise IllegalAction(f"{player!r} is not a player in this match")
        out["you"] = {
            "player": player,
            "chips": state.chips[player],
            "garnets": state.garnets[player],
            "garnets_spent": state.garnets_spent[player],
            "points": state.points[player],
            "points_history": [h[player] for h in state.history],
            "bids": [
                {
                    "auction": k,
                    "bids": {
                        letter: {"chips": c, "garnets": g}
                        if who is None
                        else {"chips": c, "garnets": g, "choice": who}
                        for letter, c, g, who in row
                    },
                }
                for k, row in state.bids[player]
            ],
            "won": [_won(k, *entry) for k, entry in state.won[player]],
            "info": [{"auction": j, "items": t.show(j)} for j in state.info[player]],
        }
    return out


def _won(auction: int, letter: str, c: int, g: int, who: str | None) -> dict:
    if who is None:
        return {"auction": auction, "letter": letter, "chips": c, "garnets": g}
    return {"auction": auction, "letter": letter, "chips": c, "garnets": g, "choice": who}
