"""Small builders for the Second to Won tests (second_to_won spec §9 notation)."""

from __future__ import annotations

import re

from mainmatch.engine import Match
from mainmatch.games.second_to_won import GAME
from mainmatch.games.second_to_won.catalogue import seed_listing

P = ["ana", "ben", "cal", "dee", "eve", "fay", "gus", "hal", "ivy"]


def you(add: int) -> dict:
    """``+N YOU`` without text (as W13's config gives its items)."""
    return {"effects": [{"target": "you", "add": add}]}


def times(m: str, target: str = "you") -> dict:
    return {"effects": [{"target": target, "multiply": m}]}


def item(target: str, **effect) -> dict:
    return {"effects": [{"target": target, **effect}]}


def filler(n: int = 6) -> list[dict]:
    """An auction nobody needs to read: ``x1 YOU`` on every slot."""
    return [times("1") for _ in range(n)]


def config(
    *auctions: list[dict], garnets: dict | None = None, tiebreak: list[str] | None = None
) -> dict:
    return {
        "players": list(P),
        "auctions": [list(a) for a in auctions],
        "gamewide_tiebreak": list(tiebreak or P),
        "garnets": {p: (garnets or {}).get(p, 0) for p in P},
    }


_BID = re.compile(r"([A-F])(\d*)(?:\((.*?)\))?")


def bids(text: str) -> dict:
    """``"A5 C3 D2(choice ana) C(garnets 1, choice ana)"`` as a ``bids`` action."""
    out: dict = {}
    for m in _BID.finditer(text):
        letter, chips, extra = m.groups()
        bid: dict = {"chips": int(chips)} if chips else {"chips": 0}
        for part in (extra or "").split(","):
            part = part.strip()
            if part.startswith("choice "):
                bid["choice"] = part.split()[1]
            elif part.startswith("garnets "):
                bid["garnets"] = int(part.split()[1])
        out[letter] = bid
    return {"bids": out}


def step(match: Match, others: str | None = None, **named: str) -> list[dict]:
    """One auction: ``named`` players' bids in §9 notation, ``others`` for everyone else."""
    actions = {}
    for p in P:
        text = named.get(p, others)
        assert text is not None, f"no bids for {p}"
        actions[p] = bids(text)
    return match.step(actions)


def match(cfg: dict) -> Match:
    return Match(GAME, cfg)


def seed_auction() -> list[dict]:
    return seed_listing()


def scores(m: Match) -> dict[str, int]:
    return {p: m.view(p)["you"]["points"] for p in P}


def chips(m: Match) -> dict[str, int]:
    return {p: m.view(p)["you"]["chips"] for p in P}


def events_of(events: list[dict], type_: str) -> list[dict]:
    return [e for e in events if e["type"] == type_]
