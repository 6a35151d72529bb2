"""Default and random actions of Homeostasis (homeostasis spec §3, D9, D17, D40, D42).

Defaults commit nothing (D42) except where the seed's own timeout rule is
random (the draft, D9) and the forced first bid of an auction (D17).

Random actions (engine spec convention 6) are legal and drawn so that random play
reaches every branch: passes, small, overtaking, pooled and all-in bids
(so players go broke and automatic passes and placements happen), final bids
from a small set with stubborn rebids (so ties, rebids, the rebid cap and
zero-bid rounds happen), saved cards at either end, and brackets of every
width (so crossing and teammate placements happen).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from mainmatch.engine.checks import present
from mainmatch.engine.game import Action
from mainmatch.engine.steps import RandomDraw

from .cards import DECK, max_saveable
from .expression import crosses
from .models import MAX_REBIDS
from .state import HomeostasisState


def random_save(garnets: int, rng: random.Random) -> Action:
    r = rng.random()
    if r < 0.3:
        return {"cards": []}
    count = 1 if r < 0.7 else rng.randint(1, max_saveable(garnets))
    return {"cards": rng.sample(DECK, count)}


def random_bid(request: Mapping[str, Any], rng: random.Random) -> Action:
    """A pass, or a small, pooled, overtaking or all-in bid, nudged off ties."""
    if request["can_pass"] and rng.random() < 0.55:
        return {"pass": True}
    chips, slots, totals = request["chips"], request["slots"], request["totals"]
    top = max(totals)
    bid_on = [s for s in slots if totals[s - 1] > 0]
    if bid_on and rng.random() < 0.35:
        slot = rng.choice(bid_on)  # pool with an existing bid
    else:
        slot = rng.choice(slots)
    r = rng.random()
    if r < 0.04:
        amount = chips  # all-in
    elif r < 0.45 and top > 0:
        amount = top - totals[slot - 1] + rng.choice((1, 1, 2, 5))  # overtake the leader
    elif r < 0.8:
        amount = rng.choice((1, 1, 1, 2, 3, 5))
    else:
        amount = rng.randint(1, max(1, chips // 4))
    return _legal_bid(slot, max(1, min(amount, chips)), chips, slots, totals)


def _legal_bid(slot: int, amount: int, chips: int, slots: list[int], totals: list[int]) -> Action:
    """The nearest legal bid to ``amount`` on ``slot`` (no tie, D14), else on another slot.
    With two or more empty slots a legal bid always exists (§4.4)."""
    for s in [slot] + [x for x in slots if x != slot]:
        taken = {t for i, t in enumerate(totals, 1) if i != s and t > 0}
        base = totals[s - 1]
        for delta in range(chips + 1):
            for a in (amount + delta, amount - delta):
                if 1 <= a <= chips and base + a not in taken:
                    return {"slot": s, "chips": a}
    raise AssertionError("no legal bid: an auction opens only with two empty slots")


def random_final_bid(
    state: HomeostasisState, player: str, request: Mapping[str, Any], rng: random.Random
) -> int:
    chips: int = request["chips"]
    fa = present(state.final_auction, "final auction")
    if fa.sealed_rounds and rng.random() < (0.85 if fa.rebids < MAX_REBIDS else 0.6):
        return min(chips, fa.sealed_rounds[-1][player])  # stubborn: the same bid again
    return min(chips, rng.choice((0, 0, 0, 1, 1, 2, 5, 5, 10, chips)))


def random_placement(saved: list[str], rng: random.Random) -> Action:
    cards = list(saved)
    rng.shuffle(cards)
    if not cards or rng.random() < 0.2:
        return {"front": [], "back": []}
    use = cards[: rng.randint(1, len(cards))]
    front: list[str] = []
    back: list[str] = []
    for card in use:
        (front if rng.random() < 0.5 else back).append(card)
    return {"front": front, "back": back}


def random_brackets(request: Mapping[str, Any], rng: random.Random) -> Action:
    """A pass, or a pair of a random width. A pair that would cross one placed
    in an earlier step (illegal) is redrawn among the legal ones; pairs sent
    in one step are drawn independently, so crossing and teammate placements
    within a step happen."""
    if rng.random() < 0.5:
        return {"pass": True}
    n = request["length"]
    placed = [tuple(x) for x in request["brackets"]]
    width = rng.randint(1, n) if rng.random() < 0.3 else rng.choice((1, 1, 2, 3, 3, 4, 5))
    width = min(width, n)
    first = rng.randint(1, n - width + 1)
    pair = (first, first + width - 1)
    if any(crosses(pair, other) for other in placed):
        options = [
            (f, l)
            for f, l in combinations(range(1, n + 1), 2)
            if not any(crosses((f, l), o) for o in placed)
        ]
        pair = (
            rng.choice(options) if options and rng.random() < 0.7 else (first, first)
        )  # a single card never crosses
    return {"first": pair[0], "last": pair[1]}


# the view-only random bot's draws (``StepDescription.random``), from the request
# alone: the steps whose rules join fields. A save costs garnets (§4.1), a bid may
# not tie two slots (§4.4, D14), a saved card is placed once (§4.5), brackets
# cross none placed (§4.6)
VIEW_DRAWS: dict[str, RandomDraw] = {
    "save_cards": lambda request, rng, view: random_save(request["garnets"], rng),
    "bid": lambda request, rng, view: random_bid(dict(request), rng),
    "place_saved": lambda request, rng, view: random_placement(request["saved_cards"], rng),
    "brackets": lambda request, rng, view: random_brackets(dict(request), rng),
}
