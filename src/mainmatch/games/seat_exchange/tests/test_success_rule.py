"""§4.2.3 as the spec words it, against the one-pass rule ``resolve`` uses."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.games.seat_exchange.resolve import _successful

PAIR = st.tuples(st.integers(0, 12), st.integers(0, 12)).map(lambda p: (min(p), max(p)))


def _by_the_words(values: dict[tuple[int, int], int]) -> list[tuple[int, int]]:
    """A pair succeeds iff its value is strictly greater than the value of every
    other pair that shares a player with it (a self-swap of X shares X)."""
    return sorted(
        pair
        for pair, v in values.items()
        if all(v > w for other, w in values.items() if other != pair and set(other) & set(pair))
    )


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(PAIR, st.integers(1, 6), max_size=20))
def test_the_one_pass_rule_is_the_spec_rule(sums: dict[tuple[int, int], int]) -> None:
    # small sums make ties (which fail both pairs) common
    pairs = {16 * i + j: [v, v, ["x"], i, j] for (i, j), v in sums.items()}
    values = {(i, j): v * (2 if i == j else 1) for (i, j), v in sums.items()}
    assert [(k >> 4, k & 15) for k in _successful(pairs)] == _by_the_words(values)
