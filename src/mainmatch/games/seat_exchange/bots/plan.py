"""The circle protocol of the Seat Exchange strategy bot: what the public record
says about who holds which number, and the swaps that seat everyone in one
streak (``src/mainmatch/games/seat_exchange/spec.md``).

**Signal (round 1).** A player with number n pays for a self-swap of the
player sitting n seats clockwise of them (themselves for 13). Self-swaps of
different players never conflict (§4.2.3) and every top contributor of a
successful pair is named (§4.2.5, tied contributors all are), so the round
moves nobody and its announced ``paid_by`` lists tell every player each
signaller's number. Twelve signals name the thirteenth number too (the
numbers are a bijection onto 1..13, §2).

**Decode.** A claim is trusted when its player made exactly that one claim,
no other player claims the same number, and the player never paid for a swap
outside the plan (a *deviation*). Numbers left open are guessed: the
assignments, in a fixed order, that agree best with every longest streak seen
since round 1 (§5: each round's seating and longest streak are public); the
first is the guess, the others are kept so that the plan can tell them apart.

**Plan.** A seating whose numbers read 1..13 around the circle (26 of them:
13 rotations, 2 directions) is one run of 13: every player is a streak player
and wins, nobody is the EC (§4.3). Every permutation is the product of two
involutions, and an involution is a set of disjoint swaps, which succeed
together in one round (§4.2.3): so two rounds reach such a seating from any
seating. The plan is that pair of rounds, chosen so that the seating between
them has no streak of the target or more (which would end play with fewer
winners, §4.2.7); with one round left, the one round of swaps that seats the
most players in streaks of the target or more.

Everything here is a pure function of the public record, cached on it, so
every bot that follows the protocol computes the same plan once per table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Any

import numpy as np

from .tables import LONGEST, RUNLEN, N, masks_of

#: a seating (players by seat) and its longest streak
Seating = tuple[tuple[str, ...], int]
#: the most open numbers the plan is built on (guessed by trying every assignment, 5! = 120):
#: with more, the guesses are too often wrong to pay for (6 random bots at the table)
MOST_OPEN = 5
#: axis choices tried per target arrangement when the in-between seating streaks
AXES_TRIES = 12
#: two-round plans whose fragility is weighed (the cheapest first)
TRIED = 8
#: other guesses kept when the record leaves several (their plans are told apart)
MOST_ALTERNATIVES = 23

_LONGEST = LONGEST.tolist()
_RUNLEN = RUNLEN.tolist()


def signal_seat(my_seat: int, number: int) -> int:
    """The seat a player with ``number`` points at from ``my_seat`` (round 1)."""
    return (my_seat + number) % N


def claimed_number(payer_seat: int, pointed_seat: int) -> int:
    """The number a round-1 self-swap of ``pointed_seat`` paid by ``payer_seat`` claims."""
    return (pointed_seat - payer_seat) % N or N


def link_mask(nums: list[int]) -> int:
    """The seating's link bits (edge i joins seats i and i+1, §4.1)."""
    mask = 0
    for i in range(N):
        if (nums[i] - nums[(i + 1) % N]) % N in (1, N - 1):
            mask |= 1 << i
    return mask


def longest(nums: list[int]) -> int:
    """The longest streak of a seating given as numbers by seat (§4.1)."""
    run: int = _LONGEST[link_mask(nums)]
    return run


def streak_seats(nums: list[int], target: int) -> int:
    """How many seats sit in a run of ``target`` or more (the streak players)."""
    row = _RUNLEN[link_mask(nums)]
    return sum(1 for r in row if r >= target)


@dataclass(frozen=True)
class Knowledge:
    """What the record says: a number for every player (decoded or guessed),
    how many were guessed, the players who deviated and the guarded ones, and
    the other guesses that agree with the record as well (``MOST_ALTERNATIVES``
    at most)."""

    numbers: dict[str, int]
    open: int
    deviators: frozenset[str]
    guarded: frozenset[str]
    alternatives: tuple[dict[str, int], ...] = ()
    #: the players whose numbers were guessed (silent, deviating or claiming a taken number)
    guessed: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Plan:
    """This round's swaps (player pairs) and whether they finish the circle."""

    swaps: tuple[tuple[str, str], ...]
    rounds: int  # rounds the plan needs, this one included
    winners: int  # streak players the plan ends with (13: the full circle)


