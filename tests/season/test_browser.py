"""The season page in a real browser at phone width (Playwright, Debian's Chromium).

The host enters an adjustment, a refused transfer (its one-line error shows
and nothing changes) and a Death Match through the host page's forms on a
390x844 viewport; the standings update, and neither the public nor the
host page scrolls sideways. A season started from the host's home page (admin key)
shows its host link once. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mainmatch.host.app import create_app
from mainmatch.testing.browser import chromium, served

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(sqlite_url):
    app = create_app(sqlite_url, scan_interval=0.5, admin_key="season-browser-key")
    with served(app) as base:
        yield app, base


def phone_page(browser, errors: list[str]):
    """A 390 px page that collects script errors and accepts every confirm()."""
    page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    return page


def test_host_edits_the_season_on_a_phone(server):
    app, base = server
    names = {p: f"Player {p.upper()} with a long name" for p in "abcdefghijkl"}
    _, token = app.state.seasons.create("phone", list(names), names=names, starting_garnets=1)
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with chromium() as browser:
        from playwright.sync_api import expect

        page = phone_page(browser, errors)
        page.goto(f"{base}/seasons/phone/host/{token}")

        form = page.locator("form[data-kind=adjust]")
        form.locator("select[name=player]").select_option("c")
        form.locator("input[name=garnets]").fill("5")
        form.locator("input[name=reason]").fill("won the side quest")
        form.locator("button[type=submit]").click()
        first = page.locator("table.standings tbody tr").first
        expect(first).to_have_attribute("data-player", "c")
        expect(first.locator("td").nth(2)).to_have_text("6")

        form = page.locator("form[data-kind=transfer]")
        form.locator("select[name=giver]").select_option("a")
        form.locator("select[name=receiver]").select_option("b")
        form.locator("input[name=garnets]").fill("3")
        form.locator("button[type=submit]").click()
        expect(form.locator(".error")).to_have_text("a holds 1 garnet and cannot give 3")
        assert len(app.state.seasons.get("phone").entries) == 1

        form = page.locator("form[data-kind=death_match]")
        form.locator("select[name=ec]").select_option("d")
        form.locator("select[name=opponent]").select_option("e")
        form.locator("select[name=winner]").select_option("ec")
        form.locator("button[type=submit]").click()
        out = page.locator("table.standings tr[data-player=e]")
        expect(out).to_have_class("out")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(ARTIFACTS / "season-host-390.png"), full_page=True)

        # the host's home (admin key): a season started from the web, its host link shown once
        page.goto(f"{base}/?key=season-browser-key")
        form = page.locator("#season-form")
        form.locator("input[name=name]").fill("web1")
        form.locator("input[name=cast]").fill("ann, ben, cal")
        form.locator("input[name=garnets]").fill("2")
        form.locator("button[type=submit]").click()
        link = page.locator("#season-host-link")
        expect(link).to_contain_text("/seasons/web1/host/")
        host_url = link.get_attribute("href")
        form.locator("button[type=submit]").click()  # the same name again: one line, nothing made
        expect(form.locator(".error")).to_have_text("there is already a season named web1")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.goto(str(host_url))
        expect(page.locator("#host")).to_have_count(1)
        expect(page.locator("table.standings tbody tr")).to_have_count(3)
        assert app.state.seasons.get("web1").standings.players["cal"].garnets == 2

        page.goto(f"{base}/seasons/phone")
        expect(page.locator("#host")).to_have_count(0)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        table = page.locator("table.standings")
        assert table.evaluate("t => t.getBoundingClientRect().right") <= PHONE["width"]
        page.screenshot(path=str(ARTIFACTS / "season-390.png"), full_page=True)
    assert errors == []
    st = app.state.seasons.get("phone").standings
    assert st.players["e"].status == "eliminated" and st.players["c"].garnets == 6


def test_host_enters_a_match_by_id_and_mixes_people_and_bots(server):
    """The host picks a finished match of the server from the list (it becomes
    episode 1, linked to its spectator page), then makes the next Main Match
    with seat a a person and the others bots: the form warns while the count is
    wrong, the links show the person's seat only, and the season's match opens
    its host page through a new host link."""
    app, base = server
    svc, seasons = app.state.service, app.state.seasons
    cast = ["a", "b", "c", "d", "e", "f", "g"]
    _, token = seasons.create("mix", cast)
    six = cast[:6]
    done = svc.create_match("amalgamation", six, bots=dict.fromkeys(six, "random"), seed=3)
    assert svc.wait_for_bots(60)
    errors: list[str] = []
    with chromium() as browser:
        from playwright.sync_api import expect

        page = phone_page(browser, errors)
        page.goto(f"{base}/seasons/mix/host/{token}")

        form = page.locator("form.season-hosted")
        form.locator("button[type=submit]").click()
        expect(form.locator(".error")).to_have_text("choose a finished match or type its id")
        form.locator("select[name=pick]").select_option(done.match_id)
        form.locator("button[type=submit]").click()
        episode = page.locator("table.episodes tbody[data-episode='1']")
        expect(episode.locator("tr[data-player]")).to_have_count(6)
        link = episode.locator("a")
        expect(link).to_have_attribute("href", f"/watch/{done.spectator_token}")

        form = page.locator("form.season-match")
        form.locator("select[name=game]").select_option("amalgamation")
        warning = form.locator(".count-warning")
        expect(warning).to_have_text("The Amalgamation takes 6 players; 7 are chosen.")
        form.locator("input[name=plays][value=g]").uncheck()
        expect(warning).to_have_text("")
        expect(form.locator("select[name=seat][data-player=g]")).to_be_disabled()
        for p in six[1:]:
            form.locator(f"select[name=seat][data-player={p}]").select_option("random")
        form.locator("button[type=submit]").click()
        created = form.locator(".created p")
        expect(created).to_have_count(3)  # host, spectators, and player a only
        expect(created.nth(2)).to_contain_text("Player a: ")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(ARTIFACTS / "season-mix-390.png"), full_page=True)

        season = seasons.get("mix")
        made = season.matches[0]["match"]
        with svc.db.read() as s:
            from mainmatch.host.models import SeatRow

            bots = {r.player: r.bot for r in s.query(SeatRow).filter(SeatRow.match_id == made)}
        assert bots == {"a": None, **dict.fromkeys(six[1:], "random")}

        page.reload()
        page.locator(f"button.host-link[data-match='{made}']").click()
        page.wait_for_url(f"{base}/host/*")
        expect(page.locator("h1")).to_have_count(1)
        acc = svc.access_of(page.url.rsplit("/", 1)[1])
        assert acc is not None and acc.role == "host" and acc.match_id == made
    assert errors == []


def test_the_season_page_takes_the_host_token_the_cli_printed(server):
    """`mainmatch season new` prints a host token and names the season page: its
    box opens the host page with it (issue 34 item 7); a wrong token opens nothing."""
    app, base = server
    _, token = app.state.seasons.create("door", ["a", "b", "c"])
    errors: list[str] = []
    with chromium() as browser:
        from playwright.sync_api import expect

        page = phone_page(browser, errors)
        page.goto(f"{base}/?key=season-browser-key")  # the season is private: the admin reads it
        page.goto(f"{base}/seasons/door")
        expect(page.locator("#host")).to_have_count(0)
        box = page.get_by_label("Host token")
        box.fill("not-the-token")
        page.get_by_role("button", name="Open the host page").click()
        expect(page.locator("#host")).to_have_count(0)
        page.goto(f"{base}/seasons/door")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.get_by_label("Host token").fill(token)
        page.get_by_role("button", name="Open the host page").click()
        expect(page.locator("#host")).to_have_count(1)
        assert page.url == f"{base}/seasons/door/host/{token}"
        expect(page.locator("#host-door")).to_have_count(0)
    assert errors == []
