"""What an amount decision's index means (rl/plan.py): the same amount whatever
the request's bound, unit steps where small amounts matter, nothing above the bound."""

from __future__ import annotations

from mainmatch.engine.choices import Pick
from mainmatch.rl.plan import BINS, SIGNED, UNBOUNDED, amounts


def _amount(low: int, high: int | None, signed: bool = False) -> dict[int, int]:
    return dict(amounts(Pick("x.amount", "amount", None, (), low, high, signed)))


def test_an_index_means_the_same_amount_whatever_the_bound():
    wide = _amount(0, 1000)
    for high in (25, 57, 180, 400):
        some = _amount(0, high)
        assert some == {k: v for k, v in wide.items() if v <= high}
        assert max(some.values()) <= high
    assert [wide[k] for k in range(7)] == [0, 1, 2, 3, 4, 5, 6]
    assert list(wide.values()) == list(UNBOUNDED)


def test_a_small_range_is_every_value_and_a_lower_bound_shifts_the_ladder():
    assert _amount(0, BINS - 1) == {k: k for k in range(BINS)}
    assert _amount(3, 5) == {0: 3, 1: 4, 2: 5}
    assert _amount(5, 4) == {}
    assert _amount(2, 500)[7] == 2 + UNBOUNDED[7]


def test_an_amount_of_either_sign_keeps_its_index_within_the_bound():
    assert _amount(0, None, signed=True) == dict(enumerate(SIGNED))
    small = _amount(0, 3, signed=True)
    assert sorted(small.values()) == [-3, -2, -1, 0, 1, 2, 3]
    assert all(SIGNED[k] == v for k, v in small.items())