def _circle_targets() -> list[list[int]]:
    """The 26 seatings of one run of 13, as numbers by seat."""
    out = []
    for d in (1, -1):
        for c in range(N):
            out.append([(c + d * i) % N + 1 for i in range(N)])
    return out


CIRCLES = _circle_targets()


def _cycles(perm: list[int]) -> list[list[int]]:
    """The cycles of length 2 or more of a permutation of the seats."""
    seen = [False] * N
    out = []
    for s in range(N):
        if seen[s] or perm[s] == s:
            seen[s] = True
            continue
        cyc = []
        x = s
        while not seen[x]:
            seen[x] = True
            cyc.append(x)
            x = perm[x]
        out.append(cyc)
    return out


def _reflection(cyc: list[int], axis: int) -> list[tuple[int, int]]:
    """Seat pairs of the involution i -> axis - i on the cycle's positions."""
    k = len(cyc)
    pairs = []
    for i in range(k):
        j = (axis - i) % k
        if i < j:
            pairs.append((cyc[i], cyc[j]))
    return pairs


def apply_swaps(nums: list[int], pairs: list[tuple[int, int]]) -> list[int]:
    """The numbers by seat after the disjoint seat swaps ``pairs``."""
    out = list(nums)
    for i, j in pairs:
        out[i], out[j] = out[j], out[i]
    return out


def fragility(nums: list[int], first: list[tuple[int, int]], target: int) -> int:
    """In how many of the ways a deviator's bids could block some of the
    swaps ``first`` (every subset going through, §4.2.3) the seating has a
    streak of ``target`` or more, which ends play with fewer winners (§4.2.7)."""
    k = len(first)
    rows = np.tile(np.array(nums, dtype=np.int64), (1 << k, 1))
    done = np.arange(1 << k)
    for b, (i, j) in enumerate(first):
        sel = (done >> b) & 1 == 1
        rows[sel, i], rows[sel, j] = rows[sel, j], rows[sel, i].copy()
    return int((LONGEST[masks_of(rows)] >= target).sum())


def full_plan(
    nums: list[int],
    target: int,
    fixed: frozenset[int],
    two_rounds: bool,
    others: list[list[int]] | None = None,
) -> tuple[list[tuple[int, int]], int] | None:
    """Seat pairs for this round that lead to a run of 13 if ``nums`` are the
    numbers by seat: one round if some circle is one set of disjoint swaps
    away, else (``two_rounds``) the first half of a two-round plan whose
    in-between seating has no streak of ``target`` or more. Seats in ``fixed``
    never move.

    ``others`` are other guesses of the numbers that the record cannot tell
    apart: then, with two rounds to go, the plan takes two rounds whatever the
    seating, and the in-between seating is chosen so that its longest streak
    (public after the round) tells the guesses apart as well as it can; the
    next round's plan is made from the guesses that agree with it.

    Among the cheapest two-round plans (``TRIED`` of them): the fewest guesses
    left after the round, then the least ``fragility``, then the fewest swaps."""
    others = others or []
    where = {n: s for s, n in enumerate(nums)}
    options = []  # (rounds, swaps, circle index, cycles)
    for t, circle in enumerate(CIRCLES):
        perm = [0] * N  # seat -> the seat its occupant must reach
        for s, n in enumerate(circle):
            perm[where[n]] = s
        if any(perm[s] != s for s in fixed):
            continue
        cycles = _cycles(perm)
        if all(len(c) == 2 for c in cycles) and not (others and two_rounds):
            options.append((1, len(cycles), t, cycles))
        elif two_rounds:
            options.append((2, sum(len(c) - 1 for c in cycles), t, cycles))
    options.sort(key=lambda o: o[:3])
    best: tuple[int, int, int, int] | None = None  # guesses left, fragility, swaps, order
    chosen: list[tuple[int, int]] = []
    tried = 0
    for rounds, swaps, _t, cycles in options:
        if rounds == 1:
            return [(c[0], c[1]) for c in cycles], 1
        for attempt in range(AXES_TRIES):
            axes = [(attempt * (7 * i + 3)) % len(c) for i, c in enumerate(cycles)]
            first = [p for c, a in zip(cycles, axes) for p in _reflection(c, a)]
            shown = longest(apply_swaps(nums, first))
            if shown >= target:
                continue
            alike = [longest(apply_swaps(alt, first)) for alt in others]
            if any(L >= target for L in alike):
                continue  # under another guess this round would end play early
            left = 1 + alike.count(shown)
            key = (left, fragility(nums, first, target), swaps, tried)
            if best is None or key < best:
                best, chosen = key, first
            tried += 1
            break  # one in-between seating per circle
        if tried >= TRIED or (best is not None and best[:2] == (1, 0)):
            break
    return (chosen, 2) if best is not None else None


