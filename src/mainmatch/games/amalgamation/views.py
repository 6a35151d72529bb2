"""Public and private views (amalgamation spec §5).

Every view is built fresh from the state (callers may keep or change it).
Maps keyed by player list all six players in ``players`` order; the only
non-zero-only maps are ``tokens_of_life``, ``garnets`` and ``garnets_spent``
(decision 43). Never in a public view: anyone's contributions, bids,
investments, donations, bets, garnet purchases before the end, future
tiles, or a team total other than a round loser's.
"""

from __future__ import annotations

from mainmatch.engine.game import Event, JSONObject, View
from mainmatch.engine.memo import GrowingLog

from .constants import SPEND_PARTS
from .six import keyed
from .state import AmalgamationFinal, AmalgamationState, PrivateRound


def final_copy(final: AmalgamationFinal) -> AmalgamationFinal:
    """A fresh copy of the ``final`` object, keys in §5 order."""
    votes = final["ec_votes"]
    return {
        "rankings": {k: list(v) for k, v in final["rankings"].items()},
        "points": dict(final["points"]),
        "winners": list(final["winners"]),
        "tokens_of_life": dict(final["tokens_of_life"]),
        "void_tokens_of_life": final["void_tokens_of_life"],
        "garnets": dict(final["garnets"]),
        "garnets_spent": dict(final["garnets_spent"]),
        "ec_candidates": list(final["ec_candidates"]),
        "ec_choosers": list(final["ec_choosers"]),
        "ec_votes": None if votes is None else dict(votes),
        "elimination_candidate": final["elimination_candidate"],
        "kong_winner": final["kong_winner"],
        "minus_scores": dict(final["minus_scores"]),
        "thief_points": dict(final["thief_points"]),
    }


def _minus_entry(e: JSONObject) -> JSONObject:
    return {
        "round": e["round"],
        "tiles": e["tiles"].copy(),
        "awards": [*map(dict.copy, e["awards"])],
        "tiebreak_order": e["tiebreak_order"].copy(),
        "penalized": e["penalized"].copy(),
    }


def _invest_entry(e: JSONObject) -> JSONObject:
    return {"round": e["round"], "top_investor": e["top_investor"], "misers": e["misers"].copy()}


def _thief_entry(e: JSONObject) -> JSONObject:
    return {"round": e["round"], "roles": e["roles"].copy(), "chips": e["chips"].copy()}


#: the sub-games' round entries as views show them: each copied once, then
#: shown by every later view of the match (views share them; decision PE16)
_kong_rounds: GrowingLog[JSONObject, JSONObject] = GrowingLog(dict.copy)
_minus_rounds: GrowingLog[JSONObject, JSONObject] = GrowingLog(_minus_entry)
_invest_rounds: GrowingLog[JSONObject, JSONObject] = GrowingLog(_invest_entry)
_thief_rounds: GrowingLog[JSONObject, JSONObject] = GrowingLog(_thief_entry)


def public_view(game_id: str, state: AmalgamationState) -> View:
    """``view(state, None)``: exactly the keys of §5, in its order.

    The per-player maps of the state are kept in ``players`` order from
    ``initial_state`` on (``apply`` only replaces values), so they are copied
    whole."""
    setup = state.setup
    playing = state.phase == "round"
    m, ki, inv, th = state.minus, state.kong, state.invest, state.thief
    received = m.received
    red, white = setup.teams.values()
    # each round entry is copied once and shown again by later views (PE16)
    return {
        "game": game_id,
        "phase": state.phase,
        "round": state.round if playing else None,
        "rounds_played": state.rounds_played,
        "players": [*setup.players],
        "gamewide_tiebreak": [*setup.tiebreak],
        "teams": {"red": [*red], "white": [*white]},  # TEAMS
        "garnet_rate": setup.rate,
        "balances": state.balances.copy(),
        "kong": {
            "points": ki.points.copy(),
            "rounds": _kong_rounds(ki.rounds) if ki.rounds else [],
        },
        "minus": {
            # only the open round's tiles: later ones are secret (§5)
            "tiles": list(setup.tiles[state.round - 1]) if playing else [],
            "tiebreak_order": list(m.order),
            "received": keyed(received, map(list, received.values())),
            "rounds_without_tiles": m.without.copy(),
            "rounds": _minus_rounds(m.rounds) if m.rounds else [],
        },
        "invest": {
            "top_investor_tokens": inv.top_investor.copy(),
            "miser_tokens": inv.miser.copy(),
            "rounds": _invest_rounds(inv.rounds) if inv.rounds else [],
        },
        "thief": {
            "chips": th.chips.copy(),
            "rounds": _thief_rounds(th.rounds) if th.rounds else [],
        },
        "final": None if state.final is None else final_copy(state.final),
    }


def you_round(entry: PrivateRound) -> JSONObject:
    """One private round entry (§5 ``you.rounds``) from the flat tuple the
    state keeps (``rounds.PrivateRound``): the action as it was sent
    (``buy_garnets`` only if it was), then what the round did."""
    out = private_rounds({"": (entry,)})[0]
    del out["audience"], out["type"]  # the rest keeps its order
    return out


def private_rounds(you_rounds: dict[str, tuple[PrivateRound, ...]]) -> list[Event]:
    """The §6 ``private_round`` events of a round, one per player of
    ``you_rounds`` (in its order) from the player's latest entry: its
    ``you.rounds`` object after an audience and a type, each built in one go
    (an outside harness takes six per round with ``apply``)."""
    out = []
    for player, entries in you_rounds.items():
        (
            r, buy, contribute, b0, b1, b2, b3, b4, inv, don, bet, role,
            bought, spent, penalty, chips, tp, balance,
        ) = entries[-1]  # fmt: skip
        kong = {"contribute": contribute}
        minus = {"bids": [b0, b1, b2, b3, b4]}  # TILES_PER_ROUND
        invest = {"invest": inv, "donate": don}
        thief = {"bet": bet, "role": role}
        action = (
            {"kong": kong, "minus": minus, "invest": invest, "thief": thief}
            if buy is None  # not sent: not shown
            else {
                "buy_garnets": buy,
                "kong": kong,
                "minus": minus,
                "invest": invest,
                "thief": thief,
            }
        )
        out.append(
            {
                "audience": [player],
                "type": "private_round",
                "round": r,
                "action": action,
                "money_bought": bought,
                "spent": spent,
                "penalty": penalty,
                "chips": chips,
                "thief_points": tp,
                "balance": balance,
            }
        )
    return out


def you(state: AmalgamationState, player: str) -> JSONObject:
    """The ``you`` object of ``player``'s private view (§5)."""
    return {
        "player": player,
        "team": state.setup.team_of[player],
        "garnets_held": state.garnets_held[player],
        "garnets_spent": state.garnets_spent[player],
        "spent": dict(zip(SPEND_PARTS, state.spent[player])),
        "thief_points": state.thief.points[player],
        "rounds": [you_round(e) for e in state.you_rounds[player]],
    }
