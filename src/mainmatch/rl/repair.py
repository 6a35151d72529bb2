"""The table's repair of a refused action: it lives in ``mainmatch.engine.repair``
(the bot driver repairs a learned bot's actions with it too); kept here under
its old name for the environments."""

from __future__ import annotations

from mainmatch.engine.repair import (
    HALVINGS,
    TOGGLES,
    bare,
    clone,
    cut,
    repair,
    scaled,
    shrink,
    shrunk,
    toggled,
)

__all__ = [
    "HALVINGS",
    "TOGGLES",
    "bare",
    "clone",
    "cut",
    "repair",
    "scaled",
    "shrink",
    "shrunk",
    "toggled",
]
