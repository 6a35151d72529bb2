"""Views and result of Seat Exchange (seat_exchange spec §5, §7)."""

from __future__ import annotations

from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import JSONObject, View
from mainmatch.engine.memo import GrowingLog
from mainmatch.engine.result import nonzero

from .models import GARNETS_PER_WINNER
from .state import RoundEntry, SeatEnd, SeatState

GAME_ID = "seat_exchange"


def view(state: SeatState, player: str | None) -> View:
    """§5: the public view, plus ``you`` for a player. The history's entries
    are copied once and shown again by later views (``engine.memo.GrowingLog``,
    decision PE16): views of a match share them, never anything of the state."""
    history = state.history
    out: View = {
        "game": GAME_ID,
        "players": list(state.players),
        "phase": state.phase,
        "round": state.round,
        "rounds": state.limits[0],
        "income": state.limits[1],
        "seats": list(state.seats),
        "longest_streak": state.longest,
        "history": _history(history) if history else [],
        "end": _copy_end(state.end),
    }
    variant = state.config.get("variant")
    if variant:  # only a variant's views name it: official views stay as §5 lists them
        out["variant"] = dict(variant)
    if player is not None:
        if player not in state.index:
            raise IllegalAction(f"{player!r} is not a player in this match")
        players = state.players
        out["you"] = {
            "player": player,
            "number": state.numbers[player],
            "money": state.money[player],
            "garnets": state.garnets[player],
            "garnets_spent": state.garnets_spent[player],
            "bids": [
                {
                    "round": bid["round"],
                    "garnets": bid["garnets"],
                    "trades": [
                        {"players": [players[key >> 4], players[key & 15]], "amount": amount}
                        for key, amount in bid["trades"]
                    ],
                    "spent": bid["spent"],
                }
                for bid in [round_bids[player] for round_bids in state.bids]
            ],
        }
    return out


def _history_entry(h: RoundEntry) -> RoundEntry:
    """A fresh copy of one ``history`` entry (§5)."""
    return {
        "round": h["round"],
        "swaps": [
            {"players": list(s["players"]), "paid_by": list(s["paid_by"])} for s in h["swaps"]
        ],
        "longest_streak": h["longest_streak"],
    }


#: the history's copies, made once per entry and shown by every later view (PE16)
_history: GrowingLog[RoundEntry, RoundEntry] = GrowingLog(_history_entry)


# ------------------------------------------------------------ result §7


def result(state: SeatState) -> JSONObject | None:
    """§7: the result once the match is over."""
    if state.phase != "over":
        return None
    end = state.ended
    players = list(state.players)
    winners = end["winners"]
    ec = end["elimination_candidate"]
    money = end["money"]
    groups: list[list[str]] = [list(winners)] if winners else []
    if end["tied_for_most"]:
        tied = set(end["tied_for_most"])
        groups += _by_money([p for p in players if p not in tied and p not in winners], money)
        rest = [p for p in end["tied_for_most"] if p != ec]
        if rest:
            groups.append(rest)
    else:
        groups += _by_money([p for p in players if p not in winners and p != ec], money)
    if ec is not None:
        groups.append([ec])
    tol = 1 if end["condition"] == "streak" else 2
    return {
        "ranking": groups,
        "tokens_of_life": {p: tol for p in winners},
        "garnets": {p: GARNETS_PER_WINNER for p in winners},
        "garnets_spent": nonzero(state.garnets_spent, players),
        "elimination_candidate": ec,
        "void_tokens_of_life": False,
        "details": {
            "end_condition": end["condition"],
            "rounds_played": len(state.history),
            "longest_streak": state.longest,
            "streak_players": list(end["streak_players"]),
            "winners": list(winners),
            "tied_for_most": list(end["tied_for_most"]),
            "ec_candidates": list(end["ec_candidates"]),
            "ec_votes": dict(end["ec_votes"]),
            "money": dict(money),
            "numbers": dict(end["numbers"]),
            "seats": list(state.seats),
        },
    }


def _by_money(players: list[str], money: dict[str, int]) -> list[list[str]]:
    """``group_by(players, money.__getitem__)``: tie groups, most money first,
    ``players`` order inside a group (a stable sort, then one pass)."""
    groups: list[list[str]] = []
    last = None
    for p in sorted(players, key=money.__getitem__, reverse=True):  # stable, also reversed
        m = money[p]
        if m == last:
            groups[-1].append(p)
        else:
            groups.append([p])
            last = m
    return groups


def _copy_end(end: SeatEnd | None) -> SeatEnd | None:
    if end is None:
        return None
    out: SeatEnd = {
        "condition": end["condition"],
        "money": dict(end["money"]),
        "numbers": dict(end["numbers"]),
        "streak_players": list(end["streak_players"]),
        "winners": list(end["winners"]),
        "tied_for_most": list(end["tied_for_most"]),
        "ec_candidates": list(end["ec_candidates"]),
        "choosers": list(end["choosers"]),
        "ec_votes": dict(end["ec_votes"]),
        "elimination_candidate": end["elimination_candidate"],
    }
    return out
