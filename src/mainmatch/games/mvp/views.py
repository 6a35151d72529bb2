"""Views (mvp spec §5); the requests are the step units' (steps.py).

The public view holds exactly the eleven keys of §5.1; a private view is the
public view plus ``you`` (§5.2). Never public: free chips, standing bids
beyond a flag's total, purchases and garnets, controllers before play ends,
hidden cards (also after the end).
"""

from __future__ import annotations

from mainmatch.engine.game import JSONObject, View

from .card_rule import GREEN, RED
from .final import copy_final
from .models import LAST_ROUND
from .pattern import CLAIMED, EXPOSED, HIDDEN, LETTERS, NEARLY_EXPOSED, in_letter_order
from .state import ROUND, MvpState

GAME_ID = "mvp"
#: an unflagged card's ``flag`` and ``flag_total``
NO_FLAG = (None, None)


def public_view(state: MvpState) -> View:
    """``view(state, None)``, keys in the order of §5.1."""
    status = state.exposure.status
    layout, flags, claims = state.layout, state.flags, state.claims
    final = state.final
    ended = final is not None
    pattern: dict[str, JSONObject] = {}
    # the claimed letters of each team, in letter order as the pattern is walked
    claimed: dict[str, list[str]] = {RED: [], GREEN: []}
    # claimed places come first: over a match they are about half of all
    for x, st in status.items():  # letter order (pattern.exposure)
        if st == CLAIMED:
            team, paid, round_no, controller = claims[x]  # a Claim, unpacked at once
            claimed[team].append(x)
            pattern[x] = entry = {
                "status": CLAIMED,
                "card": layout[x],
                "team": team,
                "paid": paid,
                "round": round_no,
            }
            if ended:  # D29: controllers are public from the end of play on
                entry["controller"] = controller
        elif st == HIDDEN:
            pattern[x] = {"status": HIDDEN}
        elif st == EXPOSED:
            flag_team, flag_total = flags.get(x, NO_FLAG)
            pattern[x] = {
                "status": EXPOSED,
                "card": layout[x],
                "flag": flag_team,
                "flag_total": flag_total,
            }
        else:
            pattern[x] = {"status": NEARLY_EXPOSED, "card": layout[x]}
    phase = state.phase
    teams = state.teams
    out = {
        "game": GAME_ID,
        "players": list(state.players),
        "phase": phase,
        "round": state.round if phase == ROUND else None,
        "rounds_played": state.rounds_played,
        "last_round": LAST_ROUND,
        "teams": {RED: teams[RED].copy(), GREEN: teams[GREEN].copy()},
        "pattern": pattern,
        "claimed": claimed,
        "end_reason": final["end_reason"] if final is not None else None,
        "final": copy_final(final) if final is not None else None,
    }
    variant = state.config.get("variant")
    if variant:  # only a variant's views name it: official views stay as §5.1 lists them
        out["variant"] = dict(variant)
    return out


def you(state: MvpState, player: str) -> JSONObject:
    """The ``you`` object of §5.2."""
    return {
        "player": player,
        "team": state.team_of[player],
        "chips": state.chips[player],
        "bids": in_letter_order(state.bids[player]),
        "garnets": state.garnets[player],
        "garnets_spent": state.garnets_spent[player],
        "controls": [
            x for x in LETTERS if x in state.claims and state.claims[x].controller == player
        ],
        "known_cards": dict(state.known[player]),
    }
