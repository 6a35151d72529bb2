"""The /new page in a real browser for a game with a range of players
(``RangeBid``: 3 to 5): the Players field adds and removes seat rows within the
range, keeps the ids typed, and the match is created with the count chosen; a
game of one number shows its count fixed."""

from __future__ import annotations

import pytest

from mainmatch.host.app import create_app
from mainmatch.testing.browser import chromium, served

pytestmark = pytest.mark.browser
ADMIN_KEY = "browser-test-admin-key"


def test_the_host_picks_the_count_within_the_range(sqlite_url, range_game):
    app = create_app(sqlite_url, scan_interval=0.2, admin_key=ADMIN_KEY)
    with served(app) as base, chromium() as browser:
        errors: list[str] = []
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.set_default_timeout(30_000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/?key={ADMIN_KEY}")
        page.goto(f"{base}/new")
        page.select_option("#game", "mvp")
        assert page.locator("#count").is_disabled() and page.input_value("#count") == "6"
        assert page.locator("#count-range").inner_text() == "The MVP takes exactly 6 players"

        page.select_option("#game", "rangebid")
        rows = page.locator("#seats tbody tr")
        assert page.input_value("#count") == "4" and rows.count() == 4
        assert page.locator("#count-range").inner_text() == "Range Bid takes 3 to 5 players"
        assert (page.get_attribute("#count", "min"), page.get_attribute("#count", "max")) == (
            "3",
            "5",
        )
        rows.nth(0).locator("input.player-id").fill("zoe")
        page.fill("#count", "5")
        assert rows.count() == 5
        assert rows.nth(4).locator("input.player-id").input_value() == "p1"
        page.fill("#count", "3")
        assert rows.count() == 3
        assert rows.nth(0).locator("input.player-id").input_value() == "zoe"
        for i in (1, 2):
            rows.nth(i).locator("select.seat").select_option("random")
        page.click("#create-form button[type=submit]")
        page.wait_for_url(f"{base}/host/*")
        match_id = app.state.service.access_of(page.url.rsplit("/", 1)[-1]).match_id
        assert app.state.service.record(match_id)["config"]["players"] == ["zoe", "ben", "cat"]
        assert errors == [], f"script errors on the pages: {errors}"
