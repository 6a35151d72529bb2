"""Second to Won for RL: sealed bids on six items as per-item sub-decisions.

Bids action (second_to_won.md §3.1), item by item in letter order: ``chips``
(index i = ``AMOUNTS[i]`` chips; 0 = no chips), then ``garnets`` when you hold
any (index = garnets, 0..min(left, 10)), then, for a CHOICE item you bid on,
``choice`` (index k = the k-th player seat-relative; you, k = 0, are never
allowed). An item with neither chips nor garnets gets no bid. The chips mask
keeps the minimum number of items reachable (one chip for each bid still
needed, and enough items left), so every allowed choice leads to a legal action.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from mainmatch.rl.decisions import AMOUNTS, Decision, Plan, mask_of
from mainmatch.rl.gamespec import GameSpec
from mainmatch.rl.layout import Layout, relative, scaled

PLAYERS = 9
ITEMS = 6
AUCTIONS = 8
MAX_GARNETS = 10
TARGETS = ("you", "choice", "others")
DECISIONS = ("chips", "garnets", "choice")
N_ACTIONS = max(len(AMOUNTS), MAX_GARNETS + 1, PLAYERS)
PHASES = ("bidding", "over")
#: per item and target: add / 50, multiply - 1, garnets / 5, info (0/1)
EFFECT_FEATURES = 4

LAYOUT = (
    Layout()
    .add("phase", len(PHASES), "one-hot phase: bidding, over")
    .add("auction", 1, "auction number / 8")
    .add("chips", 1, "your chips / 100")
    .add("garnets", 1, "your garnets / 10")
    .add("points", 1, "your points / 200")
    .add("points_history", AUCTIONS, "your points after each auction so far / 200")
    .add("won", 1, "items you have won / 8")
    .add("info", 1, "information items you hold / 8")
    .add("min_items", 1, "items you must bid on / 3")
    .add(
        "items",
        ITEMS * len(TARGETS) * EFFECT_FEATURES,
        "per item A-F, per target you/choice/others: add / 50, multiply - 1, garnets / 5, info",
    )
)
CONTEXT = (
    Layout()
    .add("item", ITEMS, "one-hot of the item being bid on")
    .add("chips_left", 1, "chips still free / 100")
    .add("garnets_left", 1, "garnets still free / 10")
    .add("bids", 1, "bids made so far / 6")
    .add("needed", 1, "bids still needed to reach the minimum / 3")
)


def encode(view: dict, request: dict | None, player: str) -> np.ndarray:
    vec = LAYOUT.vector()
    vec.one_of("phase", PHASES, view["phase"])
    vec.set("auction", scaled(view["auction"] or 0, AUCTIONS))
    you = view["you"]
    vec.set("chips", scaled(you["chips"], 100))
    vec.set("garnets", scaled(you["garnets"], 10))
    vec.set("points", scaled(you["points"], 200))
    vec.set("points_history", [scaled(p, 200) for p in you["points_history"][:AUCTIONS]])
    vec.set("won", scaled(len(you["won"]), AUCTIONS))
    vec.set("info", scaled(len(you["info"]), AUCTIONS))
    if request is not None:
        vec.set("min_items", request["min_items"] / 3)
        for k, item in enumerate(request["items"][:ITEMS]):
            for effect in item["effects"]:
                base = (k * len(TARGETS) + TARGETS.index(effect["target"])) * EFFECT_FEATURES
                if "add" in effect:
                    vec.set("items", scaled(effect["add"], 50), base)
                if "multiply" in effect:
                    vec.set("items", scaled(float(Fraction(effect["multiply"])) - 1, 1), base + 1)
                if "garnets" in effect:
                    vec.set("items", scaled(effect["garnets"], 5), base + 2)
                if "info" in effect:
                    vec.set("items", 1.0, base + 3)
    return vec.data


def _feasible(c: int, needed: int, chips: int, items_after: int) -> bool:
    """May ``c`` chips go on this item and still leave one chip and one item for
    each of the ``needed`` bids still missing (§3.1 rule 3)?"""
    still = max(0, needed - (1 if c > 0 else 0))
    return c + still <= chips and still <= items_after


def plan(view: dict, request: dict, player: str) -> Plan:
    seats = relative(view["players"], player)
    chips, garnets = request["chips"], request["garnets"]
    need = min(request["min_items"], chips)
    bids: dict[str, dict] = {}
    item_no = 0

    def ask(kind: str, allowed: list[int]) -> Decision:
        ctx = CONTEXT.vector()
        ctx.one_hot("item", item_no)
        ctx.set("chips_left", scaled(chips, 100))
        ctx.set("garnets_left", scaled(garnets, 10))
        ctx.set("bids", len(bids) / ITEMS)
        ctx.set("needed", max(0, need - len(bids)) / 3)
        return Decision(kind, mask_of(N_ACTIONS, allowed), tuple(ctx.data.tolist()))

    items = request["items"]
    for item_no, item in enumerate(items):
        items_after = len(items) - item_no - 1

        allowed = [
            i for i, a in enumerate(AMOUNTS) if _feasible(a, need - len(bids), chips, items_after)
        ]
        c = AMOUNTS[(yield ask("chips", allowed))]
        g = 0
        if garnets:
            g = yield ask("garnets", list(range(min(garnets, MAX_GARNETS) + 1)))
        if c == 0 and g == 0:
            continue
        chips -= c
        garnets -= g
        bid: dict = {"chips": c}
        if g:
            bid["garnets"] = g
        if any(e["target"] == "choice" for e in item["effects"]):
            allowed = [k for k, p in enumerate(seats) if p in request["choice_targets"]]
            bid["choice"] = seats[(yield ask("choice", allowed))]
        bids[item["letter"]] = bid
    return {"bids": bids}


ACTIONS_DOC = (
    f"Per item A-F: `chips`: index i = {list(AMOUNTS)}[i] chips (0 = none); `garnets` "
    "(only when you hold some): index = garnets, 0..min(left, 10); `choice` (CHOICE items "
    "you bid on): the player's seat-relative position (never yourself)."
)
LIMITS_DOC = (
    "Chip amounts between buckets (e.g. 9), more than 10 garnets on one item, and meeting "
    "the minimum number of items with garnet-only bids when chips run short (the mask "
    "reserves one chip per bid still needed)."
)
SPEC = GameSpec.from_module(__name__)
