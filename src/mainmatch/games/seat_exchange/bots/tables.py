"""Streak tables of the Seat Exchange strategy bot (seat_exchange spec §4.1).

A seating's streaks depend only on which of its 13 edges are linked: edge i
joins seats i and i+1 (mod 13). With the 13 link bits as a mask, the run
through every seat is a table lookup; a swap of seats i and j changes only
edges i-1, i, j-1 and j, so each swap's mask is the current one with at most
4 bits recomputed.
"""

from __future__ import annotations

import numpy as np

N = 13
TARGET = 6  # seat_exchange spec §4.3: a streak of 6 or more ends play

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
#: EDGE_LINK[256 e + 16 a + b]: edge e's bit when numbers a and b sit at its ends
EDGE_LINK = (LINK16.reshape(1, 256) << np.arange(N)[:, None]).reshape(-1)


def masks_of(nums_by_seat: np.ndarray) -> np.ndarray:
    """Link masks of seatings given as numbers by seat (last axis = seats)."""
    masks: np.ndarray = LINK16[nums_by_seat * 16 + nums_by_seat[..., NEXT]] @ POW2
    return masks


#: every unordered pair of seats
PAIRS = [(i, j) for i in range(N) for j in range(i + 1, N)]


def _changed_edges() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For each swap (``PAIRS``): the (at most 4) edges it can change, each as
    the seats its two ends held before the swap, and the mask of the others.

    Unused entries point at seat ``N``, a padding seat that links to nothing.
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
#: NEW_SEAT[m, c]: where the player in seat m sits after swap ``PAIRS[c]``
NEW_SEAT = np.array(
    [np.where(_PI == m, _PJ, np.where(_PJ == m, _PI, m)) for m in range(N)], dtype=np.int64
)
#: WINS[mask * N + s]: the run through seat s of seating ``mask`` is a win (§4.3)
WINS = (RUNLEN >= TARGET).reshape(-1)
#: the same table for a rule variant's streak target (built on first use)
_WINS_BY_TARGET: dict[int, np.ndarray] = {TARGET: WINS}
#: target -> WIN_SEATS[mask]: the seats whose run is a win, as bits (uint16)
_WIN_SEATS: dict[int, np.ndarray] = {}


def wins_table(target: int) -> np.ndarray:
    """``WINS`` for streak target ``target`` (6, or a rule variant's)."""
    table = _WINS_BY_TARGET.get(target)
    if table is None:
        table = _WINS_BY_TARGET[target] = (RUNLEN >= target).reshape(-1)
    return table


def win_seats(target: int) -> np.ndarray:
    """``[mask]``: the seats of seating ``mask`` in a run of ``target`` or more, as bits."""
    table = _WIN_SEATS.get(target)
    if table is None:
        table = _WIN_SEATS[target] = ((RUNLEN >= target) @ POW2).astype(np.uint16)
    return table


def swap_masks(nums: np.ndarray) -> np.ndarray:
    """``(pairs, samples)``: each swap's link mask, from the numbers by seat
    ``nums`` (seats along the first axis, then a padding row of zeros)."""
    base = POW2 @ LINK16[nums[:N] * 16 + nums[NEXT]]  # (samples,)
    bits = _EDGE_BIT[_EDGE_BASE_T + nums[_LEFT_T] * (N + 2) + nums[_RIGHT_T]]  # (4, pairs, samples)
    masks: np.ndarray = (base & _KEEP[:, None]) | bits[0] | bits[1] | bits[2] | bits[3]
    return masks


def score_swaps(
    samples: np.ndarray, seat_pl: np.ndarray, me: int, target: int = TARGET
) -> np.ndarray:
    """For each swap of two seats (``PAIRS``): the chance, over ``samples``
    (numbers by player), that afterwards player ``me`` sits in a streak of
    ``target`` (6, or a variant's) or more."""
    # seats along the first axis: gathering seats copies whole rows of samples
    nums = np.zeros((N + 1, len(samples)), dtype=np.int64)
    nums[:N] = samples[:, seat_pl].T  # numbers by seat, then the padding seat
    masks = swap_masks(nums)
    m = int(np.flatnonzero(seat_pl == me)[0])
    chances: np.ndarray = wins_table(target)[masks * N + NEW_SEAT[m][:, None]].mean(axis=1)
    return chances


#: row of ``links`` (seat x * 15 + seat y) read by each changed edge of each swap
_ROWS = (_LEFT * (N + 2) + _RIGHT).T.copy()  # (4, pairs)
_SHIFT = _EDGE.T[:, :, None].astype(np.uint16)  # (4, pairs, 1)
_KEEP16 = _KEEP.astype(np.uint16)[:, None]
_POW2_16 = POW2.astype(np.uint16)
#: SUCC[n], PRED[n]: the numbers after and before n on the wrapping circle
SUCC = np.array([0] + [n % N + 1 for n in range(1, N + 1)])
PRED = np.array([0] + [(n - 2) % N + 1 for n in range(1, N + 1)])
_SEAT_ROW = np.arange(N)[:, None] * (N + 2)


def swap_win_counts(by_seat: np.ndarray, target: int = TARGET) -> np.ndarray:
    """``(pairs, seats)``: for each swap and each seat m, in how many samples the
    player in seat m sits in a streak of ``target`` or more after the swap
    (``by_seat``: numbers by seat, seats along the first axis). Every player's
    ``score_swaps`` at once: ``score_swaps(...)[c] == counts[c, NEW_SEAT[m, c]] / samples``.

    Each seat links to the two seats holding its number's neighbours, so the
    table ``links[x * 15 + y]`` (seats x and y are linked, per sample; row
    padding seats link to nothing) is two scatters; a swap's changed edges are
    then rows of it.
    """
    k = by_seat.shape[1]
    cols = np.arange(k)
    seat_of = np.empty((N + 1, k), dtype=np.int64)
    seat_of[by_seat, cols] = np.arange(N)[:, None]  # the seat holding each number
    links = np.zeros(((N + 2) * (N + 2), k), dtype=np.uint16)
    links[_SEAT_ROW + seat_of[SUCC[by_seat], cols], cols] = 1
    links[_SEAT_ROW + seat_of[PRED[by_seat], cols], cols] = 1
    base = _POW2_16 @ links[_SEAT_ROW[:, 0] + NEXT]  # (samples,): the current masks
    bits = links[_ROWS] << _SHIFT  # (4, pairs, samples)
    masks = (base & _KEEP16) | bits[0] | bits[1] | bits[2] | bits[3]
    won = win_seats(target)[masks].reshape(-1)  # seats in a winning run, as bits
    hit = np.flatnonzero(won)  # few: most swaps make no streak of 6
    counts = np.zeros((len(PAIRS), 16), dtype=np.int64)
    if len(hit):
        seat_bits = np.unpackbits(
            won[hit].astype("<u2").view(np.uint8).reshape(-1, 2), axis=1, bitorder="little"
        )
        rows = hit // k  # sorted: each swap's hits are one block
        starts = np.flatnonzero(np.diff(rows, prepend=-1))
        counts[rows[starts]] = np.add.reduceat(seat_bits.astype(np.int64), starts, axis=0)
    return counts[:, :N]
