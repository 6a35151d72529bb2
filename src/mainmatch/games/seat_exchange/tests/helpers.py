"""Config E and small drivers for the Seat Exchange worked examples (seat_exchange spec §9)."""

from __future__ import annotations

from mainmatch.engine import Match
from mainmatch.games.seat_exchange import GAME

P = ["jk", "dh", "sm", "p04", "p05", "p06", "p07", "p08", "p09", "p10", "p11", "p12", "p13"]
E_NUMBERS_BY_SEAT = [1, 2, 3, 4, 5, 7, 6, 9, 11, 13, 8, 12, 10]


def config(numbers_by_seat=E_NUMBERS_BY_SEAT, garnets=None, tiebreak=None) -> dict:
    """Seat i holds P[i]; ``numbers_by_seat[i]`` is P[i]'s number."""
    return {
        "players": list(P),
        "seats": list(P),
        "numbers": dict(zip(P, numbers_by_seat)),
        "gamewide_tiebreak": list(tiebreak or P),
        "garnets": {p: (garnets or {}).get(p, 0) for p in P},
    }


def trade(a: str, b: str, amount: int) -> dict:
    return {"players": [a, b], "amount": amount}


def round_of(**trades_by_payer) -> dict:
    """Actions of one ``trades`` step: ``round_of(jk=[trade(...)])``; others send ``{}``."""
    actions = {p: {} for p in P}
    for payer, trades in trades_by_payer.items():
        actions[payer] = trades if isinstance(trades, dict) else {"trades": trades}
    return actions


def match(cfg: dict | None = None) -> Match:
    return Match(GAME, cfg or config())


def nums_by_seat(m: Match) -> list[int]:
    return [m.config["numbers"][p] for p in m.state.seats]
