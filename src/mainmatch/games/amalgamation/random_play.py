"""Random legal actions that reach every branch (amalgamation spec §3.3, engine spec convention 6).

Uniform draws almost never make four or more joint winners, six players
tied on points or tied EC candidates, so every random match plays in one
*style*, shared by its six players and derived from its config (the tile
shuffle), so that all of them agree without talking:

- ``varied`` (45%): each player draws a buy (if holding garnets), a round
  budget (nothing, a little, a fair share, or everything: all-in) and splits
  it over the four sub-games; bids of both signs, every role.
- ``crowd`` (20%): everyone picks from the same tiny amounts ($0-$2, bids
  -1..1): ties everywhere (Kong ties at $1 = $1, six-way Minus ties, no
  unique investment, shared Miser tokens, equal Kong points > 0).
- ``scripted`` (35%): a scripted crowd that steers the four sub-game
  rankings to one of the ``SCRIPTS`` below: all six tied, four or five
  joint winners, several tied EC candidates. Kong always ends 0-0 (each
  round one player of each team puts in the same amount), Minus tiles go to
  planned takers, Top Investor and Miser tokens follow E10's pattern, and one
  planned round of Chip Thief (five police, one beggar) fixes the thief order.

Every action is checked against the budget before it is returned; whatever
cannot be paid falls back to spending nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from mainmatch.engine.game import Action, JSONObject

from . import kong
from .constants import PLACE_POINTS, ROLES, ROUNDS, TILES_PER_ROUND
from .setup import Setup
from .state import AmalgamationState

#: Scripts in "Kong place" terms: ``(m, i, t)`` where ``m[k]`` is the Minus
#: place (0-based) of the player placed ``k``-th in Kong, ``i[k]`` the Invest
#: place and ``t[k]`` the Thief place. Found by a search over random triples;
#: the totals they give are in the comments (tests check them).
SCRIPTS: dict[str, tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]] = {
    "six_tie": (  # 46 each
        ((5, 4, 3, 2, 1, 0), (2, 1, 0, 5, 4, 3), (3, 4, 5, 0, 1, 2)),  # E12's pattern
        ((3, 2, 5, 0, 4, 1), (2, 5, 3, 4, 0, 1), (5, 1, 0, 4, 3, 2)),
        ((5, 1, 3, 4, 0, 2), (2, 5, 0, 4, 3, 1), (3, 2, 5, 0, 4, 1)),
        ((3, 1, 5, 0, 4, 2), (5, 4, 0, 2, 1, 3), (2, 4, 3, 5, 1, 0)),
    ),
    "five_winners": (  # 48 x5, 36
        ((5, 1, 2, 4, 3, 0), (5, 4, 2, 3, 1, 0), (0, 3, 2, 4, 1, 5)),
        ((5, 3, 2, 4, 1, 0), (2, 1, 5, 4, 3, 0), (2, 4, 0, 3, 1, 5)),
    ),
    "four_winners": (
        ((5, 2, 1, 4, 3, 0), (0, 1, 3, 2, 5, 4), (4, 3, 1, 2, 5, 0)),  # 52 x4, 42, 26
        ((3, 2, 1, 0, 5, 4), (1, 2, 3, 5, 0, 4), (5, 3, 2, 1, 4, 0)),  # 49 x4, 40 x2
        ((4, 1, 2, 3, 5, 0), (3, 4, 5, 0, 1, 2), (3, 5, 0, 4, 1, 2)),  # 48 x4, 42 x2
    ),
    "tied_losers": (
        ((3, 1, 2, 5, 0, 4), (3, 5, 2, 1, 4, 0), (5, 3, 4, 1, 0, 2)),  # 56, 44 x5
        ((5, 1, 2, 3, 0, 4), (4, 3, 0, 1, 5, 2), (3, 2, 4, 5, 0, 1)),  # 52 x3, 42, 39 x2
        ((4, 3, 1, 2, 5, 0), (2, 3, 5, 4, 0, 1), (5, 1, 0, 3, 4, 2)),  # 51 x2, 50, 44, 40 x2
        ((5, 1, 3, 4, 2, 0), (4, 1, 5, 3, 2, 0), (0, 5, 2, 3, 1, 4)),  # 52 x2, 49, 47, 38 x2
        ((2, 5, 4, 1, 3, 0), (0, 1, 2, 3, 4, 5), (0, 5, 4, 1, 2, 3)),  # 72, 50, 40, 38 x3
        ((5, 2, 4, 1, 3, 0), (3, 4, 0, 5, 1, 2), (3, 2, 5, 1, 0, 4)),  # 53, 47, 44 x4
    ),
}

#: Share of matches per style (out of 100), then per script kind inside ``scripted``.
STYLE_SHARES = (("varied", 45), ("crowd", 20), ("scripted", 35))
SCRIPT_KINDS = ("six_tie", "five_winners", "four_winners", "tied_losers", "tied_losers")


def script_totals(script: tuple[tuple[int, ...], ...]) -> list[int]:
    """Total points, by Kong place, that a script gives."""
    m, i, t = script
    return [
        PLACE_POINTS[k] + PLACE_POINTS[m[k]] + PLACE_POINTS[i[k]] + PLACE_POINTS[t[k]]
        for k in range(6)
    ]


def style_key(setup: Setup) -> int:
    """A number 0..2**31 mixed from the tile shuffle: same config, same style."""
    key = 17
    for group in setup.tiles:
        for t in group:
            key = (key * 1_000_003 + (-t)) % 2_147_483_647
    return key


def match_style(setup: Setup) -> str:
    chosen: str | None = setup.memo.get("style")
    if chosen is None:
        k = style_key(setup) % 100
        for style, share in STYLE_SHARES:
            chosen = style
            if k < share:
                break
            k -= share
        setup.memo["style"] = chosen
    assert chosen is not None  # STYLE_SHARES is not empty
    return chosen


def random_vote(candidates: list[str], rng: random.Random) -> Action:
    """Any candidate, uniformly (tied votes happen often with 2+ choosers)."""
    return {"ec": rng.choice(candidates)}


def random_round_action(state: AmalgamationState, player: str, rng: random.Random) -> Action:
    style = match_style(state.setup)
    if style == "scripted":
        action = _scripted(state, player, rng)
    elif style == "crowd":
        action = _crowd(state, player, rng)
    else:
        action = _varied(state, player, rng)
    return _affordable(state, player, action)


def _affordable(state: AmalgamationState, player: str, action: Action) -> Action:
    """``action`` if its spend fits the budget (§3.1 rule 7), else the same buy and role spending $0."""
    buy = action.get("buy_garnets", 0)
    funds = state.balances[player] + buy * state.setup.rate
    bids = action["minus"]["bids"]
    spend = (
        action["kong"]["contribute"]
        + sum(abs(b) for b in bids)
        + action["invest"]["invest"]
        + action["invest"]["donate"]
        + action["thief"]["bet"]
    )
    if spend <= funds:
        return action
    out = _action(0, [0] * TILES_PER_ROUND, 0, 0, 0, action["thief"]["role"])
    if buy:
        out["buy_garnets"] = buy
    return out


def _action(
    contribute: int,
    bids: list[int],
    invest: int,
    donate: int,
    bet: int,
    role: str,
    buy: int | None = None,
) -> Action:
    out: Action = {} if buy is None else {"buy_garnets": buy}
    out.update(
        {
            "kong": {"contribute": contribute},
            "minus": {"bids": bids},
            "invest": {"invest": invest, "donate": donate},
            "thief": {"bet": bet, "role": role},
        }
    )
    return out


# ------------------------------------------------------------------ varied


def _split(total: int, weights: list[float], rng: random.Random) -> list[int]:
    """``total`` split into ``len(weights)`` non-negative parts roughly by weight, summing exactly."""
    w = sum(weights)
    parts = [int(total * x / w) for x in weights]
    rest = total - sum(parts)
    live = [i for i, x in enumerate(weights) if x > 0]
    for _ in range(rest):
        parts[rng.choice(live)] += 1
    return parts


def round_total(funds: int, rounds_left: int, rng: random.Random) -> tuple[int, bool]:
    """How much a varied player spends this round, and whether it is all-in.
    Needs only what the player knows (the ``random`` bot uses it too)."""
    mode = rng.random()
    # all-in now and then, and often in the last round, where money is worth nothing after
    all_in = rng.random() < (0.35 if rounds_left == 1 else 0.04)
    if all_in:
        total = funds
    elif mode < 0.12:
        total = 0
    elif mode < 0.45:
        total = min(funds, rng.choice((1, 1, 2, 3, 5, 10)))
    else:
        total = min(funds, int(funds / rounds_left * rng.uniform(0.3, 2.2)))
    return total, all_in


def _varied(state: AmalgamationState, player: str, rng: random.Random) -> Action:
    balance, held, rate = state.balances[player], state.garnets_held[player], state.setup.rate
    buy = 0
    if held and rng.random() < 0.35:
        buy = held if rng.random() < 0.4 else rng.randint(1, held)
    funds = balance + buy * rate
    total, all_in = round_total(funds, ROUNDS - state.round + 1, rng)
    weights = [rng.random() if rng.random() < 0.75 else 0.0 for _ in range(5)]
    if not any(weights):
        weights[rng.randrange(5)] = 1.0
    contribute, minus_budget, invest, donate, bet = _split(total, weights, rng)
    if not all_in and rng.random() < 0.3:
        # round down to a multiple of 5 now and then: equal amounts make ties
        contribute, invest, donate, bet = (x - x % 5 for x in (contribute, invest, donate, bet))
    magnitudes = _split(
        minus_budget, [rng.random() if rng.random() < 0.7 else 0.0 for _ in range(4)] + [0.01], rng
    )
    rng.shuffle(magnitudes)
    bids = [-m if rng.random() < 0.75 else m for m in magnitudes]
    return _action(
        contribute,
        bids,
        invest,
        donate,
        bet,
        rng.choice(ROLES),
        buy if buy or rng.random() < 0.5 else None,
    )


# ------------------------------------------------------------------ crowd


def _crowd(state: AmalgamationState, player: str, rng: random.Random) -> Action:
    return _action(
        rng.choice((0, 0, 1, 1, 2)),
        [rng.choice((0, 0, -1, -1, 1)) for _ in range(TILES_PER_ROUND)],
        rng.choice((0, 1, 1, 2)),
        rng.choice((0, 0, 1)),
        rng.choice((0, 1, 2, 5)),
        rng.choice(ROLES),
        0 if rng.random() < 0.5 else None,
    )


# ------------------------------------------------------------------ scripted


def _plan(setup: Setup) -> JSONObject:
    """The scripted crowd's plan for this match (computed once per match)."""
    plan: JSONObject | None = setup.memo.get("plan")
    if plan is not None:
        return plan
    prng = random.Random(style_key(setup))
    kind = prng.choice(SCRIPT_KINDS)
    m, i, t = prng.choice(SCRIPTS[kind])
    teams = setup.teams
    # Kong: round r, one player of each team puts in the same amount -> a tie every round, 0-0
    kong_plan = {}
    totals = dict.fromkeys(setup.players, 0)
    for r in range(1, ROUNDS + 1):
        amount = prng.choice((0, 0, 1, 2, 3, 5))
        red, white = prng.choice(teams["red"]), prng.choice(teams["white"])
        kong_plan[r] = {red: amount, white: amount}
        totals[red] += amount
        totals[white] += amount
    winner = setup.team_of[setup.tiebreak[0]]
    k_order = kong.ranking(totals, winner, teams, setup.gt)
    minus_order = [""] * 6
    invest_order = [""] * 6
    thief_order = [""] * 6
    for k, p in enumerate(k_order):
        minus_order[m[k]] = p
        invest_order[i[k]] = p
        thief_order[t[k]] = p
    # Minus: tile -1..-4 to the 2nd..5th, every other tile to the 6th, none to the 1st
    taker = {}
    for group in setup.tiles:
        for tile in group:
            taker[tile] = minus_order[-tile] if tile >= -4 else minus_order[5]
    # Invest (E10's pattern): 1st invests alone in 3 rounds, 2nd in 2, 3rd in 1;
    # the 6th donates $0 alone in round 1, with the 5th in round 2; everybody $0 later
    investor = {
        1: invest_order[0],
        2: invest_order[0],
        3: invest_order[0],
        4: invest_order[1],
        5: invest_order[1],
        6: invest_order[2],
    }
    misers = {1: {invest_order[5]}, 2: {invest_order[5], invest_order[4]}}
    # Thief: one round of five police and a beggar, bets strictly decreasing
    thief_round = prng.randint(1, ROUNDS)
    bets = sorted(prng.sample(range(1, 30), 5), reverse=True)
    thief_bets = {p: bets[n] for n, p in enumerate(thief_order[:5])}
    plan = {
        "kind": kind,
        "kong": kong_plan,
        "taker": taker,
        "investor": investor,
        "misers": misers,
        "thief_round": thief_round,
        "thief_bets": thief_bets,
        "beggar": thief_order[5],
        "rankings": {
            "kong": k_order,
            "minus": minus_order,
            "invest": invest_order,
            "thief": thief_order,
        },
    }
    setup.memo["plan"] = plan
    return plan


