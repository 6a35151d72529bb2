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

import os
import random
import re
import shutil
import time
from pathlib import Path

import pytest

from mainmatch import games
from mainmatch.engine.match import Match, play, play_random
from mainmatch.host.app import create_app
from mainmatch.host.service import Access

from .browserkit import chromium, error_shown, my_turn, served, until

pytestmark = pytest.mark.browser
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


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app served by uvicorn in a thread on a free loopback port (one for the module)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('phone') / 'host.db'}"
    app = create_app(url, scan_interval=0.2, admin_key=ADMIN_KEY)
    with served(app) as base:
        yield app, base


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def phone(browser):
    """One phone-sized page for the module; script errors are collected."""
    ctx = browser.new_context(viewport=PHONE)
    ctx.add_init_script(STUBS)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    yield page
    ctx.close()


def _running(svc, game_id: str, people: int = 1, title: str = "", **options):
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


def _finished(svc, game_id: str):
    game = games.get(game_id)
    match = play_random(game, game.new_config(list(game.default_players), seed=4), random.Random(4))
    return svc.import_record(match.record(), title=f"Finished {game.title}")


def _width(page) -> int:
    page.wait_for_load_state("load")
    return page.evaluate("document.scrollingElement.scrollWidth")


def test_every_page_kind_fits_a_phone(server, phone, browser):
    app, base = server
    svc = app.state.service
    wide = {}
    for name in ("", "new"):  # before the host opens the home link: a way in, no list
        phone.goto(f"{base}/{name}")
        assert phone.locator("#admin-login, #admin-needed").count() == 1
        if _width(phone) > PHONE["width"]:
            wide[f"/{name} without the key"] = _width(phone)
    phone.goto(f"{base}/?key={ADMIN_KEY}")  # the home link: from now on the host's pages
    urls = {"home": f"{base}/", "new": f"{base}/new"}
    for gid in games.ids():
        me = games.get(gid).default_players[0]
        for state, made in (("running", _running(svc, gid)), ("over", _finished(svc, gid))):
            urls[f"{gid} {state} player"] = f"{base}/play/{made.player_tokens[me]}"
            urls[f"{gid} {state} host"] = f"{base}/host/{made.host_token}"
            urls[f"{gid} {state} spectator"] = f"{base}/watch/{made.spectator_token}"
    for name, url in urls.items():
        phone.goto(url)
        if name.endswith("player") and "running" in name:
            assert phone.errors == [], name
            phone.wait_for_selector("#action-form")
        w = _width(phone)
        if w > PHONE["width"]:
            wide[name] = w
    assert wide == {}, f"pages wider than a 390 px phone: {wide}"
    # the list of matches on the home page is there (and fitted, above)
    phone.goto(f"{base}/")
    assert phone.locator(".match-item").count() == 2 * len(games.ids())
    # and the desktop stays good: nothing wider than 1280 either
    desk = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        for name in ("home", "new", "mvp running player", "seat_exchange over host"):
            desk.goto(urls[name])
            assert _width(desk) <= 1280, name
    finally:
        desk.close()
    assert phone.errors == []


#: what the create page shows a host: labels, help texts, column heads, step kinds
NEW_WORDS = """() => [...document.querySelectorAll(
  '#create-form .help, #create-form th, #create-form .name, #create-form summary, #create-form td.kind, #create-form .variant-key')]
  .map((e) => e.innerText.trim()).filter(Boolean)"""
TILES = "\n".join(" ".join(str(-5 * r - i) for i in range(1, 6)) for r in range(7))
ITEMS = """+15 points to YOU
+25 points to YOU
x1.5 points to YOU
+25 points to CHOICE
+10 points to OTHERS
+40 points & 2 Garnets to YOU"""


