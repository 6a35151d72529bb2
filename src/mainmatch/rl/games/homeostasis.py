"""Homeostasis for RL: its seven step kinds as sub-decisions.

Symbols are indexed ``1 2 3 + - x /`` (0..6), slots and positions 1-based.

- ``save_cards`` (homeostasis.md §3): ``save_card`` repeated: 0 = stop, 1 + s =
  save symbol s (copies left in the deck, cost (n-1)^2 garnets within holding).
- ``draft``: ``draft_card`` (index s, a symbol left) then ``draft_position``
  (index = position, a free one).
- ``bid``: ``bid_slot`` (0 = pass, once a bid exists; index = an empty slot
  with at least one legal amount) then ``bid_chips`` (index i = ``POSITIVE[i]``
  chips, within your chips and making no tie with another slot's total).
- ``final_bid``: ``final_chips`` (index i = ``AMOUNTS[i]`` chips, within yours).
- ``place_saved``: ``front_card`` then ``back_card`` repeated: 0 = stop,
  1 + s = an unused saved symbol s, appended to that end.
- ``brackets``: ``bracket_first`` (0 = pass, index = first position with some
  legal last) then ``bracket_last`` (index = last >= first, crossing no pair).
- ``choose_ec``: the candidate's seat-relative position.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np

from mainmatch.games.homeostasis.cards import DECK_COUNT, SYMBOLS, save_cost
from mainmatch.games.homeostasis.expression import crosses
from mainmatch.rl.decisions import (
    AMOUNTS,
    POSITIVE,
    Decision,
    Plan,
    amounts_up_to,
    choose_candidate,
    mask_of,
)
from mainmatch.rl.gamespec import GameSpec
from mainmatch.rl.layout import Layout, relative, scaled, set_candidates

PLAYERS = 5
SLOTS = 10
MAX_LEN = 24
TEAMS = ("positive", "negative", "neutral")
PHASES = (
    "save_cards",
    "draft",
    "auction",
    "final_auction",
    "place_saved",
    "brackets",
    "choose_ec",
    "over",
)
DECISIONS = (
    "save_card",
    "draft_card",
    "draft_position",
    "bid_slot",
    "bid_chips",
    "final_chips",
    "front_card",
    "back_card",
    "bracket_first",
    "bracket_last",
    "choose_ec",
)
N_ACTIONS = max(len(POSITIVE), len(AMOUNTS), MAX_LEN + 1, SLOTS + 1, len(SYMBOLS) + 1)
SYM = len(SYMBOLS)

LAYOUT = (
    Layout()
    .add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
    .add("round", 1, "round / 3")
    .add(
        "teams",
        PLAYERS * len(TEAMS),
        "per player (seat-relative): team one-hot positive, negative, neutral",
    )
    .add("chips", PLAYERS, "chips per player / 100 (seat-relative)")
    .add("pending", PLAYERS, "1 if the player must act now (seat-relative)")
    .add("slots", SLOTS * SYM, "per slot 1-10: one-hot of the card auctioned into it (none: empty)")
    .add("order", SLOTS * SYM, "per auction 1-10: one-hot of the card it sells (none: not drafted)")
    .add("auction_card", SYM, "one-hot of the card on auction now")
    .add("auction_totals", SLOTS, "chips bid on each slot in the open auction / 100")
    .add("total", 1, "the running total / 20")
    .add("round_results", 3, "each round's result / 20")
    .add("garnets", 1, "your garnets / 10")
    .add("saved", SYM, "your saved cards per symbol / 3")
    .add("used_saved", SYM, "your used saved cards per symbol / 3")
    .add("draft_left", SYM, "draft: copies of each symbol left to order / 2")
    .add("free", SLOTS, "draft: 1 per free position; bid: 1 per empty slot")
    .add("can_pass", 1, "bid: 1 if you may pass")
    .add("expression", MAX_LEN * SYM, "brackets: per position, one-hot of the symbol")
    .add("bracketed", MAX_LEN, "brackets: pairs placed around each position / 3")
    .add("candidates", PLAYERS, "choose_ec: 1 for each candidate (seat-relative)")
)
CONTEXT = (
    Layout()
    .add("chosen", SYM, "save/front/back: symbols chosen so far in this action / 3")
    .add("back", 1, "1 once the front of place_saved is done")
    .add("first", MAX_LEN, "bid_chips: one-hot slot; bracket_last: one-hot first position")
)


def _fraction(text: str) -> float:
    return float(Fraction(text))


def encode(view: dict, request: dict | None, player: str) -> np.ndarray:
    vec = LAYOUT.vector()
    seats = relative(view["players"], player)
    vec.one_of("phase", PHASES, view["phase"])
    vec.set("round", view["round"] / 3)
    for i, p in enumerate(seats):
        vec.set("teams", 1.0, i * len(TEAMS) + TEAMS.index(view["teams"][p]))
    vec.set("chips", [scaled(view["chips"][p], 100) for p in seats])
    vec.set("pending", [1.0 if p in view["pending"] else 0.0 for p in seats])
    for i, card in enumerate(view["slots"][:SLOTS]):
        if card is not None:
            vec.set("slots", 1.0, i * SYM + SYMBOLS.index(card))
    for i, card in enumerate(view["auction_order"][:SLOTS]):
        if card is not None:
            vec.set("order", 1.0, i * SYM + SYMBOLS.index(card))
    auction = view["auction"]
    if auction:
        vec.one_hot("auction_card", SYMBOLS.index(auction["card"]))
        vec.set("auction_totals", [scaled(t, 100) for t in auction["totals"][:SLOTS]])
    vec.set("total", scaled(_fraction(view["total"]), 20))
    vec.set("round_results", [scaled(_fraction(r["result"]), 20) for r in view["rounds"][:3]])
    you = view["you"]
    vec.set("garnets", scaled(you["garnets"], 10))
    vec.set("saved", [Counter(you["saved_cards"])[s] / 3 for s in SYMBOLS])
    vec.set("used_saved", [Counter(you["used_saved_cards"])[s] / 3 for s in SYMBOLS])
    req = request or {}
    kind = req.get("kind")
    if kind == "draft":
        left: Counter[str] = Counter(req["cards"])
        vec.set("draft_left", [left[s] / 2 for s in SYMBOLS])
        vec.set("free", [1.0 if i in req["positions"] else 0.0 for i in range(1, SLOTS + 1)])
    if kind == "bid":
        vec.set("free", [1.0 if i in req["slots"] else 0.0 for i in range(1, SLOTS + 1)])
        vec.set("can_pass", 1.0 if req["can_pass"] else 0.0)
    if kind == "brackets" and view["expression"]:
        for i, card in enumerate(view["expression"][:MAX_LEN]):
            vec.set("expression", 1.0, i * SYM + SYMBOLS.index(card))
        around = [0] * MAX_LEN
        for first, last in req["brackets"]:
            for i in range(first - 1, min(last, MAX_LEN)):
                around[i] += 1
        vec.set("bracketed", [scaled(n, 3) for n in around])
    set_candidates(vec, seats, request)
    return vec.data


def _context(chosen: Counter, back: bool, first: int | None) -> tuple[float, ...]:
    ctx = CONTEXT.vector()
    ctx.set("chosen", [chosen[s] / 3 for s in SYMBOLS])
    ctx.set("back", 1.0 if back else 0.0)
    ctx.one_hot("first", None if first is None else first - 1)
    return tuple(ctx.data.tolist())


def _ask(kind: str, allowed: list[int], chosen=None, back=False, first=None) -> Decision:
    return Decision(kind, mask_of(N_ACTIONS, allowed), _context(chosen or Counter(), back, first))


def _legal_bids(request: dict, slot: int) -> list[int]:
    """Indices of ``POSITIVE`` that are legal bids on ``slot`` (no tie, D14)."""
    totals = request["totals"]
    others = {t for i, t in enumerate(totals, 1) if i != slot}
    return [
        i
        for i in amounts_up_to(POSITIVE, request["chips"])
        if totals[slot - 1] + POSITIVE[i] not in others
    ]


def _lasts(first: int, length: int, placed: list[tuple[int, int]]) -> list[int]:
    return [
        last
        for last in range(first, min(length, MAX_LEN) + 1)
        if not any(crosses((first, last), pair) for pair in placed)
    ]


def plan(view: dict, request: dict, player: str) -> Plan:
    kind = request["kind"]
    if kind == "save_cards":
        chosen: Counter = Counter()
        while True:
            n = sum(chosen.values())
            allowed = [
                1 + s
                for s, sym in enumerate(SYMBOLS)
                if chosen[sym] < DECK_COUNT[sym] and save_cost(n + 1) <= request["garnets"]
            ]
            pick = yield _ask("save_card", [0, *allowed], chosen)
            if pick == 0:
                return {"cards": list(chosen.elements())}
            chosen[SYMBOLS[pick - 1]] += 1
    if kind == "draft":
        s = yield _ask("draft_card", [SYMBOLS.index(c) for c in set(request["cards"])])
        position = yield _ask("draft_position", list(request["positions"]))
        return {"card": SYMBOLS[s], "position": position}
    if kind == "bid":
        slots = [s for s in request["slots"] if s <= SLOTS and _legal_bids(request, s)]
        slot = yield _ask("bid_slot", ([0] if request["can_pass"] else []) + slots)
        if slot == 0:
            return {"pass": True}
        i = yield _ask("bid_chips", _legal_bids(request, slot), first=slot)
        return {"slot": slot, "chips": POSITIVE[i]}
    if kind == "final_bid":
        i = yield _ask("final_chips", amounts_up_to(AMOUNTS, request["chips"]))
        return {"chips": AMOUNTS[i]}
    if kind == "place_saved":
        left = Counter(request["saved_cards"])
        ends: dict[str, list[str]] = {"front": [], "back": []}
        for end in ("front", "back"):
            while True:
                allowed = [1 + s for s, sym in enumerate(SYMBOLS) if left[sym] > 0]
                chosen = Counter(ends["front"] + ends["back"])
                pick = yield _ask(f"{end}_card", [0, *allowed], chosen, back=end == "back")
                if pick == 0:
                    break
                ends[end].append(SYMBOLS[pick - 1])
                left[SYMBOLS[pick - 1]] -= 1
        return ends
    if kind == "brackets":
        length = request["length"]
        placed = [(a, b) for a, b in request["brackets"]]
        firsts = [f for f in range(1, min(length, MAX_LEN) + 1) if _lasts(f, length, placed)]
        first = yield _ask("bracket_first", [0, *firsts])
        if first == 0:
            return {"pass": True}
        last = yield _ask("bracket_last", _lasts(first, length, placed), first=first)
        return {"first": first, "last": last}
    return (yield from choose_candidate(view, request, player, N_ACTIONS, CONTEXT.size))


ACTIONS_DOC = (
    "Symbols 1 2 3 + - x / are indices 0..6. `save_card`, `front_card`, `back_card`: 0 = "
    "stop, 1 + s = symbol s; `draft_card`: s; `draft_position`: the position; `bid_slot`: "
    f"0 = pass, else the slot; `bid_chips`: index i = {list(POSITIVE)}[i] chips; "
    f"`final_chips`: index i = {list(AMOUNTS)}[i] chips; `bracket_first`: 0 = pass, else "
    "the first position; `bracket_last`: the last position; `choose_ec`: the candidate's "
    "seat-relative position."
)
LIMITS_DOC = (
    "Bid and final-bid amounts between buckets (e.g. 9 chips; a slot whose every bucket "
    f"would tie is masked out), and brackets beyond position {MAX_LEN} of an expression "
    "longer than that (saved cards can lengthen it past ten)."
)
SPEC = GameSpec.from_module(__name__)
