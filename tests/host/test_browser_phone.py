"""Players on phones (issue #17), in a real browser (Playwright driving Debian's Chromium).

1. Every page kind of every game fits a 390x844 phone with no sideways
   scrolling: home and /new; the player, host and spectator pages of a match in
   progress and of a finished one (and the same pages at 1280 px).
2. A round of each game is played through its own inputs as a person would:
   typing, picking, tapping seats on the circle and slots on the row; the
   request summary and the help texts are sentences (no JSON bracket, no
   config key) at every step met.
3. The turn alert: the tab title, a notification when allowed, and the sound.

One browser and one server for the module. Screenshots of each game's player
page at phone width go to ``test-artifacts/``; with
``MAINMATCH_UPDATE_SCREENSHOTS=1`` also to ``docs/screenshots/`` (the README
shows them).
"""

from __future__ import annotations

import json

import pytest

from mainmatch import games
from mainmatch.host.service import Access
from mainmatch.testing.browser import error_shown, until
from mainmatch.testing.phone import (
    PHONE,
    check_words,
    echo_of,
    finished,
    open_page,
    rules_say,
    running,
    submit_and_wait,
    width,
)

from .phonekit import ADMIN_KEY, TOP_LEGENDS, shot

pytestmark = pytest.mark.browser


def test_every_page_kind_fits_a_phone(phone_server, phone, phone_browser):
    app, base = phone_server
    svc = app.state.service
    wide = {}
    for name in ("", "new"):  # before the host opens the home link: a way in, no list
        phone.goto(f"{base}/{name}")
        assert phone.locator("#admin-login, #admin-needed").count() == 1
        if width(phone) > PHONE["width"]:
            wide[f"/{name} without the key"] = width(phone)
    phone.goto(f"{base}/?key={ADMIN_KEY}")  # the home link: from now on the host's pages
    urls = {"home": f"{base}/", "new": f"{base}/new"}
    for gid in games.ids():
        me = games.get(gid).default_players[0]
        for state, made in (("running", running(svc, gid)), ("over", finished(svc, gid))):
            urls[f"{gid} {state} player"] = f"{base}/play/{made.player_tokens[me]}"
            urls[f"{gid} {state} host"] = f"{base}/host/{made.host_token}"
            urls[f"{gid} {state} spectator"] = f"{base}/watch/{made.spectator_token}"
    for name, url in urls.items():
        phone.goto(url)
        if name.endswith("player") and "running" in name:
            assert phone.errors == [], name
            phone.wait_for_selector("#action-form")
        w = width(phone)
        if w > PHONE["width"]:
            wide[name] = w
    assert wide == {}, f"pages wider than a 390 px phone: {wide}"
    # the list of matches on the home page is there (and fitted, above)
    phone.goto(f"{base}/")
    assert phone.locator(".match-item").count() == 2 * len(games.ids())
    # and the desktop stays good: nothing wider than 1280 either
    desk = phone_browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        for name in ("home", "new", "mvp running player", "seat_exchange over host"):
            desk.goto(urls[name])
            assert width(desk) <= 1280, name
    finally:
        desk.close()
    assert phone.errors == []


# ------------------------------------------------------------------ playing through the inputs


def _start(phone_server, phone, game_id: str):
    """A match with a person in the first seat, whose page is open at their first step."""
    app, base = phone_server
    made = running(app.state.service, game_id)
    open_page(phone, base, made.player_tokens[games.get(game_id).default_players[0]])
    check_words(phone, f"{game_id}: the first step")
    return app.state.service, made


def test_amalgamation_round_through_its_inputs(phone_server, phone):
    svc, made = _start(phone_server, phone, "amalgamation")
    legends = phone.evaluate(TOP_LEGENDS)
    assert legends == [
        "Kong's Dilemma",
        "Minus Auction",
        "Investment & Donation",
        "Garnet Chip Thief",
    ]
    shot(phone, "amalgamation")
    form = phone.locator("#action-form")
    form.locator("fieldset:has(legend:text('Kong')) input").fill("20")
    for i, box in enumerate(
        form.locator("fieldset:has(legend:text('bid on each tile')) input").all()
    ):
        box.fill(str(-1 - i))
    form.locator("fieldset:has(legend:text('Investment')) input").nth(0).fill("30")
    form.locator("fieldset:has(legend:text('Investment')) input").nth(1).fill("5")
    form.locator("fieldset:has(legend:text('Thief')) input").fill("10")
    # no role chosen yet: the engine says so in the player's words
    assert error_shown(phone).endswith(": choose a role for Garnet Chip Thief")
    form.locator("fieldset:has(legend:text('Thief')) select").select_option(label="police")
    # the rules' own check as the player types (amalgamation spec §3.1 rule 7): nothing refused, the moves read back
    rules_say(phone, "")
    assert echo_of(phone, "police").startswith("Kong's Dilemma: $20 into your team's pot.")
    form.locator("fieldset:has(legend:text('Investment')) input").nth(0).fill("400")
    assert rules_say(phone) == (
        "total spend of $450 (kong $20 + minus $15 + invest $400 + donate $5 + thief $10)"
        " exceeds your balance of $400"
    )
    form.locator("fieldset:has(legend:text('Investment')) input").nth(0).fill("30")
    acts = submit_and_wait(phone, svc, made.match_id)
    a = acts["a"]
    assert a["kong"] == {"contribute": 20} and a["minus"] == {"bids": [-1, -2, -3, -4, -5]}
    assert a["invest"] == {"invest": 30, "donate": 5} and a["thief"] == {
        "bet": 10,
        "role": "police",
    }
    # the next round's form has its parts in the same order
    until(phone, "document.querySelector('#r-status').innerText.includes('2 ·')")
    phone.wait_for_selector("#action-form")
    again = phone.evaluate(TOP_LEGENDS)
    assert again == legends
    assert phone.errors == []


