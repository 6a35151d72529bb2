"""95% confidence intervals: Wilson for rates, Student's t for means.

Pure Python (no SciPy): the t quantile is tabled up to 30 degrees of
freedom and beyond uses the Cornish-Fisher expansion of Abramowitz & Stegun
26.7.5, whose error there is below 1e-6.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: two-sided 95%: the normal quantile z(0.975)
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its 95% interval over ``n`` observations."""

    value: float
    low: float
    high: float
    n: int

    def overlaps(self, other: Estimate) -> bool:
        return self.low <= other.high and other.low <= self.high

    def as_dict(self) -> dict:
        """JSON-able: an undefined bound (too few observations) is ``None``."""
        return {
            "value": _finite(self.value),
            "low": _finite(self.low),
            "high": _finite(self.high),
            "n": self.n,
        }


def _finite(x: float) -> float | None:
    return None if math.isnan(x) else x


def wilson(successes: int, n: int, z: float = Z95) -> Estimate:
    """The rate ``successes / n`` with its Wilson score interval.

    >>> e = wilson(50, 100); round(e.low, 4), round(e.high, 4)
    (0.4038, 0.5962)
    >>> wilson(0, 0)
    Estimate(value=nan, low=nan, high=nan, n=0)
    """
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # rounding must not put the rate outside its own interval (0 of n, n of n)
    low = 0.0 if successes <= 0 else min(p, max(0.0, centre - half))
    high = 1.0 if successes >= n else max(p, min(1.0, centre + half))
    return Estimate(p, low, high, n)


#: two-sided 95% Student's t quantiles t(0.975, df) for df = 1..30 (standard tables)
_T95 = (
    12.706205,
    4.302653,
    3.182446,
    2.776445,
    2.570582,
    2.446912,
    2.364624,
    2.306004,
    2.262157,
    2.228139,
    2.200985,
    2.178813,
    2.160369,
    2.144787,
    2.131450,
    2.119905,
    2.109816,
    2.100922,
    2.093024,
    2.085963,
    2.079614,
    2.073873,
    2.068658,
    2.063899,
    2.059539,
    2.055529,
    2.051831,
    2.048407,
    2.045230,
    2.042272,
)


def t_quantile(df: int) -> float:
    """Student's two-sided 95% t value with ``df`` degrees of freedom.

    >>> t_quantile(10), round(t_quantile(60), 4), round(t_quantile(10**6), 4)
    (2.228139, 2.0003, 1.96)
    """
    if df <= 0:
        return math.inf
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    z3, z5, z7, z9 = z**3, z**5, z**7, z**9
    g1 = (z3 + z) / 4
    g2 = (5 * z5 + 16 * z3 + 3 * z) / 96
    g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384
    g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def mean_ci(values: Sequence[float]) -> Estimate:
    """The mean with its t interval (``mean ± t(n-1) · s / √n``), clipped to
    the range of the values (skewed counts such as garnets would otherwise get
    a negative lower bound).

    >>> e = mean_ci([1, 2, 3, 4, 5]); e.value, round(e.low, 3), round(e.high, 3)
    (3.0, 1.037, 4.963)
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan, 1)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(var / n)
    # a mean cannot leave the range of its values: garnets never average below 0
    return Estimate(mean, max(mean - half, min(values)), min(mean + half, max(values)), n)
