"""A player's page at phone size, step by step (docs/engine.md "Testing your game").

The helpers a browser test of a game's form uses on a Playwright page
(:mod:`mainmatch.testing.browser` opens one): open a player's page, read what
the form says, wait for the rules' check of the draft and its echo, submit and
wait for the step to resolve. Each takes the page (and, where it waits for the
server, the host service) and imports no browser library itself.
"""

from __future__ import annotations

import random
import re
import time
from typing import TYPE_CHECKING, Any

from mainmatch import games
from mainmatch.engine.game import JSONObject
from mainmatch.engine.match import play_random

if TYPE_CHECKING:  # annotations only: Playwright loads when a browser starts
    from playwright.sync_api import Page

    from mainmatch.host.creation import Created
    from mainmatch.host.service import HostService

__all__ = [
    "PHONE",
    "RAW",
    "STUBS",
    "check_words",
    "echo_of",
    "finished",
    "open_page",
    "rules_say",
    "running",
    "submit_and_wait",
    "width",
]

#: the phone every page must fit (issue 17): 390 px wide, 844 high
PHONE = {"width": 390, "height": 844}
#: a JSON bracket, or a config/request key such as garnet_rate or choice_targets
RAW = re.compile(r"[\[\]{}]|\b[a-z]+_[a-z_]+\b")
#: the texts of the form a player reads: the request, help, legends, names, row labels
WORDS = """() => [...document.querySelectorAll(
  '#request-summary, #action-form .help, #action-form legend, #action-form .name, #action-form .rowlabel')]
  .map((e) => e.innerText.trim()).filter(Boolean)"""
#: records a notification or a sound instead of making one (``context.add_init_script``)
STUBS = """
window.__notes = []; window.__beeps = 0;
window.Notification = class { constructor(title, opts) { window.__notes.push(title); }
  static get permission() { return "granted"; } static requestPermission() { return Promise.resolve("granted"); } };
window.AudioContext = class { constructor() { window.__beeps += 1; this.currentTime = 0; this.destination = {}; }
  createOscillator() { return { frequency: {}, connect: (x) => x, start() {}, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (x) => x }; } };
"""


def running(
    svc: HostService, game_id: str, people: int = 1, title: str = "", **options: Any
) -> Created:
    """A match of ``game_id`` at its default table on the host service ``svc``:
    the first ``people`` seats awaited (people), ``random`` bots in the rest,
    every deadline manual; the service's ``Created`` (its tokens)."""
    game = games.get(game_id)
    players = list(game.default_players)
    return svc.create_match(
        game_id,
        players,
        seed=21,
        bots={p: "random" for p in players[people:]},
        deadlines={k: "manual" for k in game.action_models},
        title=title,
        options=options,
    )


def finished(svc: HostService, game_id: str) -> Created:
    """A finished match of ``game_id`` (random play, imported as a record)."""
    game = games.get(game_id)
    match = play_random(game, game.new_config(list(game.default_players), seed=4), random.Random(4))
    return svc.import_record(match.record(), title=f"Finished {game.title}")


def width(page: Page) -> int:
    """How wide the page's content is, in CSS pixels (wider than the viewport
    means it scrolls sideways)."""
    page.wait_for_load_state("load")
    return int(page.evaluate("document.scrollingElement.scrollWidth"))


def check_words(page: Page, where: str) -> None:
    """The form's texts are words: no JSON bracket and no config or request key."""
    texts = page.evaluate(WORDS)
    assert texts, f"{where}: no request summary"
    bad = [t for t in texts if RAW.search(t)]
    assert bad == [], f"{where}: JSON or config keys shown to the player: {bad}"


def submit_and_wait(page: Page, svc: HostService, match_id: str) -> JSONObject:
    """Submit the form; wait until the step resolves; the actions the engine
    recorded for that step (``{player: action}``)."""
    before = svc.snapshot(match_id)[1].count
    page.click("#submit-action")
    error = "() => (document.getElementById('action-error') || {}).textContent || ''"
    end = time.monotonic() + 30
    while svc.snapshot(match_id)[1].count == before and time.monotonic() < end:
        assert page.evaluate(error) == "", "the engine refused what the form sent"
        time.sleep(0.05)
    assert svc.snapshot(match_id)[1].count > before, "the step did not resolve"
    return dict(svc.record(match_id)["steps"][before]["actions"])


def open_page(page: Page, base: str, token: str) -> None:
    """The player page of ``token``, once its form is drawn."""
    page.goto(f"{base}/play/{token}")
    page.wait_for_selector("#action-form")


def rules_say(
    page: Page, expected: str | None = None, timeout: float = 10, starts: str | None = None
) -> str:
    """The rules' answer to the form's draft (the check the page asks as the
    player types): wait until the warning line is ``expected`` (``""``: none),
    or begins with ``starts`` (the answer to the new draft, not an earlier
    draft's still on the line), or, with neither, until it says something; its text."""
    js = "(document.getElementById('action-warning') || {}).textContent || ''"
    end = time.monotonic() + timeout
    while True:
        said = str(page.evaluate(f"() => {js}"))
        if expected is not None:
            done = said == expected
        else:
            done = said.startswith(starts) if starts is not None else bool(said)
        if done:
            return said
        assert time.monotonic() < end, f"the form's check said {said!r}, not {expected!r}"
        time.sleep(0.05)


def echo_of(page: Page, contains: str, timeout: float = 10) -> str:
    """The form's draft read back in words, once it holds ``contains``."""
    js = "(document.getElementById('action-echo') || {}).textContent || ''"
    end = time.monotonic() + timeout
    while contains not in (said := str(page.evaluate(f"() => {js}"))):
        assert time.monotonic() < end, f"the echo is {said!r}, without {contains!r}"
        time.sleep(0.05)
    return said
