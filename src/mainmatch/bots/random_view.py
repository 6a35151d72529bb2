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

#: trade amounts, ties common (as Seat Exchange's random_action draws them)
_AMOUNTS = (1, 1, 2, 3, 5, 5, 10, 10, 20, 25, 50)


class SeatExchangeRandomBot:
    """Seat Exchange's ``random`` bot: a pass a quarter of the time, else one
    to three trades between random pairs (some self-swaps), amounts from a
    small set or all-in, garnets converted now and then; all from the request
    (``money``, ``garnets``, ``players``), never the numbers (seat_exchange.md §3)."""

    name = "random"

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


#: game id -> its view-only random bot, where the engine's random_action reads secrets
VIEW_RANDOM = {"seat_exchange": SeatExchangeRandomBot}
