"""What the phone browser tests share (issue #17): one server and one Chromium
page at 390x844 per test module, the words checks and the screenshots.

Screenshots of each game's player page at phone width go to
``test-artifacts/``; with ``MAINMATCH_UPDATE_SCREENSHOTS=1`` also to
``docs/screenshots/`` (the README shows them).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import time
from pathlib import Path

from mainmatch import games
from mainmatch.engine.match import play_random

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
DOCS = ROOT / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}
ADMIN_KEY = "phone-test-admin-key"
#: a JSON bracket, or a config/request key such as garnet_rate or choice_targets
RAW = re.compile(r"[\[\]{}]|\b[a-z]+_[a-z_]+\b")
WORDS = """() => [...document.querySelectorAll(
  '#request-summary, #action-form .help, #action-form legend, #action-form .name, #action-form .rowlabel')]
  .map((e) => e.innerText.trim()).filter(Boolean)"""
#: the names of the form's sections, in order
TOP_LEGENDS = """() => [...document.querySelectorAll('#action-form fieldset')]
  .filter((f) => !f.parentElement.closest('fieldset')).map((f) => f.querySelector('legend').innerText)"""
#: records a notification or a sound instead of making one
STUBS = """
window.__notes = []; window.__beeps = 0;
window.Notification = class { constructor(title, opts) { window.__notes.push(title); }
  static get permission() { return "granted"; } static requestPermission() { return Promise.resolve("granted"); } };
window.AudioContext = class { constructor() { window.__beeps += 1; this.currentTime = 0; this.destination = {}; }
  createOscillator() { return { frequency: {}, connect: (x) => x, start() {}, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (x) => x }; } };
"""


def running(svc, game_id: str, people: int = 1, title: str = "", **options):
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


def finished(svc, game_id: str):
    game = games.get(game_id)
    match = play_random(game, game.new_config(list(game.default_players), seed=4), random.Random(4))
    return svc.import_record(match.record(), title=f"Finished {game.title}")


def width(page) -> int:
    page.wait_for_load_state("load")
    return page.evaluate("document.scrollingElement.scrollWidth")


def check_words(page, where: str) -> None:
    texts = page.evaluate(WORDS)
    assert texts, f"{where}: no request summary"
    bad = [t for t in texts if RAW.search(t)]
    assert bad == [], f"{where}: JSON or config keys shown to the player: {bad}"


def submit_and_wait(page, svc, match_id: str) -> dict:
    """Submit the form; wait until the step resolves; the action the engine recorded."""
    before = svc.snapshot(match_id)[1].count
    page.click("#submit-action")
    error = "() => (document.getElementById('action-error') || {}).textContent || ''"
    end = time.monotonic() + 30
    while svc.snapshot(match_id)[1].count == before and time.monotonic() < end:
        assert page.evaluate(error) == "", "the engine refused what the form sent"
        time.sleep(0.05)
    assert svc.snapshot(match_id)[1].count > before, "the step did not resolve"
    return svc.record(match_id)["steps"][before]["actions"]


def open_page(page, base: str, token: str) -> None:
    page.goto(f"{base}/play/{token}")
    page.wait_for_selector("#action-form")


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


def rules_say(page, expected: str | None = None, timeout: float = 10) -> str:
    """The rules' answer to the form's draft (the check the page asks as the
    player types): wait until the warning line is ``expected`` (``""``: none)
    or, without ``expected``, until it says something; its text."""
    js = "(document.getElementById('action-warning') || {}).textContent || ''"
    end = time.monotonic() + timeout
    while True:
        said = page.evaluate(f"() => {js}")
        if (said == expected) if expected is not None else said:
            return said
        assert time.monotonic() < end, f"the form's check said {said!r}, not {expected!r}"
        time.sleep(0.05)


def echo_of(page, contains: str, timeout: float = 10) -> str:
    """The form's draft read back in words, once it holds ``contains``."""
    js = "(document.getElementById('action-echo') || {}).textContent || ''"
    end = time.monotonic() + timeout
    while contains not in (said := page.evaluate(f"() => {js}")):
        assert time.monotonic() < end, f"the echo is {said!r}, without {contains!r}"
        time.sleep(0.05)
    return said
