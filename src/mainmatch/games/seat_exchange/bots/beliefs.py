"""What the public record of a Seat Exchange match says about the numbers.

The public record is every seating and its longest streak
(seat_exchange spec §5). A pool is a sample of number
assignments (numbers by player) that agree with all of it: a uniform prior
conditioned exactly, drawn exactly for the starting seating (rejection
sampling) and then kept up to date by a walk (PS2, PS4).

**Why one pool serves every player.** Whether two numbers are consecutive on
the wrapping circle (§4.1) does not change when every number is shifted by
the same amount mod 13. Shifting is a one-to-one map between the assignments
that agree with the record and give a player number k and those that give
them number k': so the links of the seatings, and every streak, are
distributed alike whatever number the player holds. A player's own number
tells them nothing about the streaks; the beliefs of each player are the
public ones (shifted so that their own number is theirs, :class:`Beliefs`).
The pool of a record is therefore computed once and shared by every bot that
sees that record (:func:`public_pool`, cached on the record alone, its
randomness drawn from a hash of the record, so its value depends only on
what every view shows, ``docs/decisions/performance.md`` SP4, PS1).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

import numpy as np

from .tables import EDGE_LINK, LONGEST, NEXT, N, masks_of, swap_win_counts

#: an observation: the players by seat and the longest streak (``None``: not shown)
Observation = tuple[tuple[str, ...], int | None]
#: samples per pool
SIZE = 200
#: repair sweeps at most, in batches of 5; then walk sweeps among agreeing samples
REPAIRS = 30
SWEEPS = 4
#: with at least 1 / ENOUGH of the samples agreeing, none is repaired
ENOUGH = 4
_EDGE_OFFSET = (np.arange(N) * 256)[:, None]
_ALL = np.arange(N)


class Walk:
    """Samples (player-major, ``(players, samples)``: gathering the players at
    an observation's seats copies whole rows) and the observations they must
    agree with."""

    def __init__(self, observed: list[tuple[np.ndarray, int]], movable: np.ndarray) -> None:
        #: players whose numbers a move may swap (all, or all but the viewer)
        self.movable = movable
        if observed:
            seat_pls = np.stack([seat_pl for seat_pl, _ in observed])
            longest = np.array([longest for _, longest in observed], dtype=np.int64)
            count = len(observed)
            self.left = seat_pls.reshape(-1)
            self.right = seat_pls[:, NEXT].reshape(-1)
            self.offset = np.tile(_EDGE_OFFSET, (count, 1))
            #: far[o * 8192 + mask]: how far a seating's longest streak is from observation o's
            self.far = np.abs(LONGEST[None, :] - longest[:, None]).reshape(-1)
            self.rows = (np.arange(count) << N)[:, None]
        self.count = len(observed)

    def mismatch(self, by_player: np.ndarray) -> np.ndarray:
        """How far each sample (a column) is from agreeing: the sum over the
        observations of |its longest streak - the observed one| (0 = agrees)."""
        if not self.count:
            return np.zeros(by_player.shape[1], dtype=np.int64)
        bits = EDGE_LINK[self.offset + (by_player[self.left] << 4) + by_player[self.right]]
        masks = bits.reshape(self.count, N, -1).sum(axis=1)  # distinct bits: sum = or
        far: np.ndarray = self.far[self.rows + masks].sum(axis=0)
        return far

    def moves(
        self, by_player: np.ndarray, energy: np.ndarray, sweeps: int, rng: np.random.Generator
    ) -> tuple[np.ndarray, np.ndarray]:
        """Swap the numbers of two movable players in each sample, keeping the
        swap when it does not take the sample further from agreeing. On
        agreeing samples this is a Metropolis walk that keeps them uniform over
        the agreeing assignments; on the others, a descent towards agreement."""
        k = by_player.shape[1]
        cols = np.arange(k)
        picks = self.movable[rng.integers(0, len(self.movable), size=(sweeps, 2, k))] * k + cols
        for i, j in picks:
            flat = by_player.reshape(-1)
            moved = by_player.copy()
            out = moved.reshape(-1)
            out[i], out[j] = flat[j], flat[i]
            moved_energy = self.mismatch(moved)
            ok = moved_energy <= energy
            by_player = np.where(ok, moved, by_player)
            energy = np.where(ok, moved_energy, energy)
        return by_player, energy

    def advance(self, by_player: np.ndarray, rng: np.random.Generator, size: int) -> np.ndarray:
        """Bring ``by_player`` up to date: unless a ``1 / ENOUGH`` share of the
        samples agrees already (then the agreeing ones are an exact update of
        the previous pool: a particle filter), the samples that do not agree
        walk towards agreement (at most ``REPAIRS`` sweeps; the agreeing ones
        wait, they are uniform already); the agreeing ones are drawn back up to
        ``size``, then every sample moves ``SWEEPS`` times among the agreeing
        ones."""
        energy = self.mismatch(by_player)
        bad = np.flatnonzero(energy)
        if len(bad) > size - size // ENOUGH:  # only the samples that disagree walk
            walked, walked_energy = by_player[:, bad], energy[bad]
            for _ in range(REPAIRS // 5):
                walked, walked_energy = self.moves(walked, walked_energy, 5, rng)
                if not walked_energy.any():
                    break
            by_player = by_player.copy()
            by_player[:, bad], energy[bad] = walked, walked_energy
        keep = energy == 0
        if not keep.any():  # observations too rare to reach: keep the closest
            keep = energy == energy.min()
        good, energy = by_player[:, keep], energy[keep]
        if good.shape[1] < size:
            pick = rng.integers(0, good.shape[1], size=size)
            good, energy = good[:, pick], energy[pick]
        by_player, _ = self.moves(good, energy, SWEEPS, rng)
        return by_player


def draw(rng: np.random.Generator, size: int) -> np.ndarray:
    """``size`` uniform assignments of 1..13 to the players, player-major."""
    return np.ascontiguousarray(rng.permuted(np.tile(np.arange(1, N + 1), (size, 1)), axis=1).T)


def observations(
    players: tuple[str, ...], seatings: tuple[Observation, ...]
) -> list[tuple[np.ndarray, int]]:
    """The observations that show a longest streak, as player indices by seat."""
    index = {p: i for i, p in enumerate(players)}
    return [(np.array([index[p] for p in s]), L) for s, L in seatings if L is not None]


class Pool:
    """The public beliefs after a record: ``by_player[p, s]`` is player p's
    number in sample s. Never mutated once made."""

    def __init__(self, players: tuple[str, ...], seats: tuple[str, ...], by_player: np.ndarray):
        self.players = players
        self.by_player = by_player
        by_player.flags.writeable = False
        self.index = {p: i for i, p in enumerate(players)}
        self.seat_pl = np.array([self.index[p] for p in seats])
        self._counts: dict[int, np.ndarray] = {}

    def win_counts(self, target: int) -> np.ndarray:
        """``swap_win_counts`` for the current seating (the record's last)."""
        counts = self._counts.get(target)
        if counts is None:
            by_seat = self.by_player[self.seat_pl]
            counts = self._counts[target] = swap_win_counts(by_seat, target)
        return counts


def _seed(key: tuple[Any, ...]) -> int:
    """A generator seed that depends only on ``key`` (stable across processes)."""
    return int.from_bytes(hashlib.blake2b(repr(key).encode(), digest_size=8).digest(), "little")


@lru_cache(maxsize=256)
def public_pool(key: tuple[Any, ...]) -> Pool:
    """The pool of ``size`` samples after the record
    ``key = (players, size, observation, observation, ...)`` (oldest first): the
    previous record's pool brought up to date with the last observation. A pure
    function of ``key``."""
    players: tuple[str, ...] = key[0]
    size: int = key[1]
    seatings: tuple[Observation, ...] = key[2:]
    seats, longest = seatings[-1]
    if len(seatings) > 1:
        parent = public_pool(key[:-1])
        if longest is None or seatings[-1] in seatings[:-1]:
            # nothing new: a round without swaps shows the same seating and streak
            if seats == seatings[-2][0]:
                return parent
            return Pool(players, seats, parent.by_player)
    rng = np.random.default_rng(_seed(key))
    if len(seatings) == 1:
        start = _start(players, seats, longest, rng, size)
        if start is not None:
            return Pool(players, seats, start)
        start = draw(rng, size)
    else:
        start = parent.by_player
    unique = tuple(dict.fromkeys(seatings))
    walk = Walk(observations(players, unique), _ALL)
    return Pool(players, seats, walk.advance(start, rng, size))


#: the bank of starting seatings is not used for a streak rarer than this many in it
_BANK_LEAST = 500


@lru_cache(maxsize=1)
def _bank() -> dict[int, np.ndarray]:
    """longest streak -> uniform assignments of numbers by seat with that longest
    streak (rows), drawn once per process with a fixed seed."""
    rng = np.random.default_rng(0)
    by_seat = (rng.random((60_000, N)).argsort(axis=1) + 1).astype(np.int8)
    longest = LONGEST[masks_of(by_seat.astype(np.int64))]
    return {
        int(L): by_seat[longest == L]
        for L in np.unique(longest)
        if (longest == L).sum() >= _BANK_LEAST
    }


def _start(
    players: tuple[str, ...],
    seats: tuple[str, ...],
    longest: int | None,
    rng: np.random.Generator,
    size: int,
) -> np.ndarray | None:
    """The first pool, exactly: uniform assignments, or (rejection sampling, drawn
    from a bank) uniform ones with the starting seating's longest streak; ``None``
    for a streak too rare to draw (the walk repairs uniform draws instead)."""
    if longest is None:
        return draw(rng, size)
    bank = _bank().get(longest)
    if bank is None:
        return None
    index = {p: i for i, p in enumerate(players)}
    by_player = np.empty((N, size), dtype=np.int64)
    by_player[[index[p] for p in seats]] = bank[rng.integers(0, len(bank), size=size)].T
    return by_player


class Beliefs:
    """One player's beliefs, walked on their own: samples of the other players'
    numbers (``samples``, sample-major, numbers by player) that agree with
    every observed longest streak and give ``me`` the number ``number``."""

    def __init__(
        self, players: list[str], me: str, number: int, rng: np.random.Generator, size: int = SIZE
    ):
        self.players = players
        self.index = {p: i for i, p in enumerate(players)}
        self.me = self.index[me]
        self.number = number
        self.rng = rng
        self.size = size
        self.samples = np.empty((0, N), dtype=np.int64)

    def seat_array(self, seats: list[str]) -> np.ndarray:
        return np.array([self.index[p] for p in seats])

    def observe(self, seatings: list[tuple[list[str], int | None]]) -> None:
        """Bring the samples up to date with ``seatings`` (oldest first)."""
        observed = [(self.seat_array(s), L) for s, L in seatings if L is not None]
        if len(self.samples):
            start = np.ascontiguousarray(self.samples.T)
        else:
            start = draw(self.rng, self.size)
            # shift each sample so that ``me`` holds ``number`` (see the module doc)
            start = (start - start[self.me] + self.number - 1) % N + 1
        movable = np.array([i for i in range(N) if i != self.me])
        by_player = Walk(observed, movable).advance(start, self.rng, self.size)
        self.samples = np.ascontiguousarray(by_player.T)
