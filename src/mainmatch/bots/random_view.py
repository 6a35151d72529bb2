"""Random bots that decide from their own view and request only.

The engine's ``Game.random_action`` is the generator of random *records*
(ENGINE.md convention 6): it may read the state to reach rare branches
(Seat Exchange's streak builder reads the true numbers, decision S5). A bot
must not: in a hosted match or a simulation the ``random`` bot is a seat
like any other and sees only what its player sees (issue #18, finding 10).
Where a game's ``random_action`` reads a secret, its ``random`` bot is
defined here from the request alone.
"""

from __future__ import annotations

import random

from mainmatch.games.amalgamation.constants import ROUNDS
from mainmatch.games.amalgamation.random_play import round_total

#: trade amounts, ties common (as Seat Exchange's random_action draws them)
_AMOUNTS = (1, 1, 2, 3, 5, 5, 10, 10, 20, 25, 50)


class SeatExchangeRandomBot:
    """Seat Exchange's ``random`` bot: a pass a quarter of the time, else one
    to three trades between random pairs (some self-swaps), amounts from a
    small set or all-in, garnets converted now and then; all from the request
    (``money``, ``garnets``, ``players``), never the numbers (seat_exchange.md §3)."""

    name = "random"
    #: it changes neither its view nor its request and returns fresh values only (PD2)
    reads_only = True

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        if request["kind"] == "choose_ec":
            return {"ec": rng.choice(request["candidates"])}
        rand = rng.random
        r = rand()
        if r < 0.25:  # a pass, in its several legal spellings
            return {} if r < 0.1 else {"trades": []} if r < 0.18 else {"garnets": 0, "trades": []}
        me = view["you"]["player"]
        held = request["garnets"]
        spend = 0
        if held and rand() < 0.4:
            spend = held if rand() < 0.5 else 1 + int(rand() * held)
        left = request["money"] + spend
        action: dict = {"garnets": spend} if spend else {}
        trades: list[dict] = []
        used: set[frozenset] = set()
        players = list(request["players"])
        n = len(players)
        u = rand()
        for _ in range(1 if u < 0.5 else 2 if u < 0.85 else 3):
            if left <= 0:
                break
            u = rand()
            if u < 0.2:
                x = me if u < 0.1 else players[int(rand() * n)]
                pair = (x, x)
            else:
                i = int(rand() * n)
                j = (i + 1 + int(rand() * (n - 1))) % n
                pair = (players[i], players[j])
            key = frozenset(pair)
            if key in used:
                continue
            used.add(key)
            amount = left if rand() < 0.1 else min(left, _AMOUNTS[int(rand() * len(_AMOUNTS))])
            trades.append({"players": list(pair), "amount": amount})
            left -= amount
        if trades or not action:
            action["trades"] = trades
        return action


def _split(total: int, parts: int, rng: random.Random) -> list[int]:
    """``total`` in ``parts`` random non-negative shares (some of them 0), summing exactly."""
    weights = [rng.random() if rng.random() < 0.75 else 0.0 for _ in range(parts)]
    if not any(weights):
        weights[rng.randrange(parts)] = 1.0
    shares = [int(total * w / sum(weights)) for w in weights]
    live = [i for i, w in enumerate(weights) if w > 0]
    for _ in range(total - sum(shares)):
        shares[rng.choice(live)] += 1
    return shares


class AmalgamationRandomBot:
    """The Amalgamation's ``random`` bot: the engine's "varied" play drawn from
    the request alone (balance, garnets held and their rate, the round, the
    tiles, the roles). The engine's ``random_action`` also has styles shared by
    the six players, chosen from the whole tile shuffle, a secret
    (amalgamation.md §3.3, decision D9); a bot cannot share them."""

    name = "random"
    #: it changes neither its view nor its request and returns fresh values only (PD2)
    reads_only = True

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        if request["kind"] == "choose_ec":
            return {"ec": rng.choice(request["candidates"])}
        held, rate = request["garnets_held"], request["garnet_rate"]
        buy = 0
        if held and rng.random() < 0.35:
            buy = held if rng.random() < 0.4 else rng.randint(1, held)
        funds = min(request["balance"] + buy * rate, request["max_spend"])
        total, _ = round_total(funds, max(1, ROUNDS - request["round"] + 1), rng)
        contribute, minus, invest, donate, bet = _split(total, 5, rng)
        bids = [-m if rng.random() < 0.75 else m for m in _split(minus, len(request["tiles"]), rng)]
        action: dict = {"buy_garnets": buy} if buy else {}
        action.update(
            {
                "kong": {"contribute": contribute},
                "minus": {"bids": bids},
                "invest": {"invest": invest, "donate": donate},
                "thief": {"bet": bet, "role": rng.choice(request["roles"])},
            }
        )
        return action


class MvpRandomBot:
    """The MVP's ``random`` bot: passes, small bids (ties), one chip on every
    biddable card, one large or an all-in bid, and purchases among the
    request's targets within the garnets held. The engine's ``random_action``
    reads the covered layout (which card a location purchase names, quiet
    rounds); this bot never does (mvp.md §3.1)."""

    name = "random"
    #: it changes neither its view nor its request and returns fresh values only (PD2)
    reads_only = True

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        if request["kind"] == "choose_ec":
            return {"ec": rng.choice(request["candidates"])}
        chips, biddable = request["chips"], list(request["biddable"])
        action: dict = {}
        u = rng.random()
        bids: dict[str, int] = {}
        if chips and biddable and u >= 0.15:
            if u < 0.55:
                for x in rng.sample(biddable, min(len(biddable), rng.choice((1, 1, 2, 3)))):
                    amount = min(rng.choice((1, 2, 3)), chips - sum(bids.values()))
                    if amount >= 1:
                        bids[x] = amount
            elif u < 0.65:
                bids = {x: 1 for x in biddable[:chips]}
            elif u < 0.9:
                bids = {rng.choice(biddable): rng.randint((chips + 1) // 2, chips)}
            else:
                bids = {rng.choice(biddable): chips}
        if bids or rng.random() < 0.15:
            action["bids"] = bids
        left = request["garnets"]
        if left and rng.random() < 0.4:
            costs = request["costs"]
            ids, places = request["identity_targets"], request["location_targets"]
            n = min(left // costs["identity"], len(ids), rng.choice((0, 1, 2)))
            if n:
                action["buy_identity"] = rng.sample(ids, n)
                left -= n * costs["identity"]
            n = min(left // costs["location"], len(places), rng.choice((0, 1)))
            if n:
                action["buy_location"] = rng.sample(places, n)
                left -= n * costs["location"]
            if rng.random() < 0.5:
                action["buy_chips"] = rng.randint(0, left // costs["chip"])
        return action


#: game id -> its view-only random bot, where the engine's random_action reads secrets
#: (Homeostasis and Second to Won draw from the request and public facts only)
VIEW_RANDOM: dict[str, type] = {
    "seat_exchange": SeatExchangeRandomBot,
    "amalgamation": AmalgamationRandomBot,
    "mvp": MvpRandomBot,
}
