"""Default and random actions, and random configs (second_to_won spec §3.1, §3.2).

Random play uses bidding *styles* rather than uniform bids (decision 35):
uniform bids almost never tie or go all-in, the styles reach ties, minimum,
large, all-in and garnet bids and spread chips plausibly over the auctions.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from mainmatch.engine.game import Action, JSONObject

from .models import LETTERS, MIN_BIDS

#: §3.2 styles and their weights
STYLES = ("spread", "small", "minimum", "large", "all_in")
WEIGHTS = (35, 25, 15, 15, 10)
SMALL_AMOUNTS = (1, 1, 2, 2, 3, 5)
#: §3.2 spread: f from {0.5, 1, 1, 1.5, 2}, as halves so the budget is exact
SPREAD_HALVES = (1, 2, 2, 3, 4)


def default_bids(
    rng: random.Random, chips: int, choice_letters: Collection[str], others: Sequence[str]
) -> Action:
    """§3.1 default: 1 chip on each of min(3, chips) distinct random items, a
    random other player for a CHOICE item, no garnets (decision 10)."""
    bids = {}
    for letter in sorted(rng.sample(LETTERS, min(MIN_BIDS, chips))):
        bid: JSONObject = {"chips": 1}
        if letter in choice_letters:
            bid["choice"] = rng.choice(others)
        bids[letter] = bid
    return {"bids": bids}


def _chip_amounts(rng: random.Random, style: str, c: int, auctions_left: int) -> list[int]:
    """The chips of each chip bid, first bid first (§3.2)."""
    n = min(MIN_BIDS, c)
    if style == "spread":
        if auctions_left <= 1:
            budget = c
        else:
            budget = c * rng.choice(SPREAD_HALVES) // (2 * auctions_left)
            budget = min(c, max(n, budget))
        m = rng.randint(n, max(n, min(4, budget)))
        amounts = [1] * m
        rest = budget - m
        if m and rest > 0:
            lump = rng.randint((rest + 1) // 2, rest)  # between half and all of the rest
            amounts[0] += lump
            for _ in range(rest - lump):
                amounts[rng.randrange(m)] += 1
        return amounts
    if style == "small":
        m = rng.randint(n, min(len(LETTERS), c))
        left = c
        amounts = []
        for i in range(m):
            # capped so that every later item can still get 1 chip
            a = min(rng.choice(SMALL_AMOUNTS), left - (m - i - 1))
            amounts.append(a)
            left -= a
        return amounts
    if style == "minimum":
        return [1] * n
    # large, all_in
    if c == 0:
        return []
    m = min(max(rng.choice((n, n + 1)), 1), c)
    cap = c - (m - 1)
    big = cap if style == "all_in" else min(max(rng.choice((cap, cap // 2, 10, 10, 20)), 1), cap)
    return [big] + [1] * (m - 1)


def random_bids(
    rng: random.Random,
    chips: int,
    garnets: int,
    auctions_left: int,
    choice_letters: Collection[str],
    others: Sequence[str],
) -> Action:
    """§3.2: a legal ``bids`` action in one of the styles, garnets now and then.

    ``auctions_left`` counts the current auction (1 in the last one).
    """
    letters = rng.sample(LETTERS, len(LETTERS))
    style = rng.choices(STYLES, WEIGHTS)[0]
    amounts = _chip_amounts(rng, style, chips, auctions_left)
    bids: dict[str, JSONObject] = {letters[i]: {"chips": a} for i, a in enumerate(amounts)}
    if garnets and rng.random() < (0.3 if amounts else 0.6):
        g = garnets if rng.random() < 0.3 else 1
        if amounts and (len(amounts) == len(LETTERS) or rng.random() < 0.5):
            bids[letters[rng.randrange(len(amounts))]]["garnets"] = g
        else:
            bids[letters[len(amounts)]] = {"chips": 0, "garnets": g}
    out = {}
    for letter in sorted(bids):
        bid = bids[letter]
        if letter in choice_letters:
            bid["choice"] = rng.choice(others)
        out[letter] = bid
    return {"bids": out}


def random_host_inputs(players: Sequence[str], rng: random.Random) -> JSONObject:
    """§3.2 varied host inputs for random records: half shuffle the tiebreak,
    a quarter hand out starting garnets, one in six a shorter catalogue."""
    tiebreak = list(players)
    if rng.random() < 0.5:
        rng.shuffle(tiebreak)
    inputs: JSONObject = {"gamewide_tiebreak": tiebreak}
    if rng.random() < 0.25:
        inputs["garnets"] = {p: rng.choice((0, 0, 1, 2, 4)) for p in players}
    if rng.random() < 1 / 6:
        inputs["n_auctions"] = rng.choice((1, 1, 2, 2, 3, 4, 5, 6, 7))
    return inputs


def view_random_bids(
    request: Mapping[str, Any], rng: random.Random, view: Mapping[str, Any]
) -> Action:
    """The view-only random bot's ``bids``: :func:`random_bids` read off the request
    (chips, garnets, the items and who a CHOICE item may target) and the view
    (auctions left); the least number of items and the chips are kept (§3.1, §3.2)."""
    choice = [
        i["letter"] for i in request["items"] if any(e["target"] == "choice" for e in i["effects"])
    ]
    left = view["max_auctions"] - request["auction"] + 1
    return random_bids(
        rng, request["chips"], request["garnets"], left, choice, request["choice_targets"]
    )
