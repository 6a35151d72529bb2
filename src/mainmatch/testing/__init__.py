"""The game author's testing kit (docs/engine.md "Testing your game").

Three parts, each a module an author's own tests import; this package imports
none of their test libraries until a helper that needs one is called, so
``import mainmatch.testing`` works with mainmatch alone:

- :mod:`mainmatch.testing.contract`: the engine contract's checks on a game
  (random play, declared types, secrecy, replay) and its golden file, in one
  call. Needs nothing more.
- :mod:`mainmatch.testing.discord`: a whole match on simcord, discord.py's real
  objects with only the network replaced: the real bot, members who answer
  their prompts through its components and modals, the result post. Needs
  ``simcord`` (``pip install "mainmatch[test]"``).
- :mod:`mainmatch.testing.browser`: the game served on a real server (SQLite),
  a player's page in Chromium at 390x844, the form submitted, and axe-core's
  check. Needs ``playwright`` and ``axe-playwright-python`` (the same extra)
  and a Chromium (``MAINMATCH_TEST_BROWSER``, else ``/usr/bin/chromium``);
  without one the test is skipped, saying so.

mainmatch's own tests use the same helpers.
"""

from __future__ import annotations

from .contract import check_game, golden_path

__all__ = ["check_game", "golden_path"]