def _scripted(state: AmalgamationState, player: str, rng: random.Random) -> Action:
    setup = state.setup
    plan = _plan(setup)
    r = state.round
    tiles = setup.tiles[r - 1]
    contribute = plan["kong"][r].get(player, 0)
    bids = [
        -rng.choice((1, 1, 2)) if plan["taker"][tile] == player else rng.choice((0, 0, 0, 1))
        for tile in tiles
    ]
    invest = rng.randint(1, 4) if plan["investor"].get(r) == player else 0
    donate = 0 if r > 2 or player in plan["misers"][r] else rng.randint(1, 3)
    if r == plan["thief_round"]:
        if player == plan["beggar"]:
            role, bet = "beggar", rng.choice((0, 0, 3))  # the beggar gets nothing: any bet
        else:
            role, bet = "police", plan["thief_bets"][player]
    else:
        role, bet = rng.choice(ROLES), 0
    held = state.garnets_held[player]
    buy = 1 if held and rng.random() < 0.15 else None  # money never changes a ranking here
    return _action(contribute, bids, invest, donate, bet, role, buy)


def _shares(total: int, parts: int, rng: random.Random) -> list[int]:
    """``total`` in ``parts`` random non-negative shares (some of them 0), summing exactly."""
    weights = [rng.random() if rng.random() < 0.75 else 0.0 for _ in range(parts)]
    if not any(weights):
        weights[rng.randrange(parts)] = 1.0
    shares = [int(total * w / sum(weights)) for w in weights]
    live = [i for i, w in enumerate(weights) if w > 0]
    for _ in range(total - sum(shares)):
        shares[rng.choice(live)] += 1
    return shares


