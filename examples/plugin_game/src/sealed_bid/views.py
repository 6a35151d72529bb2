"""Views and result of The Sealed Bid (rules.md §4, §3)."""

from __future__ import annotations

from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.ranking import group_by
from mainmatch.engine.result import nonzero

from .models import GARNETS_PER_WINNER, TOKENS_PER_WINNER
from .resolve import standing
from .state import SealedState

GAME_ID = "sealed_bid"


def view(state: SealedState, player: str | None) -> dict:
    """§4: everything is public but the garnets a player holds (in ``you``).
    Every list and dict is made afresh (``Game.fresh_views``)."""
    out: dict = {
        "game": GAME_ID,
        "players": list(state.players),
        "phase": state.phase,
        "round": state.round,
        "rounds": len(state.prizes),
        "prizes": list(state.prizes),
        "points": dict(state.points),
        "chips": dict(state.chips),
        "history": [
            {**h, "bids": dict(h["bids"]), "garnets": dict(h["garnets"])} for h in state.history
        ],
        "end": _copy_end(state.end),
    }
    variant = state.config.get("variant")
    if variant:  # only a variant's views name it (docs/spec/engine.md convention 7)
        out["variant"] = dict(variant)
    if player is not None:
        if player not in state.points:
            raise IllegalAction(f"{player!r} is not a player in this match")
        out["you"] = {
            "player": player,
            "chips": state.chips[player],
            "points": state.points[player],
            "garnets": state.garnets[player],
        }
    return out


def _copy_end(end: dict | None) -> dict | None:
    if end is None:
        return None
    return {
        **end,
        "winners": list(end["winners"]),
        "ec_candidates": list(end["ec_candidates"]),
        "ec_votes": dict(end["ec_votes"]),
    }


def result(state: SealedState) -> dict | None:
    """§3: ranking by standing (points, then chips), best first, the EC alone last."""
    if state.phase != "over" or state.end is None:
        return None
    end = state.end
    players = list(state.players)
    ec = end["elimination_candidate"]
    rest = [p for p in players if p != ec]
    # group_by: tie groups, best first, players order inside a group
    # (docs/spec/engine.md convention 5)
    ranking = group_by(rest, lambda p: standing(state, p))
    if ec is not None:
        ranking.append([ec])
    winners = end["winners"]
    return {
        "ranking": ranking,
        "tokens_of_life": {p: TOKENS_PER_WINNER for p in winners},
        "garnets": {p: GARNETS_PER_WINNER for p in winners},
        "garnets_spent": nonzero(state.garnets_spent, players),
        "elimination_candidate": ec,
        "void_tokens_of_life": False,
        "details": {
            "outcome": end["outcome"],
            "points": dict(state.points),
            "chips": dict(state.chips),
            "winners": list(winners),
            "ec_candidates": list(end["ec_candidates"]),
            "ec_votes": dict(end["ec_votes"]),
        },
    }
