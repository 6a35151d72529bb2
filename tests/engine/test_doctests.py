"""The examples in the engine's and Seat Exchange's docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "mainmatch.engine.checks",
    "mainmatch.engine.configcheck",
    "mainmatch.engine.ec",
    "mainmatch.engine.ranking",
    "mainmatch.engine.result",
    "mainmatch.games.seat_exchange.streaks",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
