"""The shared balance's rules (amalgamation spec §3.1 rules 4 and 7, §4.1.1, §4.1.3 penalty)."""

from __future__ import annotations

import pytest

from mainmatch.engine import IllegalAction
from mainmatch.games.amalgamation import budget

from .helpers import act


def test_spend_parts_counts_absolute_bids():
    a = act(contribute=30, bids=[-5, 0, 12, 0, -1], invest=20, donate=5, bet=40)
    assert budget.spend_parts(a) == (30, 18, 20, 5, 40)
    assert sum(budget.spend_parts(a)) == 113


def test_max_spend_counts_every_garnet_held():
    assert budget.max_spend(250, 2, 13) == 276


def test_purchase_limited_to_garnets_held():
    budget.check_purchase(2, 2)
    with pytest.raises(IllegalAction, match="buy_garnets of 3 exceeds your 2 garnets"):
        budget.check_purchase(3, 2)
    with pytest.raises(IllegalAction, match="exceeds your 0 garnets"):
        budget.check_purchase(1, 0)


def test_no_debt_counts_only_this_rounds_purchase():
    budget.check_no_debt((100, 0, 0, 0, 26), 100, 2, 2, 13)
    with pytest.raises(IllegalAction) as err:
        budget.check_no_debt((100, 0, 0, 0, 1), 100, 0, 2, 13)
    assert str(err.value) == (
        "total spend of $101 (kong $100 + minus $0 + invest $0 + donate $0 + thief $1) exceeds "
        "your balance of $100; selling up to 2 garnets at $13 each would give you up to $126"
    )
    with pytest.raises(
        IllegalAction, match=r"exceeds your \$113 \(\$100 balance \+ 1 garnet x \$13\);"
    ):
        budget.check_no_debt((114, 0, 0, 0, 0), 100, 1, 2, 13)


def test_settle_and_penalize():
    assert budget.settle(100, 2, 13, 126) == 0
    with pytest.raises(IllegalAction):
        budget.settle(100, 0, 13, 101)
    assert budget.penalize(340) == (320, 20)
    assert budget.penalize(7) == (0, 7)
    assert budget.penalize(0) == (0, 0)