def _create(page, svc, title: str) -> dict:
    """Create the match the form describes; its config."""
    page.fill("#title", title)
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/host/*")
    match_id = svc.access_of(page.url.rsplit("/", 1)[1]).match_id
    return svc.record(match_id)["config"]


def test_the_create_page_in_words(server, phone):
    """/new labels every host input in words with the spec's help (no config
    key, no JSON bracket) for every game, fits a phone, and turns what is typed
    into the game's host inputs: teams by seat, lines of tiles, votes, a
    catalogue in the seed's words, a variant."""
    app, base = server
    svc = app.state.service
    phone.goto(f"{base}/?key={ADMIN_KEY}")
    phone.goto(f"{base}/new")
    for gid in games.ids():
        phone.select_option("#game", gid)
        for d in phone.locator("#host-inputs details").all():
            d.evaluate("(d) => { d.open = true; }")
        texts = phone.evaluate(NEW_WORDS)
        assert len(texts) > 5, gid
        bad = [t for t in texts if RAW.search(t)]
        assert bad == [], f"{gid}: config keys or JSON on /new: {bad}"
        assert _width(phone) <= PHONE["width"], gid
    # Homeostasis: the teams chosen seat by seat, chips, a variant
    phone.select_option("#game", "homeostasis")
    teams = ["positive", "negative", "neutral", "positive", "negative"]
    selects = phone.locator("#seats select.pp")
    selects.nth(0).select_option("positive")
    phone.click("#create-form button[type=submit]")
    assert phone.locator("#create-error").inner_text() == (
        "Team: choose one for every seat, or leave them all on random"
    )
    for i in range(5):  # three positive: the rules' message, the input named in words
        selects.nth(i).select_option(["positive", "negative", "neutral", "positive", "positive"][i])
    phone.click("#create-form button[type=submit]")
    until(phone, "document.getElementById('create-error').textContent.length > 0")
    assert phone.locator("#create-error").inner_text() == (
        "Team: needs exactly 2 positive, 2 negative and 1 neutral; got 3 positive, 1 negative, 1 neutral"
    )
    for i, team in enumerate(teams):
        selects.nth(i).select_option(team)
    phone.fill("#hi-chips", "50")
    phone.locator("#host-inputs details summary").click()
    phone.fill("input[data-variant=neutral_band]", "2")
    config = _create(phone, svc, "Teams by hand")
    assert config["teams"] == dict(zip("abcde", teams, strict=True))
    assert config["chips"] == 50 and config["variant"] == {"neutral_band": 2}
    # The Amalgamation: seven lines of tiles and the Group twist's votes
    phone.goto(f"{base}/new?game=amalgamation")
    phone.fill("#hi-minus_tiles", TILES)
    phone.fill("#hi-garnet_rate_submissions", "5, 4")
    phone.click("#create-form button[type=submit]")
    until(phone, "document.getElementById('create-error').textContent.length > 0")
    assert phone.locator("#create-error").inner_text() == (
        "Garnet rate votes: each submission must be 5..20, got 4"
    )
    phone.fill("#hi-garnet_rate_submissions", "5, 20 12")
    phone.fill("#hi-minus_initial_order", "f, e, d, c, b, a")
    config = _create(phone, svc, "Tiles by hand")
    assert config["minus_tiles"][0] == [-1, -2, -3, -4, -5] and len(config["minus_tiles"]) == 7
    assert config["garnet_rate_submissions"] == [5, 20, 12]
    assert config["minus_initial_order"] == list("fedcba")
    # Second to Won: a catalogue written in the seed's words
    phone.goto(f"{base}/new?game=second_to_won")
    phone.fill("#hi-auctions", ITEMS)
    config = _create(phone, svc, "Items by hand")
    assert [i["text"] for i in config["auctions"][0]] == ITEMS.split("\n")
    assert len(config["auctions"]) == 1
    assert phone.errors == []


# ------------------------------------------------------------------ playing through the inputs


def _start(server, phone, game_id: str):
    """A match with a person in the first seat, whose page is open at their first step."""
    app, base = server
    made = _running(app.state.service, game_id)
    _open(phone, base, made.player_tokens[games.get(game_id).default_players[0]])
    _check_words(phone, f"{game_id}: the first step")
    return app.state.service, made


def _check_words(page, where: str) -> None:
    texts = page.evaluate(WORDS)
    assert texts, f"{where}: no request summary"
    bad = [t for t in texts if RAW.search(t)]
    assert bad == [], f"{where}: JSON or config keys shown to the player: {bad}"


def _submit_and_wait(page, svc, match_id: str) -> dict:
    """Submit the form; wait until the step resolves; the action the engine recorded."""
    before = svc.snapshot(match_id)[1].count
    page.click("#submit-action")
    error = "() => (document.getElementById('action-error') || {}).textContent || ''"
    until = time.monotonic() + 30
    while svc.snapshot(match_id)[1].count == before and time.monotonic() < until:
        assert page.evaluate(error) == "", "the engine refused what the form sent"
        time.sleep(0.05)
    assert svc.snapshot(match_id)[1].count > before, "the step did not resolve"
    return svc.record(match_id)["steps"][before]["actions"]


def _open(page, base: str, token: str) -> None:
    page.goto(f"{base}/play/{token}")
    page.wait_for_selector("#action-form")


def _shot(page, game_id: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"phone-{game_id}.png"
    height = min(1800, page.evaluate("document.scrollingElement.scrollHeight"))
    page.screenshot(
        path=str(path), full_page=True, clip={"x": 0, "y": 0, "width": 390, "height": height}
    )
    if os.environ.get("MAINMATCH_UPDATE_SCREENSHOTS"):
        DOCS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, DOCS / f"{game_id}-phone.png")


def test_amalgamation_round_through_its_inputs(server, phone):
    svc, made = _start(server, phone, "amalgamation")
    legends = phone.evaluate(TOP_LEGENDS)
    assert legends == [
        "Kong's Dilemma",
        "Minus Auction",
        "Investment & Donation",
        "Garnet Chip Thief",
    ]
    _shot(phone, "amalgamation")
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
    # the running total of §3.1 rule 7: 20 + (1+2+3+4+5) + 30 + 5 + 10
    assert phone.locator("#action-total").inner_text() == "You spend $80 of $400"
    form.locator("fieldset:has(legend:text('Investment')) input").nth(0).fill("400")
    assert phone.locator("#action-total").inner_text() == (
        "You spend $450 of $400: more than you have"
    )
    form.locator("fieldset:has(legend:text('Investment')) input").nth(0).fill("30")
    acts = _submit_and_wait(phone, svc, made.match_id)
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


def test_seat_exchange_trades_by_tapping_seats(server, phone):
    svc, made = _start(server, phone, "seat_exchange")
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
    total = phone.locator(".trade-total")
    assert (
        "Total $110 of your $100" in total.inner_text()
        and "more than you have" in total.inner_text()
    )
    phone.locator(".trade-list input").nth(1).fill("50")
    assert total.inner_text() == "Total $80 of your $100"
    assert phone.locator("svg.pick line.trade-line").count() == 2
    _shot(phone, "seat_exchange")
    acts = _submit_and_wait(phone, svc, made.match_id)
    assert acts["jk"] == {
        "trades": [
            {"players": ["dh", "sm"], "amount": 30},
            {"players": ["p04", "p04"], "amount": 50},
        ]
    }
    assert phone.errors == []


def test_second_to_won_asks_for_a_player_only_on_choice_items(server, phone):
    svc, made = _start(server, phone, "second_to_won")
    request = svc.overview(Access(made.match_id, "player", "ana"))["request"]
    choice = [
        i["letter"] for i in request["items"] if any(e["target"] == "choice" for e in i["effects"])
    ]
    rows = phone.locator("#action-form fieldset .row[data-key]")
    for i in range(rows.count()):
        row = rows.nth(i)
        has = row.locator("select").count() == 1
        assert has == (row.get_attribute("data-key") in choice), row.inner_text()
    # ana holds no garnets: no garnet box to fill on any item
    assert phone.locator("#action-form [data-path='bids{}.garnets']").count() == 0
    _shot(phone, "second_to_won")
    letters = [i["letter"] for i in request["items"]][:3]
    for letter in letters:
        row = phone.locator(f"#action-form .row[data-key={letter}]")
        row.locator("input[type=number]").first.fill("2")
        if letter in choice:
            row.locator("select").select_option(label="ben")
    total = phone.locator("#action-total").inner_text()
    assert total == "Bids on 3 items (at least 3): 6 of your 40 chips"
    acts = _submit_and_wait(phone, svc, made.match_id)
    assert sorted(acts["ana"]["bids"]) == letters
    assert all(b["chips"] == 2 for b in acts["ana"]["bids"].values())
    assert phone.errors == []


def test_mvp_round_through_its_inputs(server, phone):
    svc, made = _start(server, phone, "mvp")
    # no garnets: nothing to buy, so no purchase is offered
    assert "Learn the card" not in phone.locator("#action-form").inner_text()
    _shot(phone, "mvp")
    bids = phone.locator("#action-form fieldset .row[data-key] input[type=number]")
    bids.first.fill("3")
    first = phone.locator("#action-form fieldset .row[data-key]").first.get_attribute("data-key")
    assert phone.locator("#action-total").inner_text() == "Bids: 3 of your 30 free chips"
    acts = _submit_and_wait(phone, svc, made.match_id)
    assert acts["ada"]["bids"] == {first: 3}
    # with garnets the purchases are offered
    base = server[1]
    rich = _running(svc, "mvp", garnets={"ada": 3})
    _open(phone, base, rich.player_tokens["ada"])
    text = phone.locator("#action-form").inner_text()
    assert "Learn the card on a hidden place" in text and "Chips to buy with garnets" in text
    assert phone.errors == []


def _homeostasis_steps() -> dict[str, dict]:
    """For each step kind of Homeostasis (homeostasis.md §3) but choose_ec, a record
    that stops where seat ``a`` is awaited in one: ``a`` saves 2, x and / (so it
    has saved cards to place), keeps its chips and bids them all in the final
    auction (so it wins one); the others play at random."""
    game = games.get("homeostasis")
    rng = random.Random(5)
    found: dict[str, dict] = {}

    def choose(m, p, req):
        kind = req["kind"]
        if p != "a":
            return game.random_action(m.state, p, rng)
        # a place_saved with cards to place; a bid where passing is allowed too
        wanted = {"place_saved": bool(req.get("saved_cards")), "bid": req.get("can_pass", True)}
        if kind not in found and wanted.get(kind, True):
            found[kind] = m.record()
        if kind == "save_cards":
            return {"cards": ["2", "x", "/"]}
        if kind == "final_bid":
            return {"chips": req["chips"]}
        if kind == "bid":
            return {"pass": True} if req["can_pass"] else {"slot": req["slots"][0], "chips": 1}
        return game.random_action(m.state, p, rng)

    config = game.new_config(list(game.default_players), 5, garnets={"a": 4})
    play(Match(game, config), choose)
    return found


def test_homeostasis_every_step_through_its_inputs(server, phone):
    """Each step kind on its own input, as it lies on the table: the deck, the
    auction order, the slot row, the sealed bid, the expression's two ends and
    the expression itself (homeostasis.md §3-4)."""
    app, base = server
    svc = app.state.service
    steps = _homeostasis_steps()
    assert set(steps) == {"save_cards", "draft", "bid", "final_bid", "place_saved", "brackets"}
    others = {p: "random" for p in "bcde"}
    manual = {k: "manual" for k in games.get("homeostasis").action_models}
    for kind, record in steps.items():
        made = svc.import_record(record, bots=others, deadlines=manual, title=f"At {kind}")
        request = my_turn(svc, made.match_id, "a").pending["a"]
        assert request["kind"] == kind
        _open(phone, base, made.player_tokens["a"])
        _check_words(phone, f"homeostasis {kind}")
        assert _width(phone) <= PHONE["width"], kind
        form = phone.locator("#action-form")
        if kind == "save_cards":
            form.locator(".deck-save button.slot").nth(0).click()  # 1
            form.locator(".deck-save button.slot").nth(8).click()  # x
            assert form.locator(".deck-save p").inner_text() == (
                "You save 2 cards (1 x): 1 garnet of your 4."
            )
            want = {"cards": ["1", "x"]}
        elif kind == "draft":
            rows = form.locator(".draft-pick .slots")
            rows.nth(0).locator("button.slot").first.click()
            assert error_shown(phone).endswith(": choose a free place in the auction order")
            free = rows.nth(1).locator("button.slot:not([disabled])").first
            free.click()
            want = {"card": request["cards"][0], "position": request["positions"][0]}
        elif kind == "bid":
            top = max(request["totals"])
            form.locator(".slot-bid button.slot:not([disabled])").first.click()
            form.locator(".slot-bid input[type=number]").fill(str(top + 1))
            assert "Your bid: on slot" in form.locator(".slot-bid").inner_text()
            if any(request["totals"]):  # the totals so far in a sentence
                summary = phone.locator("#request-summary").inner_text()
                assert re.search(r"Totals so far: slot \d+: \d+(; slot \d+: \d+)*\.$", summary)
            _shot(phone, "homeostasis")
            form.locator(".slot-bid input[type=number]").fill("")
            assert error_shown(phone).endswith(": enter how many chips you bid")
            form.locator(".slot-bid input[type=number]").fill(str(top + 1))
            want = {"slot": request["slots"][0], "chips": top + 1}
        elif kind == "final_bid":
            form.locator(".sealed-bid input").fill("5")
            assert "pay 5, keeping" in form.locator(".sealed-bid").inner_text()
            want = {"chips": 5}
        elif kind == "place_saved":
            saved = request["saved_cards"]
            assert len(saved) >= 2, saved
            form.locator(".saved-hand .row").nth(0).locator("button").nth(1).click()  # back
            form.locator(".saved-hand .row").nth(0).locator("button").nth(0).click()  # front
            assert form.locator(".saved-ends .slot.mine").count() == 2
            want = {"front": [saved[1]], "back": [saved[0]]}
        else:
            cards = form.locator(".bracket-pick button.slot")
            cards.nth(1).click()
            cards.nth(3).click()
            assert "Your brackets: cards 2 to 4" in form.locator(".bracket-pick").inner_text()
            want = {"first": 2, "last": 4}
        acts = _submit_and_wait(phone, svc, made.match_id)
        assert acts["a"] == want, kind
    assert phone.errors == []


def _at_choose_ec(game_id: str) -> tuple[dict, str]:
    """A record of random play that stops where the first seat names the
    Elimination Candidate (ENGINE.md convention 4); that seat."""
    game = games.get(game_id)
    me = game.default_players[0]
    for seed in range(40):
        rng = random.Random(seed)
        m = Match(game, game.new_config(list(game.default_players), seed))
        while m.pending:
            if m.pending.get(me, {}).get("kind") == "choose_ec":
                return m.record(), me
            m.step({p: game.random_action(m.state, p, rng) for p in m.pending})
    raise AssertionError(f"{game_id}: no choose_ec step for {me} in 40 seeds")


@pytest.mark.parametrize("game_id", ["amalgamation", "homeostasis", "mvp"])
def test_naming_the_elimination_candidate(server, phone, game_id):
    app, base = server
    svc = app.state.service
    record, me = _at_choose_ec(game_id)
    others = {p: "random" for p in record["config"]["players"] if p != me}
    made = svc.import_record(record, bots=others, deadlines={"choose_ec": "manual"})
    candidates = my_turn(svc, made.match_id, me).pending[me]["candidates"]
    _open(phone, base, made.player_tokens[me])
    _check_words(phone, f"{game_id} choose_ec")
    assert (
        phone.locator("#request-summary")
        .inner_text()
        .startswith("Name the Elimination Candidate: ")
    )
    phone.locator("#action-form select").select_option(label=candidates[-1])
    acts = _submit_and_wait(phone, svc, made.match_id)
    assert acts[me] == {"ec": candidates[-1]}
    assert phone.errors == []


# ------------------------------------------------------------------ the turn alert


def test_the_turn_alert(server, phone):
    app, base = server
    svc = app.state.service
    made = _running(svc, "mvp", people=2)
    _open(phone, base, made.player_tokens["ada"])
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
