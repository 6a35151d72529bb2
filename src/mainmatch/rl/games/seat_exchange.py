"""Kong's Seat Exchange for RL: a list of trades as repeated sub-decisions.

Trades action (seat_exchange.md §3.1), in this order: ``garnets`` (index =
garnets converted at $1 each, 0..min(held, 10)), then up to five trades, each
``trade_more`` (index 0 = no more trades, 1 = another trade), ``trade_first``
(index 1 + k = the k-th player in seat-relative order), ``trade_second``
(index 1 + k, the pair not listed yet; the same player twice is a self-swap)
and ``trade_amount`` (index i = ``POSITIVE[i]`` dollars, at most what is left
of money + garnets). A first player is allowed only if a pair with them is
still unlisted and $1 is left, so every allowed choice leads to a legal action.
``choose_ec``: the candidate's seat-relative position.

"No more trades" is a choice of two, not one among fourteen first players: a
learner that starts uniform over its allowed choices then tries "save
everything" (no trade in any of the four rounds) in one match in 16, not one
in 38,416 (issue 24: PPO did not find it in 90,000 steps when "stop" was one
first player's slot).
"""

from __future__ import annotations

import numpy as np

from mainmatch.rl.decisions import (
    POSITIVE,
    Decision,
    Plan,
    amounts_up_to,
    choose_candidate,
    mask_of,
)
from mainmatch.rl.gamespec import GameSpec
from mainmatch.rl.layout import Layout, relative, scaled, set_candidates

PLAYERS = 13
ROUNDS = 4
MAX_TRADES = 5
MAX_GARNETS = 10
DECISIONS = ("garnets", "trade_more", "trade_first", "trade_second", "trade_amount", "choose_ec")
N_ACTIONS = max(PLAYERS + 1, len(POSITIVE), MAX_GARNETS + 1)
PHASES = ("trade", "choose_ec", "over")

LAYOUT = (
    Layout()
    .add("phase", len(PHASES), "one-hot phase: trade, choose_ec, over")
    .add("round", 1, "round / 4")
    .add("longest_streak", 1, "longest streak now / 13")
    .add("number", PLAYERS, "one-hot of your secret number (1..13)")
    .add("money", 1, "your money / 400")
    .add("garnets", 1, "your garnets / 10")
    .add("seats", PLAYERS * PLAYERS, "per player (seat-relative): one-hot of their seat (0..12)")
    .add("swapped", ROUNDS * PLAYERS, "per round, per player: 1 if their seat was swapped")
    .add(
        "paid",
        ROUNDS * PLAYERS,
        "per round, per player: 1 if they paid for a swap that went through",
    )
    .add("round_streaks", ROUNDS, "longest streak after each round / 13")
    .add("candidates", PLAYERS, "choose_ec: 1 for each candidate (seat-relative)")
)
CONTEXT = (
    Layout()
    .add("budget_left", 1, "dollars still free / 400")
    .add("trades", 1, "trades listed so far / 5")
    .add("first", PLAYERS, "one-hot of the trade's first player (seat-relative)")
    .add("second", PLAYERS, "one-hot of the trade's second player (seat-relative)")
)


def encode(view: dict, request: dict | None, player: str) -> np.ndarray:
    vec = LAYOUT.vector()
    seats = relative(view["players"], player)
    pos = {p: i for i, p in enumerate(seats)}
    vec.one_of("phase", PHASES, view["phase"])
    vec.set("round", view["round"] / ROUNDS)
    vec.set("longest_streak", view["longest_streak"] / PLAYERS)
    you = view["you"]
    vec.one_hot("number", you["number"] - 1)
    vec.set("money", scaled(you["money"], 400))
    vec.set("garnets", scaled(you["garnets"], 10))
    for seat, p in enumerate(view["seats"]):
        vec.set("seats", 1.0, pos[p] * PLAYERS + seat)
    for entry in view["history"][:ROUNDS]:
        r = entry["round"] - 1
        for swap in entry["swaps"]:
            for p in swap["players"]:
                vec.set("swapped", 1.0, r * PLAYERS + pos[p])
            for p in swap["paid_by"]:
                vec.set("paid", 1.0, r * PLAYERS + pos[p])
        vec.set("round_streaks", entry["longest_streak"] / PLAYERS, r)
    set_candidates(vec, seats, request)
    return vec.data


def plan(view: dict, request: dict, player: str) -> Plan:
    seats = relative(view["players"], player)
    if request["kind"] == "choose_ec":
        return (yield from choose_candidate(view, request, player, N_ACTIONS, CONTEXT.size))
    budget = request["money"]
    used: set[frozenset[int]] = set()
    trades: list[dict] = []

    def ask(kind: str, allowed: list[int], first: int | None, second: int | None) -> Decision:
        ctx = CONTEXT.vector()
        ctx.set("budget_left", scaled(budget, 400))
        ctx.set("trades", len(trades) / MAX_TRADES)
        ctx.one_hot("first", first)
        ctx.one_hot("second", second)
        return Decision(kind, mask_of(N_ACTIONS, allowed), tuple(ctx.data.tolist()))

    def free(a: int) -> list[int]:
        return [b for b in range(PLAYERS) if frozenset((a, b)) not in used]

    spend = yield ask("garnets", list(range(min(request["garnets"], MAX_GARNETS) + 1)), None, None)
    budget += spend
    while len(trades) < MAX_TRADES:
        firsts = [1 + a for a in range(PLAYERS) if budget >= 1 and free(a)]
        if not firsts:
            break
        if (yield ask("trade_more", [0, 1], None, None)) == 0:
            break
        a = (yield ask("trade_first", firsts, None, None)) - 1
        b = (yield ask("trade_second", [1 + b for b in free(a)], a, None)) - 1
        i = yield ask("trade_amount", amounts_up_to(POSITIVE, budget), a, b)
        used.add(frozenset((a, b)))
        budget -= POSITIVE[i]
        trades.append({"players": [seats[a], seats[b]], "amount": POSITIVE[i]})
    return {"garnets": spend, "trades": trades}


ACTIONS_DOC = (
    "`garnets`: index = garnets converted (0..min(held, 10)); `trade_more`: 0 = no more "
    "trades, 1 = another trade; `trade_first`: 1 + k = the k-th player seat-relative (you "
    "are k = 0); `trade_second`: 1 + k; "
    f"`trade_amount`: index i = {list(POSITIVE)}[i] dollars, masked to the dollars left; "
    "`choose_ec`: the candidate's seat-relative position."
)
LIMITS_DOC = (
    f"More than {MAX_TRADES} trades in one round, amounts between buckets (e.g. $9) and "
    f"converting more than {MAX_GARNETS} garnets at once: the buckets keep the space small."
)
SPEC = GameSpec.from_module(__name__)
