"""The pages in a real browser (Playwright driving Debian's Chromium).

1. A host creates a six-player match on the create page (two people, four
   bots); both people submit through their own pages; the step resolves and
   the announcements and new views appear on every page without a reload.
   Screenshots are kept in ``test-artifacts/``.
2. For every game, the action form built from the step's JSON Schema can
   express random legal actions (set, read back, submitted and accepted).
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from mainmatch import games
from mainmatch.host.app import create_app
from mainmatch.testing.browser import chromium, error_shown, my_turn, served, until

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
#: the server's admin key: creating a match needs it
ADMIN_KEY = "browser-test-admin-key"


@pytest.fixture
def server(sqlite_url):
    """The app served by uvicorn in a thread on a free loopback port."""
    app = create_app(sqlite_url, scan_interval=0.2, admin_key=ADMIN_KEY)
    with served(app) as base:
        yield app, base


@pytest.fixture
def browser():
    with chromium() as b:
        yield b


def _page(browser, errors: list[str]):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    return page


def test_host_creates_a_six_player_match_and_two_people_play_a_step(server, browser):
    app, base = server
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    host = _page(browser, errors)
    # the host opens the home link `mainmatch serve` printed: the browser keeps the key
    host.goto(f"{base}/new")
    assert host.locator("#admin-needed").is_visible()
    host.goto(f"{base}/?key={ADMIN_KEY}")
    host.goto(f"{base}/new")
    assert host.locator("#admin-needed").count() == 0
    host.select_option("#game", "mvp")
    rows = host.locator("#seats tbody tr")
    rows.nth(5).wait_for()
    assert rows.count() == 6
    for i in range(2, 6):
        rows.nth(i).locator("select.seat").select_option("random")
    host.fill("#title", "Browser test")
    host.click("#create-form button[type=submit]")
    host.wait_for_url(f"{base}/host/*")
    links = host.locator("#seats-table .player-link")
    people = [links.nth(0).input_value(), links.nth(1).input_value()]
    names = [
        host.locator("#seats-table tbody tr").nth(i).get_attribute("data-player") for i in (0, 1)
    ]
    assert host.locator("#pending-table").inner_text().count("bot") == 4
    assert host.locator("#pending-table").inner_text().count("not yet") == 2

    pages = []
    for link in people:
        page = _page(browser, errors)
        page.goto(link)
        page.wait_for_selector("#action-form")
        pages.append(page)
    # person 1 bids one chip on the first biddable card; person 2 makes a mistake first
    pages[0].locator("#action-form fieldset .row input[type=number]").first.fill("1")
    asked_again: list[str] = []
    pages[0].on("request", lambda r: asked_again.append(r.url) if "/live/" in r.url else None)
    pages[0].click("#submit-action")
    pages[0].wait_for_selector("#submitted-banner")
    # the submission's answer carried the page's new state: no second request
    assert asked_again == []
    assert "Submitted" in pages[0].locator("#action-state").inner_text()
    assert "you can still change it" in pages[0].locator("#submitted-banner").inner_text().lower()
    # person 1's own row (the bots' rows say "submitted by its bot" from the start)
    until(
        host,
        f"document.querySelector('#pending-table tr[data-player=\"{names[0]}\"]')"
        ".innerText.includes('submitted')",
    )

    pages[1].locator("#action-form fieldset .row input[type=number]").first.fill("999")
    assert "but you have 30" in error_shown(pages[1])
    pages[1].locator("#action-form fieldset .row input[type=number]").first.fill("2")
    pages[1].click("#submit-action")

    # early resolution: the step resolves; every page shows it without a reload
    for page in (host, *pages):
        page.wait_for_selector('.announcement[data-step="1"]', timeout=30_000)
    for page in pages:
        until(page, "document.querySelector('#r-status').innerText.includes('Open step')")
        # the step's words are its description's (what it asks of this player)
        asked = games.get("mvp").step("round").ask
        assert f"2 · {asked}" in page.locator("#r-status").inner_text().replace("\n", " ")
        assert (
            "Round 2" in page.locator("#r-view").inner_text()
            or "Round 2" in page.locator("#r-view").inner_text().title()
        )
        assert "To you" in page.locator("#r-announcements").inner_text()
        assert page.locator("#action-form").count() == 1, "a fresh form for step 2"
    assert "Round 1 resolved" in host.locator("#post-1").inner_text()
    assert host.locator('.announcement[data-step="1"] details.dms').count() == 1
    rec = app.state.service.record(
        host.url.rsplit("/", 1)[-1]
        and app.state.service.access_of(host.url.rsplit("/", 1)[-1]).match_id
    )
    assert rec["steps"][0]["defaulted"] == [] and len(rec["steps"][0]["actions"]) == 6
    assert rec["steps"][0]["actions"][names[1]]["bids"] and list(
        rec["steps"][0]["actions"][names[1]]["bids"].values()
    ) == [2]
    host.screenshot(path=str(ARTIFACTS / "browser-host.png"), full_page=True)
    pages[0].screenshot(path=str(ARTIFACTS / "browser-player.png"), full_page=True)
    assert errors == [], f"script errors on the pages: {errors}"


def _normal(value):
    """An action without the parts that mean "nothing" (0, [], {}, null), so
    that two spellings of the same action compare equal."""
    if isinstance(value, dict):
        out = {k: _normal(v) for k, v in value.items()}
        return {k: v for k, v in out.items() if v not in (0, [], {}, None, False)}
    if isinstance(value, list):
        return [_normal(v) for v in value]
    return value


@pytest.mark.parametrize("game_id", games.ids())
def test_the_action_form_expresses_random_legal_actions(server, browser, game_id):
    app, base = server
    svc = app.state.service
    game = games.get(game_id)
    me, *others = game.default_players
    made = svc.create_match(
        game_id,
        list(game.default_players),
        seed=21,
        bots={p: "random" for p in others},
        deadlines={k: "manual" for k in game.action_models},
    )
    assert svc.wait_for_bots(60)  # the server's bots move in the background
    errors: list[str] = []
    page = _page(browser, errors)
    rng = random.Random(5)
    turns = 0
    while turns < 5:
        snap = my_turn(svc, made.match_id, me)
        if snap.over:
            break
        assert me in snap.pending, "the bots have moved: only the person can be awaited"
        action = game.random_action(snap.state, me, rng)
        page.goto(f"{base}/play/{made.player_tokens[me]}")
        page.wait_for_selector("#action-form")
        page.evaluate("a => window.mmActionForm.setValue(a)", action)
        sent = page.evaluate("() => window.mmActionForm.getValue()")
        assert _normal(sent) == _normal(action), (
            f"the form changed {json.dumps(action)} into {json.dumps(sent)}"
        )
        before = snap.count
        page.click("#submit-action")
        # the form goes away once the step resolves (and for good when the match ends)
        error = "() => (document.getElementById('action-error') || {}).textContent || ''"
        waited = time.monotonic() + 30  # a loaded CI machine can be slow
        while svc.snapshot(made.match_id)[1].count == before and time.monotonic() < waited:
            assert page.evaluate(error) == "", "the engine refused what the form sent"
            time.sleep(0.05)
        assert svc.wait_for_bots(60)
        assert page.evaluate(error) == ""
        rec = svc.record(made.match_id)
        assert rec["steps"][before]["actions"][me] == sent
        turns += 1
    assert turns >= 1 and errors == []