def test_seat_exchange_trades_by_tapping_seats(phone_server, phone):
    svc, made = _start(phone_server, phone, "seat_exchange")
    assert phone.locator("#withdraw-action").is_hidden(), "nothing to withdraw yet"
    phone.click("g.seat-button[data-seat=dh]")
    phone.click("g.seat-button[data-seat=sm]")
    # no amount typed yet: the engine says so in the player's words
    assert error_shown(phone) == "trade 1 (dh and sm): enter the amount you pay, in whole dollars"
    phone.locator(".trade-list input").first.fill("30")
    phone.click("g.seat-button[data-seat=p04]")
    phone.click("g.seat-button[data-seat=p04]")  # the same seat twice: a self-swap
    assert "self-swap" in phone.locator(".trade-list").inner_text()
    phone.locator(".trade-list input").nth(1).fill("80")
    # the rules' own words, asked as the player types (seat_exchange spec §3.1 rule 4)
    rules_say(phone, starts="trades total $110 but you have $100")
    phone.locator(".trade-list input").nth(1).fill("50")
    rules_say(phone, "")
    assert echo_of(phone, "self-swap") == (
        "You pay $30 for a trade between dh and sm; $50 for a self-swap of p04."
    )
    assert phone.locator("svg.pick line.trade-line").count() == 2
    shot(phone, "seat_exchange")
    acts = submit_and_wait(phone, svc, made.match_id)
    assert acts["jk"] == {
        "trades": [
            {"players": ["dh", "sm"], "amount": 30},
            {"players": ["p04", "p04"], "amount": 50},
        ]
    }
    assert phone.errors == []


def test_the_host_page_shows_whole_links_on_a_desktop_and_a_phone(
    phone_server, phone, phone_browser
):
    """Each link box of the host page shows its whole link (issue 34 item 7: an
    input cut `http://127.0.0.1:1810` at 1280 px), and Copy copies it whole."""
    app, base = phone_server
    made = running(app.state.service, "seat_exchange")
    links = {f"{base}/watch/{made.spectator_token}"}
    links |= {f"{base}/play/{t}" for t in made.player_tokens.values()}
    desk = phone_browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        for page in (desk, phone):
            page.goto(f"{base}/host/{made.host_token}")
            page.wait_for_selector("#seats-table")
            boxes = page.evaluate(
                """() => [...document.querySelectorAll('#link-spectator, #seats-table .player-link')]
                .map(b => ({value: b.value, cut: b.scrollWidth > b.clientWidth
                            || b.scrollHeight > b.clientHeight + 1}))"""
            )
            assert {b["value"] for b in boxes} == links
            assert [b["value"] for b in boxes if b["cut"]] == [], page.viewport_size
            assert width(page) <= page.viewport_size["width"]
        phone.evaluate(
            "() => { navigator.clipboard.writeText = (t) => { window.__copied = t;"
            " return Promise.resolve(); }; }"
        )
        phone.click("#seats-table button.copy >> nth=0")
        first = phone.locator("#seats-table .player-link").first.input_value()
        until(phone, f"window.__copied === {json.dumps(first)}")
    finally:
        desk.close()
    assert phone.errors == []


def test_second_to_won_bids_with_the_rules_words_on_choice(phone_server, phone):
    svc, made = _start(phone_server, phone, "second_to_won")
    request = svc.overview(Access(made.match_id, "player", "ana"))["request"]
    choice = [
        i["letter"] for i in request["items"] if any(e["target"] == "choice" for e in i["effects"])
    ]
    assert choice, "the official catalogue's auction 1 has an item to CHOICE"
    rows = phone.locator("#action-form fieldset .row[data-key]")
    assert rows.count() == len(request["items"])
    # ana holds no garnets: no garnet box to fill on any item
    assert phone.locator("#action-form [data-path='bids{}.garnets']").count() == 0
    # "For" only beside an item to CHOICE (issue 34 item 9): no picker on a "to YOU" item
    for item in request["items"]:
        row = phone.locator(f"#action-form .row[data-key={item['letter']}]")
        fors = row.locator("[data-path='bids{}.choice']").count()
        assert fors == (item["letter"] in choice), (item["letter"], fors)
        assert ("For" in row.inner_text()) == (item["letter"] in choice)
    shot(phone, "second_to_won")
    letters = [i["letter"] for i in request["items"] if i["letter"] not in choice][:2]
    for letter in letters:
        row = phone.locator(f"#action-form .row[data-key={letter}]")
        row.locator("input[type=number]").first.fill("2")
    # a bid on the item to CHOICE without its player: the rules say so, naming "For"
    mine = phone.locator(f"#action-form .row[data-key={choice[0]}]")
    mine.locator("input[type=number]").first.fill("1")
    rules_say(
        phone,
        f'item {choice[0]} is to CHOICE: name the player in "choice"'
        f' (under "For", choose the player item {choice[0]} goes to)',
    )
    mine.locator("select").select_option(label="ben")
    rules_say(phone, "")
    assert f"1 chip on {choice[0]} (" in echo_of(phone, "for ben")
    acts = submit_and_wait(phone, svc, made.match_id)
    assert sorted(acts["ana"]["bids"]) == sorted([*letters, choice[0]])
    assert all(acts["ana"]["bids"][x] == {"chips": 2} for x in letters)
    assert acts["ana"]["bids"][choice[0]] == {"chips": 1, "choice": "ben"}
    assert phone.errors == []


