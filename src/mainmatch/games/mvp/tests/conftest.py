"""Makes ``mvp_table`` (the tests' helpers) importable and offers a fresh table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mvp_table import Table


@pytest.fixture
def table() -> Table:
    """A match on the examples' config (L0, 5 garnets each)."""
    return Table()
