"""95% intervals: Wilson for rates, Student's t for means."""

from __future__ import annotations

import math
import random

import pytest

from mainmatch.sim.stats import Z95, mean_ci, t_quantile, wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (50, 100, 0.4038, 0.5962),  # textbook values (Newcombe 1998, z = 1.96)
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 20, 0.0089, 0.2361),
    ],
)
def test_wilson_interval_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    e = wilson(k, n)
    assert e.value == k / n
    assert e.low == pytest.approx(low, abs=1e-4)
    assert e.high == pytest.approx(high, abs=1e-4)


def test_wilson_without_observations_is_undefined_and_serialises_as_null() -> None:
    e = wilson(0, 0)
    assert math.isnan(e.value)
    assert e.as_dict() == {"value": None, "low": None, "high": None, "n": 0}


@pytest.mark.parametrize(
    ("df", "t"),
    [
        (1, 12.7062),
        (4, 2.7764),
        (29, 2.0452),
        (31, 2.0395),
        (40, 2.0211),
        (60, 2.0003),
        (120, 1.9799),
    ],
)
def test_t_quantile_matches_the_table(df: int, t: float) -> None:
    assert t_quantile(df) == pytest.approx(t, abs=1e-4)


def test_t_quantile_tends_to_the_normal_quantile() -> None:
    assert t_quantile(10**7) == pytest.approx(Z95, abs=1e-6)


def test_mean_interval_is_the_t_interval() -> None:
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    e = mean_ci(values)
    sd = math.sqrt(sum((v - 5) ** 2 for v in values) / 7)
    assert e.value == 5
    assert e.high - e.value == pytest.approx(t_quantile(7) * sd / math.sqrt(8))
    assert e.value - e.low == pytest.approx(e.high - e.value)


def test_mean_interval_covers_the_true_mean_about_95_percent_of_the_time() -> None:
    rng = random.Random(5)
    covered = 0
    for _ in range(2000):
        sample = [rng.expovariate(1.0) for _ in range(40)]
        e = mean_ci(sample)
        covered += e.low <= 1.0 <= e.high
    assert 0.92 <= covered / 2000 <= 0.97  # skewed data: t is a little under nominal


def test_wilson_interval_covers_the_true_rate_about_95_percent_of_the_time() -> None:
    rng = random.Random(6)
    covered = 0
    for _ in range(2000):
        k = sum(rng.random() < 0.15 for _ in range(300))
        e = wilson(k, 300)
        covered += e.low <= 0.15 <= e.high
    assert 0.93 <= covered / 2000 <= 0.97


def test_one_observation_has_a_mean_but_no_interval() -> None:
    e = mean_ci([3])
    assert e.value == 3 and e.as_dict()["low"] is None
    assert mean_ci([]).as_dict()["value"] is None


def test_overlap() -> None:
    assert wilson(10, 100).overlaps(wilson(15, 100))
    assert not wilson(10, 1000).overlaps(wilson(30, 1000))


def test_wilson_interval_always_contains_the_rate() -> None:
    for n in (1, 2, 3, 7, 50, 1000):
        for k in range(n + 1):
            e = wilson(k, n)
            assert e.low <= e.value <= e.high
    assert wilson(0, 13).low == 0.0 and wilson(13, 13).high == 1.0


def test_mean_interval_stays_within_the_range_of_the_values() -> None:
    e = mean_ci([0] * 40 + [3] * 2)
    assert e.low == 0 and e.value == pytest.approx(6 / 42) and e.high > e.value
    assert mean_ci([2, 2, 2]).as_dict() == {"value": 2, "low": 2, "high": 2, "n": 3}
