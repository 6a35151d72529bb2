"""The Amalgamation for RL: a round's four-part action as ten sub-decisions.

Round action (amalgamation.md §3.1), decided in this order: ``buy_garnets``
(index = garnets sold, 0..min(held, 10)), ``kong`` contribution, five
``minus_bid`` (one per revealed tile, in the request's order), ``invest``,
``donate``, ``bet`` (index ``i`` = ``AMOUNTS[i]`` dollars, or
``MINUS_BIDS[i]`` for Minus bids), ``role`` (mafia, cartel, police, beggar).
Every amount is masked to what is left of balance + garnets sold x rate after
the parts already chosen (§3.1 rule 7), and 0 is always allowed, so every
allowed choice leads to a legal action. ``choose_ec`` (§3.2): index = the
candidate's seat-relative position.
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np

from mainmatch.rl.decisions import AMOUNTS, Decision, Plan, amounts_up_to, choose_candidate, mask_of
from mainmatch.rl.gamespec import GameSpec
from mainmatch.rl.layout import Layout, relative, scaled, set_candidates

PLAYERS = 6
ROLES = ("mafia", "cartel", "police", "beggar")
MAX_GARNETS = 10
#: Minus Auction bids: any sign, each costs its absolute value.
MINUS_BIDS: tuple[int, ...] = (
    -50,
    -30,
    -20,
    -15,
    -10,
    -5,
    -3,
    -2,
    -1,
    0,
    1,
    2,
    3,
    5,
    10,
    15,
    20,
    30,
    50,
)
DECISIONS = ("buy_garnets", "kong", "minus_bid", "invest", "donate", "bet", "role", "choose_ec")
N_ACTIONS = max(len(AMOUNTS), len(MINUS_BIDS), MAX_GARNETS + 1, len(ROLES), PLAYERS)
PHASES = ("round", "choose_ec", "over")

LAYOUT = (
    Layout()
    .add("phase", len(PHASES), "one-hot phase: round, choose_ec, over")
    .add("round", 1, "rounds played / 7")
    .add("garnet_rate", 1, "dollars per garnet / 20")
    .add("balances", PLAYERS, "each player's balance / 400 (seat-relative)")
    .add("same_team", PLAYERS, "1 if the player is on your Kong team (seat-relative)")
    .add("kong_points", 2, "Kong's Dilemma points of your team, of the other team / 7")
    .add("tiles", 5, "this round's Minus tiles in request order / 35 (negative)")
    .add("minus_received", PLAYERS, "sum of the Minus tiles each player holds / 150")
    .add("minus_dry", PLAYERS, "rounds without tiles of each player / 7")
    .add("minus_order", PLAYERS, "position in the Minus tiebreak order / 5")
    .add("top_investor", PLAYERS, "Top Investor tokens / 7")
    .add("miser", PLAYERS, "Miser tokens / 7")
    .add("thief_chips", PLAYERS, "Garnet Chip Thief chips / 10")
    .add("you_garnets", 1, "your garnets held / 10")
    .add("you_spent", 5, "your spending so far on kong, minus, invest, donate, thief / 400")
    .add("you_thief_points", 1, "your thief points / 100")
    .add("candidates", PLAYERS, "choose_ec: 1 for each candidate (seat-relative)")
)
CONTEXT = (
    Layout()
    .add("budget_left", 1, "dollars still free this round / 400")
    .add("tile", 5, "minus_bid: one-hot of the tile being bid on")
    .add("chosen", 10, "garnets sold / 10, kong, 5 bids, invest, donate, bet chosen so far / 400")
)


def encode(view: dict, request: dict | None, player: str) -> np.ndarray:
    vec = LAYOUT.vector()
    seats = relative(view["players"], player)
    vec.one_of("phase", PHASES, view["phase"])
    vec.set("round", view["rounds_played"] / 7)
    vec.set("garnet_rate", scaled(view["garnet_rate"], 20))
    vec.set("balances", [scaled(view["balances"][p], 400) for p in seats])
    you = view["you"]
    team = view["teams"][you["team"]]
    vec.set("same_team", [1.0 if p in team else 0.0 for p in seats])
    other = next(t for t in view["teams"] if t != you["team"])
    vec.set(
        "kong_points", [view["kong"]["points"][you["team"]] / 7, view["kong"]["points"][other] / 7]
    )
    minus = view["minus"]
    vec.set("tiles", [t / 35 for t in minus["tiles"][:5]])
    vec.set("minus_received", [scaled(sum(minus["received"][p]), -150) for p in seats])
    vec.set("minus_dry", [scaled(minus["rounds_without_tiles"][p], 7) for p in seats])
    order = minus["tiebreak_order"]
    vec.set("minus_order", [order.index(p) / 5 for p in seats])
    vec.set("top_investor", [scaled(view["invest"]["top_investor_tokens"][p], 7) for p in seats])
    vec.set("miser", [scaled(view["invest"]["miser_tokens"][p], 7) for p in seats])
    vec.set("thief_chips", [scaled(view["thief"]["chips"][p], 10) for p in seats])
    vec.set("you_garnets", scaled(you["garnets_held"], 10))
    vec.set(
        "you_spent",
        [scaled(you["spent"][k], 400) for k in ("kong", "minus", "invest", "donate", "thief")],
    )
    vec.set("you_thief_points", scaled(you["thief_points"], 100))
    set_candidates(vec, seats, request)
    return vec.data


def plan(view: dict, request: dict, player: str) -> Plan:
    if request["kind"] == "choose_ec":
        return (yield from choose_candidate(view, request, player, N_ACTIONS, CONTEXT.size))
    chosen = [0.0] * 10
    tile_no: list[int | None] = [None]
    budget = [request["balance"]]

    def ask(kind: str, allowed: list[int]) -> Decision:
        ctx = CONTEXT.vector()
        ctx.set("budget_left", scaled(budget[0], 400))
        ctx.one_hot("tile", tile_no[0])
        ctx.set("chosen", chosen)
        return Decision(kind, mask_of(N_ACTIONS, allowed), tuple(ctx.data.tolist()))

    held = min(request["garnets_held"], MAX_GARNETS)
    buy = yield ask("buy_garnets", list(range(held + 1)))
    budget[0] += buy * request["garnet_rate"]
    chosen[0] = buy / MAX_GARNETS

    def amount(kind: str, slot: int) -> Generator[Decision, int, int]:
        i = yield ask(kind, amounts_up_to(AMOUNTS, budget[0]))
        budget[0] -= AMOUNTS[i]
        chosen[slot] = AMOUNTS[i] / 400
        return AMOUNTS[i]

    kong = yield from amount("kong", 1)
    bids = []
    for t in range(5):
        tile_no[0] = t
        allowed = [i for i, b in enumerate(MINUS_BIDS) if abs(b) <= budget[0]]
        i = yield ask("minus_bid", allowed)
        budget[0] -= abs(MINUS_BIDS[i])
        chosen[2 + t] = MINUS_BIDS[i] / 400
        bids.append(MINUS_BIDS[i])
    tile_no[0] = None
    invest = yield from amount("invest", 7)
    donate = yield from amount("donate", 8)
    bet = yield from amount("bet", 9)
    role = yield ask("role", list(range(len(ROLES))))
    action = {
        "kong": {"contribute": kong},
        "minus": {"bids": bids},
        "invest": {"invest": invest, "donate": donate},
        "thief": {"bet": bet, "role": ROLES[role]},
    }
    if buy:
        action["buy_garnets"] = buy
    return action


ACTIONS_DOC = (
    "`buy_garnets`: index = garnets sold (0..min(held, 10)); `kong`, `invest`, `donate`, "
    f"`bet`: index i = {list(AMOUNTS)}[i] dollars; `minus_bid` (five, in tile order): "
    f"index i = {list(MINUS_BIDS)}[i]; `role`: {', '.join(ROLES)}; `choose_ec`: the "
    "candidate's seat-relative position. Amounts are masked to the dollars left."
)
LIMITS_DOC = (
    "Amounts between buckets (e.g. $9), Minus bids beyond +-50 and selling more than 10 "
    "garnets in one round: the buckets keep the space small; a near bucket is always allowed."
)
SPEC = GameSpec.from_module(__name__)
