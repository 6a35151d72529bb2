"""The examples in the sub-game modules' docstrings."""

from __future__ import annotations

import doctest

import pytest

from mainmatch.games.amalgamation import invest, kong, minus, scoring, setup, thief


@pytest.mark.parametrize("module", [kong, minus, invest, thief, scoring, setup])
def test_doctests(module):
    failed, tried = doctest.testmod(module)
    assert tried and not failed
