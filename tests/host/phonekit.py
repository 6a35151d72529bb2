"""What the project's own phone browser tests add to the testing kit
(``mainmatch.testing.phone`` and ``mainmatch.testing.browser``, issue 34 item
14): their admin key, the form's section names, and the screenshots.

Screenshots of each game's player page at phone width go to
``test-artifacts/``; with ``MAINMATCH_UPDATE_SCREENSHOTS=1`` also to
``docs/screenshots/`` (the README shows them).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
DOCS = ROOT / "docs" / "screenshots"
ADMIN_KEY = "phone-test-admin-key"
#: the names of the form's sections, in order
TOP_LEGENDS = """() => [...document.querySelectorAll('#action-form fieldset')]
  .filter((f) => !f.parentElement.closest('fieldset')).map((f) => f.querySelector('legend').innerText)"""


def shot(page, game_id: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"phone-{game_id}.png"
    height = min(1800, page.evaluate("document.scrollingElement.scrollHeight"))
    page.screenshot(
        path=str(path), full_page=True, clip={"x": 0, "y": 0, "width": 390, "height": height}
    )
    if os.environ.get("MAINMATCH_UPDATE_SCREENSHOTS"):
        DOCS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, DOCS / f"{game_id}-phone.png")