def partial_plan(
    nums: list[int], target: int, fixed: frozenset[int], guessed: frozenset[int] = frozenset()
) -> tuple[list[tuple[int, int]], int] | None:
    """One round of disjoint swaps that seats the most players in streaks of
    ``target`` or more: for each circle and each arc of it, the swaps that
    bring every number of the arc to its seat, when they are disjoint. The
    players at the seats ``guessed`` (who did not tell their number) do not
    count, and among equal plans the one seating fewest of them in a streak is
    taken: a player who saves instead of telling is the richest of the players
    left out, so never the EC (§4.3), and should gain no streak by it (issue 31)."""
    where = {n: s for s, n in enumerate(nums)}
    # winners told, -winners guessed, -swaps, pairs
    best: tuple[int, int, int, list[tuple[int, int]]] | None = None
    now = streak_seats(nums, target)
    for circle in CIRCLES:
        perm = [0] * N
        for s, n in enumerate(circle):
            perm[where[n]] = s
        source = [0] * N  # seat -> the seat now holding the number it needs
        for s in range(N):
            source[perm[s]] = s
        for start in range(N):
            pairs: list[tuple[int, int]] = []
            used: set[int] = set()
            for length in range(1, N):
                w = (start + length - 1) % N
                src = source[w]
                if src != w:
                    pair = (min(src, w), max(src, w))
                    if pair not in pairs:
                        if src in used or w in used or src in fixed or w in fixed:
                            break
                        pairs.append(pair)
                        used |= {src, w}
                if length >= target:
                    after = apply_swaps(nums, pairs)
                    won = streak_seats(after, target)
                    lucky = _guessed_winners(after, pairs, guessed, target) if guessed else 0
                    key = (won - lucky, -lucky, -len(pairs))
                    if won > now and (best is None or key > best[:3]):
                        best = (*key, list(pairs))
    if best is None:
        return None
    return best[3], best[0] - best[1]


def _guessed_winners(
    after: list[int], pairs: list[tuple[int, int]], guessed: frozenset[int], target: int
) -> int:
    """How many of the players at the seats ``guessed`` sit in a streak of ``target`` or
    more once the swaps ``pairs`` are made (``after``: the numbers by seat then)."""
    moved = apply_swaps(list(range(N)), pairs)  # seat -> the seat its player came from
    row = _RUNLEN[link_mask(after)]
    return sum(1 for s in range(N) if moved[s] in guessed and row[s] >= target)


def plan_for(
    seats: tuple[str, ...],
    numbers: dict[str, int],
    guarded: frozenset[str],
    target: int,
    left: int,
    alternatives: tuple[dict[str, int], ...] = (),
    guessed: frozenset[str] = frozenset(),
) -> Plan | None:
    """The protocol's swaps for this round with ``left`` rounds to play
    (``alternatives``: other guesses of the numbers, see ``full_plan``; ``guessed``:
    the players who did not tell, see ``partial_plan``)."""
    nums = [numbers[p] for p in seats]
    fixed = frozenset(i for i, p in enumerate(seats) if p in guarded)
    others = [[alt[p] for p in seats] for alt in alternatives]
    found = full_plan(nums, target, fixed, left >= 2, others)
    if found is not None:
        pairs, rounds = found
        return Plan(tuple((seats[i], seats[j]) for i, j in pairs), rounds, N)
    part = partial_plan(
        nums, target, fixed, frozenset(i for i, p in enumerate(seats) if p in guessed)
    )
    if part is None:
        return None
    pairs, won = part
    return Plan(tuple((seats[i], seats[j]) for i, j in pairs), 1, won)


