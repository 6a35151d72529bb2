"""Seat Exchange streak builder (``streak_builder``; the strategy bot before
issue 24, now the fallback of the circle protocol, ``circle.py``):
streak building from what a player can know.

A player knows only their own number. The public record is the seating
after every round (the swaps are announced) and each seating's longest
streak (seat_exchange spec §5). That is enough to reason
about the other numbers: the bot keeps a sample of number assignments that
agree with every longest streak it has seen (its *beliefs*: a uniform prior
conditioned exactly), and values a trade by what it does to the streak the
bot sits in, in those samples. Its own number tells it nothing about the
streaks (shifting every number by the same amount keeps every link), so the
beliefs are those of the public record, computed once per record for every
bot that sees it (``beliefs.py``, ``docs/decisions/performance.md`` PS1).

Each trading round it:

1. updates its beliefs: samples that no longer agree with the new longest
   streak walk towards agreement (swapping two players' numbers), then all
   take a few random-walk steps among the agreeing assignments;
2. scores every swap of two seats by the chance that afterwards the bot sits
   in a streak of 6 or more (a win, §4.3);
3. pays for the best two non-conflicting swaps with at least a 25% chance,
   $250 per unit of chance, and saves the rest: the richest player wins the
   round-limit end (2 Tokens of Life) and the poorest non-winner is the EC;
4. in the last round, if it has spent little, spends a random $1..$25 on
   its best swap or a self-swap: savers who end on the same sum tie for the
   most money, and the tied are the EC candidates while the next-most win.

In a ``choose_ec`` step it names a candidate at random (its vote cannot
change its own result).

Simulation decided the thresholds (``docs/decisions/bots.md`` B20, B21): the
beliefs are well calibrated but thin, and a blind bet does harm beyond its
price: an overlapping bid makes an informed player's streak-building swap
fail (§4.2.3), so matches end less often on a streak, where most Tokens of
Life are won. The bot builds only when the evidence is strong.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from mainmatch.engine.game import Action, JSONObject, Request, View

from .beliefs import SIZE, Beliefs, public_pool
from .tables import (
    LINK,
    LONGEST,
    NEW_SEAT,
    PAIRS,
    RUNLEN,
    TARGET,
    masks_of,
    score_swaps,
    wins_table,
)

__all__ = [
    "LINK",
    "LONGEST",
    "PAIRS",
    "RUNLEN",
    "TARGET",
    "Beliefs",
    "Prices",
    "StreakBuilder",
    "choose_trades",
    "masks_of",
    "score_swaps",
    "seatings_from_view",
    "wins_table",
]


def seatings_from_view(view: View) -> list[tuple[list[str], int | None]]:
    """Every seating of the match so far with its longest streak, oldest first.

    Swaps of a round never share a player (§4.2.3), so undoing a round is
    doing its swaps again. The starting seating's streak is public only before
    round 1 (``longest_streak`` of that view), so it is ``None`` afterwards.
    """
    seats = list(view["seats"])
    out: list[tuple[list[str], int | None]] = []
    history = view["history"]
    for entry in reversed(history):
        out.append((list(seats), entry["longest_streak"]))
        where = {p: i for i, p in enumerate(seats)}
        for swap in entry["swaps"]:
            a, b = swap["players"]
            if a != b:
                seats[where[a]], seats[where[b]] = b, a
    out.append((seats, view["longest_streak"] if not history else None))
    out.reverse()
    return out


@dataclass(frozen=True)
class Prices:
    """How the bot turns chances into dollars (chosen by simulation,
    ``docs/decisions/bots.md`` B20)."""

    #: dollars per unit of chance that a swap wins now (P(win) = 0.4: $100)
    win: float = 250
    #: the least chance of winning worth paying for
    min_win: float = 0.25
    #: the least bid: a $1-$4 bid rarely beats anyone's
    floor: int = 5
    #: most trades paid for in one round
    trades: int = 2
    #: last round: spend a random $1..jitter if less was spent (§4.3 ties)
    jitter: int = 25


def choose_trades(
    win: np.ndarray,
    seats: list[str],
    me: str,
    money: int,
    last: bool,
    rng: random.Random,
    prices: Prices = Prices(),
) -> list[JSONObject]:
    """The trades to pay for, from each seat swap's chance to win
    (``score_swaps``): the likeliest first, no two sharing a player (they
    would block each other, §4.2.3), each priced by its chance."""
    trades: list[JSONObject] = []
    used: set[str] = set()
    spent = 0
    for c in np.argsort(-win, kind="stable"):
        w = float(win[c])
        if w < prices.min_win:
            break
        i, j = PAIRS[c]
        a, b = seats[i], seats[j]
        if a in used or b in used:
            continue
        amount = min(money - spent, max(prices.floor, round(w * prices.win)))
        if amount < 1:
            break
        trades.append({"players": [a, b], "amount": amount})
        used |= {a, b}
        spent += amount
        if len(trades) >= prices.trades:
            break
    if last and prices.jitter and spent < prices.jitter and money > spent:
        # §4.3: players tied for the most money are the EC candidates and the
        # next-most win, so a saver must not end on the same sum as other savers
        extra = min(money - spent, rng.randint(1, prices.jitter))
        if trades:
            trades[0]["amount"] += extra
        else:
            trades.append({"players": [me, me], "amount": extra})
    return trades


class StreakBuilder:
    """The former Seat Exchange strategy bot (see module doc), now
    ``streak_builder`` and the fallback of :class:`~.circle.CircleBot`.
    One instance plays one seat of one match."""

    name = "streak_builder"
    #: it changes neither its view nor its request and returns fresh values only (PD2)
    reads_only = True

    def __init__(self, prices: Prices = Prices(), samples: int = SIZE) -> None:
        self.prices = prices
        self.size = samples
        #: the starting seating and its longest streak, seen before round 1
        #: (later views no longer show that streak)
        self.start: tuple[list[str], int] | None = None
        self.drew = False

    def act(self, view: View, request: Request, rng: random.Random) -> Action:
        if request["kind"] == "choose_ec":
            # the vote cannot change the voter's own result
            return {"ec": rng.choice(request["candidates"])}
        return self.trades(view, request, rng)

    def trades(self, view: View, request: Request, rng: random.Random) -> Action:
        me = view["you"]["player"]
        seats = view["seats"]
        if not self.drew:
            # the draw that seeded this bot's own beliefs before they were shared
            # (PS1): kept, so that every other draw of a table's shared generator,
            # and every decision that does not hinge on the beliefs, stays as it was
            rng.getrandbits(64)
            self.drew = True
        seatings = seatings_from_view(view)
        if seatings[0][1] is not None:
            self.start = (seatings[0][0], seatings[0][1])
        elif self.start is not None and self.start[0] == seatings[0][0]:
            seatings[0] = (seatings[0][0], self.start[1])
        record = tuple((tuple(s), L) for s, L in seatings)
        pool = public_pool((tuple(view["players"]), self.size, *record))
        target = view.get("variant", {}).get("streak", TARGET)  # a rule variant's target
        counts = pool.win_counts(target)
        win = counts[_COLUMNS, NEW_SEAT[seats.index(me)]] / self.size
        last = view["round"] == view["rounds"]
        trades = choose_trades(win, seats, me, request["money"], last, rng, self.prices)
        return {"trades": trades} if trades else {}


_COLUMNS = np.arange(len(PAIRS))
