"""check_bid's quick acceptance of a plain bid agrees with the rules (homeostasis spec §3 ``bid``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mainmatch.engine.errors import IllegalAction
from mainmatch.games.homeostasis.validate import check_bid


@given(
    st.lists(st.integers(0, 12), min_size=10, max_size=10),
    st.sets(st.integers(1, 10), min_size=1),
    st.integers(0, 12),
    st.integers(-2, 12),
    st.integers(-2, 14),
)
def test_a_bid_is_legal_exactly_by_the_rules(totals, empty, chips, slot, amount) -> None:
    """Legal iff the slot is empty (D37), 1 <= chips <= own chips, and the
    slot's new total ties no other slot's (D14)."""
    free = sorted(empty)
    new = totals[slot - 1] + amount if 1 <= slot <= 10 else None
    legal = (
        slot in free
        and 1 <= amount <= chips
        and all(t != new for i, t in enumerate(totals, 1) if i != slot)
    )
    action = {"slot": slot, "chips": amount}
    if legal:
        check_bid(action, chips, totals, free, True)
    else:
        with pytest.raises(IllegalAction):
            check_bid(action, chips, totals, free, True)
