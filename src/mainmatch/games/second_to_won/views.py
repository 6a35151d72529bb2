"""Views of a Second to Won match (second_to_won spec §5).

Every view is a fresh JSON object: item lists are copied from templates made
once per match (``Table.show``), bids and items won are built from the
state's tuples, so a caller may change a view without touching the state or
later views.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import JSONObject, View

from .resolve import copy_end
from .state import Row, SecondState


def view(game_id: str, state: SecondState, player: str | None, shared: bool = False) -> View:
    """§5: the public view, plus ``you`` for a player. ``shared``: for readers that
    only read it (``Game.shared_view``), a player's bids and items won are shown
    through objects made once per row of the state and shown again by later
    views (:func:`_shared`); the values are the same."""
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
            "bids": (
                [_shared(_bids, row) for row in state.bids[player]]
                if shared
                else [_bids(row) for row in state.bids[player]]
            ),
            "won": _shared(_won, state.won[player]) if shared else _won(state.won[player]),
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


_T = TypeVar("_T")
#: (builder, row id) -> (the row, what the builder made of it), for shared views
_MADE: dict[tuple[object, int], tuple[Row, Any]] = {}
#: rows kept in ``_MADE`` before it is cleared (a few matches' rows)
_MADE_KEPT = 4096


def _shared(build: Callable[[Row], _T], row: Row) -> _T:
    """``build(row)``, made once per row of the state: a step keeps the rows it
    does not change (state.py), so a player's earlier bids and items won are
    shown by the same objects in every later shared view (never changed by their
    readers, ``Game.shared_view``). The row is held with its answer, so its id
    is not reused while the entry lives."""
    key = (build, id(row))
    kept = _MADE.get(key)
    if kept is not None and kept[0] is row:
        made: _T = kept[1]
        return made
    if len(_MADE) >= _MADE_KEPT:
        _MADE.clear()
    made = build(row)
    _MADE[key] = (row, made)
    return made
