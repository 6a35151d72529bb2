"""Views of a Second to Won match (second_to_won spec §5).

Every view is a fresh JSON object: item lists are copied from templates made
once per match (``Table.show``), bids and items won are built from the
state's tuples, so a caller may change a view without touching the state or
later views.
"""

from __future__ import annotations

from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import JSONObject, View

from .resolve import copy_end
from .state import Row, SecondState


def view(game_id: str, state: SecondState, player: str | None) -> View:
    """§5: the public view, plus ``you`` for a player."""
    t = state.table
    out = {
        "game": game_id,
        "players": list(state.players),
        "phase": state.phase,
        "auction": state.auction,
        "max_auctions": t.n_auctions,
        "auctions": t.listings(state.auction),
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
            "bids": [_bids(row) for row in state.bids[player]],
            "won": _won(state.won[player]),
            "info": [{"auction": j, "items": t.show(j)} for j in state.info[player]],
        }
    return out


def _bids(row: Row) -> JSONObject:
    """One auction's bids as §5 shows them, from its row (``SecondState.bids``)."""
    bids = {}
    for i in range(1, len(row), 4):
        letter, c, g, who = row[i : i + 4]
        bids[letter] = (
            {"chips": c, "garnets": g} if who is None else {"chips": c, "garnets": g, "choice": who}
        )
    return {"auction": row[0], "bids": bids}


def _won(row: Row) -> list[JSONObject]:
    """The items won as §5 shows them, from their row (``SecondState.won``)."""
    out = []
    for i in range(0, len(row), 5):
        k, letter, c, g, who = row[i : i + 5]
        if who is None:
            out.append({"auction": k, "letter": letter, "chips": c, "garnets": g})
        else:
            out.append({"auction": k, "letter": letter, "chips": c, "garnets": g, "choice": who})
    return out
