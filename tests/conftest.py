"""Shared test helpers."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the specs live beside the project (shared/rules); tests never need them to run
SHARED = ROOT.parent / "shared"


@pytest.fixture
def update_golden() -> bool:
    """Set MAINMATCH_UPDATE_GOLDEN=1 to rewrite golden files instead of comparing."""
    return os.environ.get("MAINMATCH_UPDATE_GOLDEN") == "1"