def test_mvp_round_through_its_inputs(phone_server, phone):
    svc, made = _start(phone_server, phone, "mvp")
    # no garnets: no chips to buy (a purchase of places is refused by the rules, below)
    assert "Chips to buy with garnets" not in phone.locator("#action-form").inner_text()
    shot(phone, "mvp")
    bids = phone.locator("#action-form fieldset .row[data-key] input[type=number]")
    bids.first.fill("3")
    first = phone.locator("#action-form fieldset .row[data-key]").first.get_attribute("data-key")
    assert echo_of(phone, "chips") == f"You add 3 chips on {first} to your bids."
    # nor places to learn: a purchase is not offered to a player without garnets
    assert "Learn the card" not in phone.locator("#action-form").inner_text()
    acts = submit_and_wait(phone, svc, made.match_id)
    assert acts["ada"]["bids"] == {first: 3}
    # with garnets the purchases are offered
    base = phone_server[1]
    rich = running(svc, "mvp", garnets={"ada": 3})
    open_page(phone, base, rich.player_tokens["ada"])
    text = phone.locator("#action-form").inner_text()
    assert "Learn the card on a hidden place" in text and "Chips to buy with garnets" in text
    assert phone.errors == []


# ------------------------------------------------------------------ the turn alert


def test_the_turn_alert(phone_server, phone):
    app, base = phone_server
    svc = app.state.service
    made = running(svc, "mvp", people=2)
    open_page(phone, base, made.player_tokens["ada"])
    title = phone.title()
    assert title.startswith("● Your move"), "the page opened on the player's move"
    phone.check("#alert-sound")  # the player turns the sound on (it plays once to try it)
    assert phone.evaluate("window.__beeps") == 1
    assert phone.locator("#alert-notify").inner_text() == "Notifications on"
    phone.locator("#action-form fieldset .row[data-key] input[type=number]").first.fill("1")
    phone.click("#submit-action")
    phone.wait_for_selector("#submitted-banner")
    until(phone, "!document.title.startsWith('●')")
    assert phone.locator("#withdraw-action").is_visible()
    assert "This step waits for" not in phone.locator("#r-status").inner_text()
    assert phone.evaluate("window.__notes") == []
    # the other person submits elsewhere: the step resolves and step 2 opens for ada
    svc.submit(Access(made.match_id, "player", "bo"), {}, 1)
    until(phone, "document.title.startsWith('● Your move')")
    until(phone, "window.__notes.length === 1")
    assert "step 2" in phone.evaluate("window.__notes[0]")
    assert phone.evaluate("window.__beeps") == 2
    assert phone.errors == []


def test_amalgamation_blank_tiles_are_zero_and_overspend_is_said(phone_server, phone):
    """A blank Minus Auction box is a bid of 0, as its placeholder says (decision
    DAY1): the rules' check never reads a null in field names, and the overspend
    message (amalgamation spec §3.1 rule 7) still shows (issue 34 item 10)."""
    svc, made = _start(phone_server, phone, "amalgamation")
    form = phone.locator("#action-form")
    tiles = form.locator("fieldset:has(legend:text('bid on each tile')) input").all()
    assert [t.get_attribute("placeholder") for t in tiles] == ["0"] * 5
    tiles[1].fill("-3")
    form.locator("fieldset:has(legend:text('Kong')) input").fill("0")
    form.locator("fieldset:has(legend:text('Investment')) input").nth(0).fill("400")
    form.locator("fieldset:has(legend:text('Investment')) input").nth(1).fill("0")
    form.locator("fieldset:has(legend:text('Thief')) input").fill("0")
    form.locator("fieldset:has(legend:text('Thief')) select").select_option(label="police")
    said = rules_say(phone)
    assert "exceeds your balance of $400" in said and "null" not in said, said
    form.locator("fieldset:has(legend:text('Investment')) input").nth(0).fill("30")
    rules_say(phone, "")
    acts = submit_and_wait(phone, svc, made.match_id)
    assert acts["a"]["minus"] == {"bids": [0, -3, 0, 0, 0]}
    assert phone.errors == []
