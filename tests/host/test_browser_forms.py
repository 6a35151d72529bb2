"""The game's own inputs and the create page, in a real browser at phone width (issue #17).

1. Homeostasis: every step kind on its own input (homeostasis spec §3-4),
   as a person taps and types it, and the action the engine records.
2. Naming the Elimination Candidate, in the games that reach it quickly.
3. /new: every host input labelled in words with the spec's help (no config
   key, no JSON bracket), for every game, and what is typed becomes the host
   inputs.
"""

from __future__ import annotations

import random
import re

import pytest

from mainmatch import games
from mainmatch.engine.match import Match, play
from mainmatch.testing.browser import error_shown, my_turn, until
from mainmatch.testing.phone import (
    PHONE,
    RAW,
    check_words,
    echo_of,
    open_page,
    rules_say,
    submit_and_wait,
    width,
)

from .phonekit import ADMIN_KEY, shot

pytestmark = pytest.mark.browser


def _homeostasis_steps() -> dict[str, dict]:
    """For each step kind of Homeostasis (homeostasis spec §3) but choose_ec, a record
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


def test_homeostasis_every_step_through_its_inputs(phone_server, phone):
    """Each step kind on its own input, as it lies on the table: the deck, the
    auction order, the slot row, the sealed bid, the expression's two ends and
    the expression itself (homeostasis spec §3-4)."""
    app, base = phone_server
    svc = app.state.service
    steps = _homeostasis_steps()
    assert set(steps) == {"save_cards", "draft", "bid", "final_bid", "place_saved", "brackets"}
    others = {p: "random" for p in "bcde"}
    manual = {k: "manual" for k in games.get("homeostasis").action_models}
    for kind, record in steps.items():
        made = svc.import_record(record, bots=others, deadlines=manual, title=f"At {kind}")
        request = my_turn(svc, made.match_id, "a").pending["a"]
        assert request["kind"] == kind
        open_page(phone, base, made.player_tokens["a"])
        check_words(phone, f"homeostasis {kind}")
        assert width(phone) <= PHONE["width"], kind
        form = phone.locator("#action-form")
        if kind == "save_cards":
            form.locator(".deck-save button.slot").nth(0).click()  # 1
            form.locator(".deck-save button.slot").nth(8).click()  # x
            assert form.locator(".deck-save p").inner_text() == (
                "You save 2 cards (1 x). You hold 4 garnets."
            )
            # what the save costs is the rules' to say (homeostasis spec §4.1): the step's echo, checked
            assert echo_of(phone, "You save") == "You save 1 x (cost: 1 garnet)."
            rules_say(phone, "")
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
            shot(phone, "homeostasis")
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
        acts = submit_and_wait(phone, svc, made.match_id)
        assert acts["a"] == want, kind
    assert phone.errors == []


def _at_choose_ec(game_id: str) -> tuple[dict, str]:
    """A record of random play that stops where the first seat names the
    Elimination Candidate (engine spec convention 4); that seat."""
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
def test_naming_the_elimination_candidate(phone_server, phone, game_id):
    app, base = phone_server
    svc = app.state.service
    record, me = _at_choose_ec(game_id)
    others = {p: "random" for p in record["config"]["players"] if p != me}
    made = svc.import_record(record, bots=others, deadlines={"choose_ec": "manual"})
    candidates = my_turn(svc, made.match_id, me).pending[me]["candidates"]
    open_page(phone, base, made.player_tokens[me])
    check_words(phone, f"{game_id} choose_ec")
    assert (
        phone.locator("#request-summary")
        .inner_text()
        .startswith("Name the Elimination Candidate: ")
    )
    phone.locator("#action-form select").select_option(label=candidates[-1])
    acts = submit_and_wait(phone, svc, made.match_id)
    assert acts[me] == {"ec": candidates[-1]}
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


def test_the_create_page_in_words(phone_server, phone):
    """/new labels every host input in words with the spec's help (no config
    key, no JSON bracket) for every game, fits a phone, and turns what is typed
    into the game's host inputs: teams by seat, lines of tiles, votes, a
    catalogue in the seed's words, a variant."""
    app, base = phone_server
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
        assert width(phone) <= PHONE["width"], gid
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


@pytest.mark.parametrize("garnets", [0, 3])
def test_the_mvp_offers_purchases_only_with_garnets(phone_server, phone, garnets):
    """The MVP (mvp spec §3.1 rule 7): purchases are paid from the garnets held, so a
    player with none is offered none (issue 34 item 8: 30 boxes were shown); with
    garnets, each purchase is offered."""
    app, base = phone_server
    svc = app.state.service
    game = games.get("mvp")
    players = list(game.default_players)
    me = players[0]
    record = Match(game, game.new_config(players, 5, garnets={me: garnets})).record()
    made = svc.import_record(record, bots={p: "random" for p in players[1:]})
    open_page(phone, base, made.player_tokens[me])
    form = phone.locator("#action-form").inner_text()
    purchases = ("Learn the card on a hidden place", "Learn where a card lies", "Chips to buy")
    for label in purchases:
        assert (label in form) == bool(garnets), (label, form[:400])
    assert "Chips to add to your bids" in form
    assert phone.errors == []