def view_random_round(
    request: Mapping[str, Any], rng: random.Random, view: Mapping[str, Any]
) -> Action:
    """The view-only random bot's ``round``: the "varied" play drawn from the
    request alone (balance, garnets held and their rate, the round, the tiles,
    the roles), its total spend within balance plus garnets sold (§3.1 rule 7).
    The match styles of :func:`random_round_action` are chosen from the whole
    tile shuffle, a secret (§3.3, decision D9); a bot cannot share them."""
    held, rate = request["garnets_held"], request["garnet_rate"]
    buy = 0
    if held and rng.random() < 0.35:
        buy = held if rng.random() < 0.4 else rng.randint(1, held)
    funds = min(request["balance"] + buy * rate, request["max_spend"])
    total, _ = round_total(funds, max(1, ROUNDS - request["round"] + 1), rng)
    contribute, minus, invest, donate, bet = _shares(total, 5, rng)
    bids = [-m if rng.random() < 0.75 else m for m in _shares(minus, len(request["tiles"]), rng)]
    action: Action = {"buy_garnets": buy} if buy else {}
    action.update(
        {
            "kong": {"contribute": contribute},
            "minus": {"bids": bids},
            "invest": {"invest": invest, "donate": donate},
            "thief": {"bet": bet, "role": rng.choice(request["roles"])},
        }
    )
    return action
