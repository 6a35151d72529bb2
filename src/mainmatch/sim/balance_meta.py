"""The meta-solvers of ``mainmatch balance``: from payoffs to a meta-strategy.

The meta-game is symmetric: every seat chooses among the same population of
policies, and ``u_i(sigma)`` is the payoff of one seat playing policy ``i``
while every other seat draws its policy from the meta-strategy ``sigma``. In
a match of many seats that payoff is not linear in ``sigma`` (each other seat
draws on its own), so no payoff matrix is tabled: the solvers only ask an
oracle for ``u(sigma)`` at the current ``sigma`` (the simulator, in
``balance``; ``A @ sigma`` for a two-player matrix game in the tests).

- **Regret matching+** (Hart & Mas-Colell 2000; Tammelin's "+" clips the
  cumulative regrets at 0): ``R_i += u_i - sigma . u``; the next ``sigma`` is
  ``R+`` normalised (uniform when no regret is positive); the answer is the
  average of the iterates weighted by iteration number (linear averaging),
  which converges to an equilibrium in symmetric zero-sum games and whose
  dominated policies fade to weight 0.
- **Replicator dynamics** (discrete, exponential form = Hedge):
  ``sigma_i <- sigma_i * exp(step * (u_i - sigma . u))``, normalised; its
  iterates may cycle (rock-paper-scissors) while their average converges, so
  the answer is again the weighted average.

A policy may join between iterations (a best response): it starts with no
regret (regret matching) or a small share (replicator).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

SOLVERS = ("regret", "replicator")
#: replicator: the share a newcomer starts with, and the step
NEWCOMER_SHARE = 0.05
REPLICATOR_STEP = 0.5


def _normalised(xs: Sequence[float]) -> list[float]:
    total = math.fsum(xs)
    if total <= 0:
        return [1 / len(xs)] * len(xs)
    return [x / total for x in xs]


@dataclass
class MetaSolver:
    """One meta-solver's state over a growing population."""

    kind: str = "regret"
    sigma: list[float] = field(default_factory=list)
    regrets: list[float] = field(default_factory=list)
    #: sum over iterations t = 1, 2, ... of t * sigma_t
    weighted_sum: list[float] = field(default_factory=list)
    steps: int = 0

    def __post_init__(self) -> None:
        if self.kind not in SOLVERS:
            raise ValueError(f"unknown meta-solver {self.kind!r}; solvers: {', '.join(SOLVERS)}")

    def start(self, sigma: Sequence[float]) -> None:
        """Begin at ``sigma`` (one weight per policy)."""
        self.sigma = _normalised(sigma)
        self.regrets = [0.0] * len(self.sigma)
        self.weighted_sum = [0.0] * len(self.sigma)

    def add(self) -> None:
        """A new policy joins the population (see module doc)."""
        self.regrets.append(0.0)
        self.weighted_sum.append(0.0)
        if self.kind == "replicator":
            self.sigma = _normalised(
                [s * (1 - NEWCOMER_SHARE) for s in self.sigma] + [NEWCOMER_SHARE]
            )
        else:
            self.sigma.append(0.0)

    def update(self, payoffs: Sequence[float]) -> list[float]:
        """Record ``u(sigma)`` measured at the current ``sigma``; move to the
        next ``sigma`` and return it."""
        if len(payoffs) != len(self.sigma):
            raise ValueError(f"{len(payoffs)} payoffs for {len(self.sigma)} policies")
        self.steps += 1
        for i, s in enumerate(self.sigma):
            self.weighted_sum[i] += self.steps * s
        value = math.fsum(s * u for s, u in zip(self.sigma, payoffs))
        if self.kind == "regret":
            self.regrets = [max(0.0, r + u - value) for r, u in zip(self.regrets, payoffs)]
            self.sigma = _normalised(self.regrets)
        else:
            self.sigma = _normalised(
                [s * math.exp(REPLICATOR_STEP * (u - value)) for s, u in zip(self.sigma, payoffs)]
            )
        return list(self.sigma)

    def average(self) -> list[float]:
        """The linearly weighted average of the iterates so far (the current
        ``sigma`` before any update)."""
        if not self.steps:
            return list(self.sigma)
        return _normalised(self.weighted_sum)


def solve(
    payoff: Callable[[list[float]], Sequence[float]],
    start: Sequence[float],
    iterations: int,
    kind: str = "regret",
) -> list[float]:
    """Run ``kind`` for ``iterations`` steps from ``start`` against the oracle
    ``payoff``; the weighted average of the iterates.

    Rock-paper-scissors from a lopsided start ends near uniform:

    >>> rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    >>> oracle = lambda s: [sum(a * b for a, b in zip(row, s)) for row in rps]
    >>> [round(w, 1) for w in solve(oracle, [0.6, 0.3, 0.1], 2000)]
    [0.3, 0.3, 0.3]
    """
    solver = MetaSolver(kind)
    solver.start(start)
    for _ in range(iterations):
        solver.update(payoff(list(solver.sigma)))
    return solver.average()
