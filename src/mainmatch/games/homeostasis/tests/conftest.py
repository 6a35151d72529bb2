"""Homeostasis tests: make ``homeostasis_helpers`` importable (tests run with
``--import-mode=importlib``, which leaves ``sys.path`` alone)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
