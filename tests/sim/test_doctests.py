"""The examples in the simulator's and bots' docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "mainmatch.sim.backends",
    "mainmatch.sim.keep",
    "mainmatch.sim.plan",
    "mainmatch.sim.stats",
    "mainmatch.sim.summary",
    "mainmatch.sim.tables",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