def _key(pair: list[str] | tuple[str, str]) -> frozenset[str]:
    return frozenset(pair)


@lru_cache(maxsize=512)
def knowledge(
    players: tuple[str, ...],
    seatings: tuple[Seating, ...],
    rounds: tuple[Any, ...],
    target: int,
    total: int,
) -> Knowledge:
    """Decode the record: ``seatings[r]`` is the seating before round r+1 and its
    longest streak (``seatings[0]``'s streak is not used: later views do not show
    it); ``rounds[r]`` the swaps announced in round r+1, as ``((A, B), paid_by)``;
    ``total`` the rounds of the match."""
    start = {p: i for i, p in enumerate(seatings[0][0])}
    claims: dict[str, list[int]] = {}
    deviators: set[str] = set()
    for (a, b), paid_by in rounds[0]:
        for payer in paid_by:
            if a == b:
                claims.setdefault(payer, []).append(claimed_number(start[payer], start[a]))
            else:
                deviators.add(payer)
    guarded: set[str] = set()
    for r in range(1, len(rounds)):
        plan = public_plan(players, seatings[: r + 1], rounds[:r], target, total)
        guarded = set()
        if plan is None:  # no protocol that round: nothing to deviate from
            continue
        planned = {_key(p) for p in plan.swaps}
        moving = {p for pair in plan.swaps for p in pair}
        for (a, b), paid_by in rounds[r]:
            if _key((a, b)) not in planned:
                deviators.update(paid_by)
                if a == b and a in moving:
                    # its self-swap beat the table's bid to move it: plan around it
                    guarded.add(a)
    trusted = {p: c[0] for p, c in claims.items() if len(c) == 1 and p not in deviators}
    count: dict[int, int] = {}
    for n in trusted.values():
        count[n] = count.get(n, 0) + 1
    numbers = {p: n for p, n in trusted.items() if count[n] == 1}
    unknown = [p for p in players if p not in numbers]
    free = sorted(set(range(1, N + 1)) - set(numbers.values()))
    guesses = _guess(numbers, unknown, free, seatings[1:]) if unknown else [{}]
    others = tuple({**numbers, **g} for g in guesses[1:])
    numbers.update(guesses[0])
    return Knowledge(
        numbers,
        len(unknown),
        frozenset(deviators),
        frozenset(guarded),
        others,
        frozenset(unknown),
    )


def _guess(
    numbers: dict[str, int], unknown: list[str], free: list[int], seen: tuple[Seating, ...]
) -> list[dict[str, int]]:
    """The assignments of ``free`` to ``unknown`` (in a fixed order) that agree
    best with the longest streaks ``seen``, the first ``MOST_ALTERNATIVES + 1``;
    beyond ``MOST_OPEN`` players only the first assignment."""
    best: list[dict[str, int]] = []
    least = -1
    orders = permutations(free) if len(unknown) <= MOST_OPEN else [tuple(free)]
    for order in orders:
        guess = dict(zip(unknown, order))
        full = {**numbers, **guess}
        miss = sum(abs(longest([full[p] for p in s]) - L) for s, L in seen)
        if least < 0 or miss < least:
            best, least = [guess], miss
        elif miss == least and len(best) <= MOST_ALTERNATIVES:
            best.append(guess)
    return best


@lru_cache(maxsize=512)
def public_plan(
    players: tuple[str, ...],
    seatings: tuple[Seating, ...],
    rounds: tuple[Any, ...],
    target: int,
    total: int,
) -> Plan | None:
    """The protocol's plan for the round after the record (of ``total``).
    ``None``: no plan (too little known, or no swaps help)."""
    if not rounds:
        return None
    know = knowledge(players, seatings, rounds, target, total)
    if know.open > MOST_OPEN:
        return None
    left = total - len(rounds)
    return plan_for(
        seatings[-1][0],
        know.numbers,
        know.guarded,
        target,
        left,
        know.alternatives,
        know.guessed,
    )
