"""The examples in the docstrings of The MVP's modules hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["cards", "pattern", "card_rule", "scoring", "outcome"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"mainmatch.games.mvp.{name}")
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
