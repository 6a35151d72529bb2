"""95% intervals: Wilson for rates, Student's t for means."""

from __future__ import annotations

import math
import random

import pytest

from mainmatch.sim.stats import (
    Z95,
    Clusters,
    clustered_difference,
    clustered_mean,
    clustered_rate,
    mean_ci,
    t_quantile,
    wilson,
)


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


# ----------------------------------------------------------- clustered by match


def test_one_seat_a_match_gives_exactly_the_plain_intervals() -> None:
    rng = random.Random(5)
    wins = [int(rng.random() < 0.3) for _ in range(200)]
    assert clustered_rate(wins, [1] * 200) == wilson(sum(wins), 200)
    values = [rng.randrange(10) for _ in range(200)]
    assert clustered_mean(values, [1] * 200, (0, 9)) == mean_ci(values)


def test_difference_of_perfectly_negatively_correlated_seats_is_wider_than_the_naive_one() -> None:
    """Two seats, exactly one Token a match: seat A wins when B loses. The naive
    interval of A - B adds the two variances as if the seats were independent;
    the truth is Var(A - B) = 4 p (1 - p) / M, twice the naive variance."""
    rng = random.Random(1)
    a = [int(rng.random() < 0.5) for _ in range(400)]
    b = [1 - x for x in a]
    est = clustered_difference(Clusters(tuple(a), (1,) * 400), Clusters(tuple(b), (1,) * 400))
    ea, eb = mean_ci(a), mean_ci(b)
    naive_half = Z95 * math.hypot(
        (ea.high - ea.low) / 2 / t_quantile(399), (eb.high - eb.low) / 2 / t_quantile(399)
    )
    half = (est.high - est.low) / 2
    assert est.value == pytest.approx(sum(a) / 400 - sum(b) / 400)
    assert half > 1.3 * naive_half  # sqrt(2) in expectation
    p = sum(a) / 400
    assert half == pytest.approx(t_quantile(399) * math.sqrt(4 * p * (1 - p) / 399), rel=1e-9)


def test_a_rate_over_seats_that_win_together_is_wider_and_over_seats_that_split_narrower() -> None:
    rng = random.Random(2)
    together = [3 * int(rng.random() < 0.4) for _ in range(300)]  # 3 seats: all win or none
    wide = clustered_rate(together, [3] * 300)
    naive = wilson(sum(together), 900)
    assert wide.value == naive.value and wide.high - wide.low > 1.5 * (naive.high - naive.low)
    split = [1] * 300  # 3 seats, exactly one Token every match: the rate is 1/3, a fixed fact
    fixed = clustered_rate(split, [3] * 300)
    assert fixed.value == pytest.approx(1 / 3) and fixed.low == fixed.high == fixed.value


def test_clustered_rate_covers_the_truth_on_independent_seats() -> None:
    """Independent seats, three a match: the clustered interval covers the true
    rate about 95% of the time (it is not made wide by mistake either)."""
    rng = random.Random(3)
    covered, widths, naive_widths = 0, [], []
    runs = 400
    for _ in range(runs):
        wins = [sum(rng.random() < 0.2 for _ in range(3)) for _ in range(100)]
        e = clustered_rate(wins, [3] * 100)
        covered += e.low <= 0.2 <= e.high
        widths.append(e.high - e.low)
        w = wilson(sum(wins), 300)
        naive_widths.append(w.high - w.low)
    assert 0.91 <= covered / runs <= 0.99
    assert sum(widths) / runs == pytest.approx(sum(naive_widths) / runs, rel=0.08)


def test_clustered_difference_covers_the_truth_when_seats_share_a_fixed_count() -> None:
    """A bot in seat 0 against a field in seats 1-3, one Token a match drawn with
    chances .4/.2/.2/.2: the true gain is .4 - .2 = .2."""
    rng = random.Random(4)
    covered, runs = 0, 400
    for _ in range(runs):
        mine, field = [], []
        for _ in range(100):
            winner = rng.choices(range(4), weights=(4, 2, 2, 2))[0]
            mine.append(int(winner == 0))
            field.append(int(winner != 0))
        e = clustered_difference(
            Clusters(tuple(mine), (1,) * 100), Clusters(tuple(field), (3,) * 100)
        )
        covered += e.low <= 0.2 <= e.high
    assert 0.91 <= covered / runs <= 0.99


def test_a_report_clusters_a_bot_in_many_seats_but_not_a_seat() -> None:
    from mainmatch.sim import simulate

    report = simulate("second_to_won", "random", 30, workers=1).report
    (bot,) = report["bots"]
    holders = sum(v for k, v in bot["tol_histogram"].items() if int(k) > 0)
    naive = wilson(holders, bot["player_matches"]).as_dict()
    assert bot["tol_rate"]["value"] == naive["value"]
    assert (bot["tol_rate"]["low"], bot["tol_rate"]["high"]) != (naive["low"], naive["high"])
    for seat in report["seats"]:
        holders = sum(v for k, v in seat["tol_histogram"].items() if int(k) > 0)
        assert seat["tol_rate"] == wilson(holders, 30).as_dict()
