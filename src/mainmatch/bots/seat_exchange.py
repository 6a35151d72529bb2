"""Seat Exchange strategy bot: streak building from what a player can know.

A player knows only their own number. The public record is the seating
after every round (the swaps are announced) and each seating's longest
streak (``shared/rules/seat_exchange.md`` §5). That is enough to reason
about the other numbers: the bot keeps a sample of number assignments that
agree with its own number and with every longest streak it has seen (its
*beliefs*: a uniform prior conditioned exactly), and values a trade by what
it does to the streak the bot sits in, in those samples.

Each trading round it:

1. updates its beliefs: samples that no longer agree with the new longest
   streak walk towards agreement (swapping two other players' numbers), then
   all take a few random-walk steps among the agreeing assignments;
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

Simulation decided the thresholds (``docs/decisions.md`` B20, B21): the
beliefs are well calibrated but thin, and a blind bet does harm beyond its
price: an overlapping bid makes an informed player's streak-building swap
fail (§4.2.3), so matches end less often on a streak, where most Tokens of
Life are won. The bot builds only when the evidence is strong.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from .base import register

N = 13
TARGET = 6  # seat_exchange.md §4.3: a streak of 6 or more ends play

# ----------------------------------------------------------------------------- streak tables
# A seating's streaks depend only on which of its 13 edges are linked (§4.1):
# edge i joins seats i and i+1 (mod 13). With the 13 link bits as a mask, the
# run through every seat is a table lookup.

#: LINK[a, b]: numbers a and b (1..13) are consecutive on the wrapping circle
LINK = np.zeros((N + 1, N + 1), dtype=np.int64)
for _a in range(1, N + 1):
    for _b in range(1, N + 1):
        LINK[_a, _b] = (_a - _b) % N in (1, N - 1)


def _run_tables() -> tuple[np.ndarray, np.ndarray]:
    masks = np.arange(1 << N)
    bits = (masks[:, None] >> np.arange(N)) & 1  # (8192, 13): edge i linked
    runlen = np.empty((1 << N, N), dtype=np.int64)
    for s in range(N):
        right = np.cumprod(bits[:, [(s + j) % N for j in range(N)]], axis=1).sum(
            axis=1
        )  # edges s, s+1, ...
        left = np.cumprod(bits[:, [(s - 1 - j) % N for j in range(N)]], axis=1).sum(
            axis=1
        )  # edges s-1, s-2, ...
        runlen[:, s] = np.minimum(1 + right + left, N)
    return runlen, runlen.max(axis=1)


#: RUNLEN[mask, s]: length of the run through seat s; LONGEST[mask]: the longest run
RUNLEN, LONGEST = _run_tables()


#: the seat after each seat (edge i joins seats i and NEXT[i])
NEXT = np.roll(np.arange(N), -1)
#: LINK16[16 a + b] = LINK[a, b] (flat, for one gather)
LINK16 = np.zeros(16 * 16, dtype=np.int64)
LINK16.reshape(16, 16)[: N + 1, : N + 1] = LINK
POW2 = (1 << np.arange(N)).astype(np.int64)


def masks_of(nums_by_seat: np.ndarray) -> np.ndarray:
    """Link masks of seatings given as numbers by seat (last axis = seats)."""
    return LINK16[nums_by_seat * 16 + nums_by_seat[..., NEXT]] @ POW2


def seatings_from_view(view: dict) -> list[tuple[list[str], int | None]]:
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


class Beliefs:
    """Samples of the other players' numbers that agree with every observed
    longest streak (a uniform prior over assignments, conditioned exactly)."""

    def __init__(
        self, players: list[str], me: str, number: int, rng: np.random.Generator, size: int = 200
    ):
        self.players = players
        self.index = {p: i for i, p in enumerate(players)}
        self.me = self.index[me]
        self.number = number
        self.rng = rng
        self.size = size
        self.others = np.array([i for i in range(N) if i != self.me])
        self.rest = np.array([k for k in range(1, N + 1) if k != number])
        #: observations: (seat -> player index array, longest streak)
        self.observed: list[tuple[np.ndarray, int]] = []
        self.samples = np.empty((0, N), dtype=np.int64)
        self._stack_of: list[tuple[np.ndarray, int]] | None = None
        self._stack: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] = (
            np.empty((0, N), dtype=np.int64),
            np.empty((0, N), dtype=np.int64),
            np.empty((0, 1 << N), dtype=np.int64),
            np.empty((0, 1), dtype=np.int64),
        )

    def seat_array(self, seats: list[str]) -> np.ndarray:
        return np.array([self.index[p] for p in seats])

    # The walk keeps its samples player-major, ``(players, samples)``: taking
    # the players at an observation's seats then copies whole rows.

    def _mismatch(
        self, by_player: np.ndarray, observed: list[tuple[np.ndarray, int]]
    ) -> np.ndarray:
        """How far each sample (a column of ``by_player``) is from agreeing: the
        sum over observations of |its longest streak - the observed one| (0 = agrees)."""
        if not observed:
            return np.zeros(by_player.shape[1], dtype=np.int64)
        left, right, far, obs = self._stacked(observed)
        # every observation at once: (observations, edges, samples)
        masks = POW2 @ LINK16[by_player[left] * 16 + by_player[right]]
        return far[obs, masks].sum(axis=0)

    def _stacked(
        self, observed: list[tuple[np.ndarray, int]]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The observations as arrays, kept while they do not change: the
        player at each edge's two ends, ``far[o, mask]``: how far a seating's
        longest streak is from observation ``o``'s, and the observations' rows."""
        if self._stack_of is not observed:
            seat_pls = np.stack([seat_pl for seat_pl, _ in observed])
            longest = np.array([longest for _, longest in observed], dtype=np.int64)
            far = np.abs(LONGEST[None, :] - longest[:, None])
            self._stack = (seat_pls, seat_pls[:, NEXT], far, np.arange(len(observed))[:, None])
            self._stack_of = observed
        return self._stack

    def _draw(self, count: int) -> np.ndarray:
        out = np.empty((count, N), dtype=np.int64)
        out[:, self.others] = self.rng.permuted(np.tile(self.rest, (count, 1)), axis=1)
        out[:, self.me] = self.number
        return out

    def _moves(
        self, by_player: np.ndarray, energy: np.ndarray, sweeps: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """Swap the numbers of two other players in each sample, keeping the swap
        when it does not take the sample further from agreeing. On agreeing
        samples this is a Metropolis walk that keeps them uniform over the
        agreeing assignments; on the others, a descent towards agreement."""
        k = by_player.shape[1]
        cols = np.arange(k)
        for _ in range(sweeps):
            i = self.others[self.rng.integers(0, N - 1, size=k)]
            j = self.others[self.rng.integers(0, N - 1, size=k)]
            moved = by_player.copy()
            moved[i, cols], moved[j, cols] = by_player[j, cols], by_player[i, cols]
            moved_energy = self._mismatch(moved, self.observed)
            ok = moved_energy <= energy
            by_player = np.where(ok, moved, by_player)
            energy = np.where(ok, moved_energy, energy)
        return by_player, energy

    def observe(
        self, seatings: list[tuple[list[str], int | None]], sweeps: int = 4, repairs: int = 30
    ) -> None:
        """Bring the samples up to date with ``seatings``: samples that no longer
        agree walk towards agreement (at most ``repairs`` sweeps) or are dropped;
        then every sample moves ``sweeps`` times among the agreeing ones."""
        self.observed = [(self.seat_array(s), L) for s, L in seatings if L is not None]
        samples = self.samples if len(self.samples) else self._draw(self.size)
        by_player = np.ascontiguousarray(samples.T)
        energy = self._mismatch(by_player, self.observed)
        for _ in range(repairs // 5):
            if not energy.any():
                break
            by_player, energy = self._moves(by_player, energy, 5)
        keep = energy == 0
        if not keep.any():  # observations too rare to reach: keep the closest
            keep = energy == energy.min()
        good, energy = by_player[:, keep], energy[keep]
        if good.shape[1] < self.size:
            pick = self.rng.integers(0, good.shape[1], size=self.size)
            good, energy = good[:, pick], energy[pick]
        by_player, _ = self._moves(good, energy, sweeps)
        self.samples = np.ascontiguousarray(by_player.T)


#: every unordered pair of seats
PAIRS = [(i, j) for i in range(N) for j in range(i + 1, N)]


def _changed_edges() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For each swap (``PAIRS``): the (at most 4) edges it can change, each as
    the seats its two ends held before the swap, and the mask of the others.

    Swapping seats i and j changes only edges i-1, i, j-1 and j; unused
    entries point at seat ``N``, a padding seat that links to nothing.
    """
    left = np.full((len(PAIRS), 4), N)
    right = np.full((len(PAIRS), 4), N)
    edge = np.zeros((len(PAIRS), 4), dtype=np.int64)
    keep = np.full(len(PAIRS), (1 << N) - 1, dtype=np.int64)
    for c, (i, j) in enumerate(PAIRS):
        source = {i: j, j: i}
        for k, e in enumerate(sorted({(i - 1) % N, i, (j - 1) % N, j})):
            left[c, k] = source.get(e, e)
            right[c, k] = source.get((e + 1) % N, (e + 1) % N)
            edge[c, k] = e
            keep[c] &= ~(1 << e)
    return left, right, edge, keep


_LEFT, _RIGHT, _EDGE, _KEEP = _changed_edges()
#: _EDGE_BIT[e, a, b]: the bit of edge e when numbers a and b (0 = padding) sit at its ends
_EDGE_BITS = np.zeros((N, N + 2, N + 2), dtype=np.int64)
_EDGE_BITS[:, 1 : N + 1, 1 : N + 1] = LINK[None, 1:, 1:] << np.arange(N)[:, None, None]
_EDGE_BIT = _EDGE_BITS.reshape(-1)
#: flat index of edge e's slice of ``_EDGE_BIT``
_EDGE_BASE = _EDGE * (N + 2) * (N + 2)
_LEFT_T, _RIGHT_T = _LEFT.T.copy(), _RIGHT.T.copy()
_EDGE_BASE_T = _EDGE_BASE.T[:, :, None].copy()
_PI = np.array([i for i, _ in PAIRS])
_PJ = np.array([j for _, j in PAIRS])
#: WINS[mask * N + s]: the run through seat s of seating ``mask`` is a win (§4.3)
WINS = (RUNLEN >= TARGET).reshape(-1)
#: the same table for a rule variant's streak target (built on first use)
_WINS_BY_TARGET: dict[int, np.ndarray] = {TARGET: WINS}


def wins_table(target: int) -> np.ndarray:
    """``WINS`` for streak target ``target`` (6, or a rule variant's)."""
    table = _WINS_BY_TARGET.get(target)
    if table is None:
        table = _WINS_BY_TARGET[target] = (RUNLEN >= target).reshape(-1)
    return table


def score_swaps(
    samples: np.ndarray, seat_pl: np.ndarray, me: int, target: int = TARGET
) -> np.ndarray:
    """For each swap of two seats (``PAIRS``): the chance, over ``samples``,
    that afterwards the bot sits in a streak of ``target`` (6, or a variant's) or more.

    Only the edges next to the two swapped seats change, so each swap's mask
    is the current one with those (at most 4) bits recomputed.
    """
    # seats along the first axis: gathering seats copies whole rows of samples
    nums = np.zeros((N + 1, len(samples)), dtype=np.int64)
    nums[:N] = samples[:, seat_pl].T  # numbers by seat, then the padding seat
    base = masks_of(samples[:, seat_pl])  # (samples,)
    bits = _EDGE_BIT[_EDGE_BASE_T + nums[_LEFT_T] * (N + 2) + nums[_RIGHT_T]]  # (4, pairs, samples)
    masks = (base & _KEEP[:, None]) | bits[0] | bits[1] | bits[2] | bits[3]  # (pairs, samples)
    m = int(np.flatnonzero(seat_pl == me)[0])
    my_seat = np.where(_PI == m, _PJ, np.where(_PJ == m, _PI, m))  # (pairs,)
    return wins_table(target)[masks * N + my_seat[:, None]].mean(axis=1)


@dataclass(frozen=True)
class Prices:
    """How the bot turns chances into dollars (chosen by simulation,
    ``docs/decisions.md`` B20)."""

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
) -> list[dict]:
    """The trades to pay for, from each seat swap's chance to win
    (``score_swaps``): the likeliest first, no two sharing a player (they
    would block each other, §4.2.3), each priced by its chance."""
    trades: list[dict] = []
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
    """The Seat Exchange strategy bot (see module doc)."""

    name = "strategy"

    def __init__(self, prices: Prices = Prices(), samples: int = 200) -> None:
        self.prices = prices
        self.size = samples
        self.beliefs: Beliefs | None = None
        #: the starting seating and its longest streak, seen before round 1
        #: (later views no longer show that streak)
        self.start: tuple[list[str], int] | None = None

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        if request["kind"] == "choose_ec":
            # the vote cannot change the voter's own result
            return {"ec": rng.choice(request["candidates"])}
        return self.trades(view, request, rng)

    def trades(self, view: dict, request: dict, rng: random.Random) -> dict:
        me = view["you"]["player"]
        players = view["players"]
        seatings = seatings_from_view(view)
        if seatings[0][1] is not None:
            self.start = (seatings[0][0], seatings[0][1])
        elif self.start is not None and self.start[0] == seatings[0][0]:
            seatings[0] = (seatings[0][0], self.start[1])
        beliefs = self.beliefs
        if beliefs is None or beliefs.players != players or beliefs.me != players.index(me):
            beliefs = self.beliefs = Beliefs(
                list(players),
                me,
                view["you"]["number"],
                np.random.default_rng(rng.getrandbits(64)),
                self.size,
            )
        beliefs.observe(seatings)
        target = view.get("variant", {}).get("streak", TARGET)  # a rule variant's target
        win = score_swaps(beliefs.samples, beliefs.seat_array(view["seats"]), beliefs.me, target)
        last = view["round"] == view["rounds"]
        trades = choose_trades(win, view["seats"], me, request["money"], last, rng, self.prices)
        return {"trades": trades} if trades else {}


register("seat_exchange", "strategy", StreakBuilder)
