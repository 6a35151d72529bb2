"""The last round of Seat Exchange when no streak will end play: how much to spend.

At a round-limit end only the money counts (seat_exchange spec
§4.3): the one richest player wins, the poorest of the others is the EC; but
if several tie for the most they are the EC candidates and the players with
the next-most money win. Among players with the same money this is a game of
small differences: spending nothing wins only if nobody else does, spending
a little wins when several save, spending more makes a player the poorest.

``MIX`` is its symmetric equilibrium for 13 players with equal money (the
chance of spending $0, $1, $2, ...), found by replicator dynamics on payoffs
(ToL - EC) estimated by sampling the other 12 players' spends. It is
reproduced by ``python -m mainmatch.games.seat_exchange.bots.money --seed 0``
(``docs/decisions/seat_exchange.md`` "Seat Exchange strategy bot"). At it, every spend in
its support earns the same, so a player who never pays gains nothing.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

#: chance of spending $0, $1, $2 in the last round (``solve(seed=0)``, rounded)
MIX = (0.07, 0.10, 0.83)
PLAYERS = 13


def payoffs(q: np.ndarray, samples: int, rng: np.random.Generator) -> np.ndarray:
    """(ToL - EC) of each spend d = 0..len(q)-1 against 12 players who spend
    as ``q`` (all with the same money; the winners' EC vote is uniform)."""
    top = len(q)
    others = rng.choice(top, size=(samples, PLAYERS - 1), p=q)
    out = np.zeros(top)
    for d in range(top):
        spend = np.concatenate([np.full((samples, 1), d), others], axis=1)
        least = spend.min(axis=1, keepdims=True)
        richest = spend == least
        n_rich = richest.sum(axis=1)
        me_rich = richest[:, 0]
        unique = n_rich == 1
        poorest = spend == spend.max(axis=1, keepdims=True)
        n_poor = poorest.sum(axis=1)
        win = (unique & me_rich).astype(float)
        ec = np.where(unique & ~me_rich & poorest[:, 0], 1.0 / n_poor, 0.0)
        tied = (n_rich >= 2) & (n_rich < PLAYERS)
        below = np.where(richest, top, spend).min(axis=1)  # the next-most money
        win += tied & (spend[:, 0] == below)
        ec += np.where(tied & me_rich, 1.0 / np.maximum(n_rich, 1), 0.0)
        ec += np.where(n_rich == PLAYERS, 1.0 / PLAYERS, 0.0)
        out[d] = float((win - ec).mean())
    return out


def solve(seed: int = 0, spends: int = 6, steps: int = 300, samples: int = 4000) -> np.ndarray:
    """Replicator dynamics from the uniform mix over spends 0..spends-1."""
    rng = np.random.default_rng(seed)
    q = np.full(spends, 1.0 / spends)
    for _ in range(steps):
        u = payoffs(q, samples, rng)
        q = q * np.exp(u - q @ u)
        q /= q.sum()
    return q


def last_round_spend(money: int, rng: random.Random) -> int:
    """A spend drawn from ``MIX``, at most ``money``."""
    u = rng.random()
    spend = 0
    for chance in MIX:
        if u < chance:
            break
        u -= chance
        spend += 1
    return min(spend, money)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--samples", type=int, default=4000)
    args = parser.parse_args(argv)
    q = solve(args.seed, steps=args.steps, samples=args.samples)
    u = payoffs(q, 20 * args.samples, np.random.default_rng(args.seed + 1))
    print("spend  chance  ToL-EC")
    for d, (c, v) in enumerate(zip(q, u)):
        print(f"${d:<5d} {c:6.3f}  {v:+.3f}")


if __name__ == "__main__":
    main()
