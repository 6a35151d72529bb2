"""The examples in the Discord bot's docstrings are true (readers of typed
fields, mention neutralising, message cutting, player ids)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "mainmatch.discord.forms",
    "mainmatch.discord.text",
    "mainmatch.discord.hosting",
]


@pytest.mark.parametrize("name", MODULES)
def test_discord_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
