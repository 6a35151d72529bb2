"""95% confidence intervals: Wilson for rates, Student's t for means, and both
clustered by match.

The seats of one match are not independent draws: a match hands out a fixed
number of Tokens (one seat's win is another's loss), and some games let many
seats win at once. A figure over several seats of each match (a bot that sits
in many seats, a team, every seat) is a **ratio estimator** over matches:
``sum(y_m) / sum(n_m)`` with ``y_m`` the total and ``n_m`` the seats counted in
match ``m``, whose variance is the cluster-robust (linearised) one,
``M / (M - 1) * sum((y_m - r n_m)^2) / (sum n_m)^2`` over the ``M`` matches
(Cochran, *Sampling Techniques*, 3rd ed., section 6.11; Cameron & Miller 2015).
A rate keeps Wilson's interval at the *effective* sample size ``n / deff``,
where the design effect ``deff`` is that variance over the variance of the
same estimator with every seat its own cluster (Kish 1965; Korn & Graubard
1998); with one seat per match it is exactly Wilson's interval. A difference
of two such figures measured in the same matches (a found bot's gain over the
field) takes its variance from the matches too, so the negative covariance of
seats that share a match widens it, as it must.

Pure Python (no SciPy): the t quantile is tabled up to 30 degrees of
freedom and beyond uses the Cornish-Fisher expansion of Abramowitz & Stegun
26.7.5, whose error there is below 1e-6.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from mainmatch.engine.game import JSONObject

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

    def as_dict(self) -> JSONObject:
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


@dataclass(frozen=True)
class Clusters:
    """Per-match totals of one figure: ``sums[m]`` over ``sizes[m]`` seats of
    match ``m`` (matches where the row had no seat are left out)."""

    sums: tuple[float, ...]
    sizes: tuple[int, ...]

    @property
    def n(self) -> int:
        return sum(self.sizes)

    @property
    def ratio(self) -> float:
        n = self.n
        return math.fsum(self.sums) / n if n else math.nan

    def residuals(self) -> list[float]:
        """``(y_m - r n_m) / N`` per match: the linearised estimator's terms."""
        r, n = self.ratio, self.n
        return [(y - r * k) / n for y, k in zip(self.sums, self.sizes, strict=True)]


def clustered_var(terms: Sequence[float]) -> float:
    """``M / (M - 1) * sum(terms^2)``: the cluster-robust variance of a sum of
    per-match linearised terms (``nan`` below two matches)."""
    m = len(terms)
    if m < 2:
        return math.nan
    return m / (m - 1) * math.fsum(t * t for t in terms)


def clustered_rate(successes: Sequence[int], sizes: Sequence[int]) -> Estimate:
    """The rate ``sum(successes) / sum(sizes)`` over matches, with Wilson's
    interval at the effective sample size (module doc).

    >>> clustered_rate([1, 0, 1, 0], [1, 1, 1, 1]) == wilson(2, 4)  # one seat a match
    True
    >>> e = clustered_rate([1, 1, 1, 1], [2, 2, 2, 2]); e.value, e.low, e.high  # one of two, always
    (0.5, 0.5, 0.5)
    """
    c = Clusters(tuple(float(x) for x in successes), tuple(sizes))
    n, k = c.n, round(math.fsum(c.sums))
    if n <= 0 or all(size == 1 for size in c.sizes):
        return wilson(k, n)
    p = k / n
    if p in (0.0, 1.0):
        return wilson(k, n)  # no spread at all: nothing for the clusters to change
    # every seat its own cluster: the same estimator's variance, for the design effect
    iid = p * (1 - p) / (n - 1)
    deff = clustered_var(c.residuals()) / iid
    if math.isnan(deff):
        return wilson(k, n)
    if deff <= 0:
        return Estimate(p, p, p, n)  # the same share in every match: a fixed fact
    return _wilson_at(p, n / deff, n)


def _wilson_at(p: float, n_eff: float, n: int, z: float = Z95) -> Estimate:
    """Wilson's interval for the rate ``p`` at a (fractional) sample size."""
    z2 = z * z
    centre = (p + z2 / (2 * n_eff)) / (1 + z2 / n_eff)
    half = z * math.sqrt(p * (1 - p) / n_eff + z2 / (4 * n_eff * n_eff)) / (1 + z2 / n_eff)
    return Estimate(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)), n)


def clustered_mean(
    sums: Sequence[float], sizes: Sequence[int], bounds: tuple[float, float] | None = None
) -> Estimate:
    """The mean per seat ``sum(sums) / sum(sizes)`` over matches, ``± t(M-1)``
    times its cluster-robust standard error, clipped to ``bounds`` (the range of
    the values: garnets never average below 0). With one seat per match this is
    :func:`mean_ci` exactly.

    >>> e = clustered_mean([1, 2, 3, 4, 5], [1] * 5); e == mean_ci([1, 2, 3, 4, 5])
    True
    """
    c = Clusters(tuple(float(x) for x in sums), tuple(sizes))
    n = c.n
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = c.ratio
    var = clustered_var(c.residuals())
    if math.isnan(var):
        return Estimate(mean, math.nan, math.nan, n)
    half = t_quantile(len(c.sums) - 1) * math.sqrt(var)
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return Estimate(mean, low, high, n)


def clustered_difference(a: Clusters, b: Clusters) -> Estimate:
    """``a.ratio - b.ratio`` measured in the same matches (``a`` and ``b`` list
    the same matches in the same order; a size may be 0), ``± t(M-1)`` times
    the cluster-robust standard error of the difference: the covariance of
    seats that share a match is counted, not assumed away.

    >>> a = Clusters((1, 0, 1, 0), (1, 1, 1, 1)); b = Clusters((0, 1, 0, 1), (1, 1, 1, 1))
    >>> e = clustered_difference(a, b); e.value, round(e.high, 3)
    (0.0, 1.837)
    """
    if len(a.sums) != len(b.sums):
        raise ValueError("a difference needs the same matches on both sides")
    if a.n == 0 or b.n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    d = a.ratio - b.ratio
    terms = [x - y for x, y in zip(a.residuals(), b.residuals(), strict=True)]
    var = clustered_var(terms)
    if math.isnan(var):
        return Estimate(d, math.nan, math.nan, len(terms))
    half = t_quantile(len(terms) - 1) * math.sqrt(var)
    return Estimate(d, d - half, d + half, len(terms))
