"""Forms warn before sending what the rules refuse, and pages speak plainly
(issue #27, Pages), in a real browser at phone width (Playwright, Debian's Chromium).

1. Homeostasis's live bid: a bid that would tie its slot with another slot is
   named on the form by the rules themselves (the page checks each draft with
   the server) before Submit, and refused with the same words if sent anyway
   (homeostasis spec §3 bid, D14).
2. Seat Exchange's money counts the garnets typed below the trades
   (seat_exchange spec §3.1 rule 4): the rules name an overspend as the player
   types, and a covered one is recorded.
3. /new lists the deadlines in the order of play; the host page's pending list
   and deadlines say what each step asks without "your"; Homeostasis before its
   first round does not say "Round 0"; Seat Exchange numbers seats from 1.
"""

from __future__ import annotations

import random
import time

import pytest

from mainmatch import games
from mainmatch.engine.match import Match, play
from mainmatch.testing.browser import my_turn
from mainmatch.testing.phone import echo_of, open_page, rules_say, running, submit_and_wait

from .phonekit import ADMIN_KEY

pytestmark = pytest.mark.browser


def _homeostasis_live_bid() -> dict:
    """A Homeostasis record stopped where seat ``a`` may bid in a live auction
    that already has a bid on some slot (so a tie is possible); the others and
    ``a``'s earlier moves at random."""
    game = games.get("homeostasis")
    rng = random.Random(7)
    found: dict[str, dict] = {}

    def choose(m, p, req):
        if p == "a" and req["kind"] == "bid" and "bid" not in found and any(req["totals"]):
            found["bid"] = m.record()
        return game.random_action(m.state, p, rng)

    config = game.new_config(list(game.default_players), 7)
    play(Match(game, config), choose)
    return found["bid"]


def _refused(page, svc, match_id: str) -> str:
    """Submit; the form's own refusal, once shown; nothing reached the engine."""
    before = svc.snapshot(match_id)[1]
    page.click("#submit-action")
    end = time.monotonic() + 10
    while page.locator("#action-error").inner_text() == "" and time.monotonic() < end:
        time.sleep(0.05)
    time.sleep(0.3)  # a request sent anyway would have landed by now
    assert svc.snapshot(match_id)[1].count == before.count
    return page.locator("#action-error").inner_text()


def test_live_bid_that_ties_a_slot_is_named_and_not_sent(phone_server, phone):
    app, base = phone_server
    svc = app.state.service
    manual = {k: "manual" for k in games.get("homeostasis").action_models}
    others = {p: "random" for p in "bcde"}
    made = svc.import_record(_homeostasis_live_bid(), bots=others, deadlines=manual)
    request = my_turn(svc, made.match_id, "a").pending["a"]
    assert request["kind"] == "bid"
    totals = request["totals"]
    # an empty slot and a bid that brings it level with another slot's total
    slot, other = next(
        (s, t)
        for s in request["slots"]
        for t, total in enumerate(totals, 1)
        if t != s and 0 < total - totals[s - 1] <= request["chips"]
    )
    amount = totals[other - 1] - totals[slot - 1]
    open_page(phone, base, made.player_tokens["a"])
    form = phone.locator("#action-form")
    form.locator(".slot-bid button.slot").nth(slot - 1).click()
    form.locator(".slot-bid input[type=number]").fill(str(amount))
    # the engine's own words (validate.py), asked by the page before sending
    words = f"a bid of {amount} on slot {slot} would tie slot {slot} with slot"
    rules_say(phone, starts=words)
    refusal = _refused(phone, svc, made.match_id)
    assert refusal.startswith(words)
    assert svc.snapshot(made.match_id)[1].pending["a"]["kind"] == "bid"
    # one chip more ties nothing (unless it meets yet another slot): sent and recorded
    legal = next(
        n
        for n in range(amount + 1, request["chips"] + 1)
        if totals[slot - 1] + n not in [t for i, t in enumerate(totals, 1) if i != slot]
    )
    form.locator(".slot-bid input[type=number]").fill(str(legal))
    rules_say(phone, "")
    acts = submit_and_wait(phone, svc, made.match_id)
    assert acts["a"] == {"slot": slot, "chips": legal}
    assert phone.errors == []


def test_seat_exchange_total_counts_the_garnets_typed(phone_server, phone):
    app, base = phone_server
    svc = app.state.service
    game = games.get("seat_exchange")
    me = game.default_players[0]
    made = running(svc, "seat_exchange", garnets={me: 5})
    request = my_turn(svc, made.match_id, me).pending[me]
    money = request["money"]
    assert request["garnets"] == 5
    open_page(phone, base, made.player_tokens[me])
    a, b = game.default_players[1:3]
    phone.click(f"g.seat-button[data-seat={a}]")
    phone.click(f"g.seat-button[data-seat={b}]")
    phone.locator(".trade-list input").first.fill(str(money + 3))
    rules_say(phone, starts=f"trades total ${money + 3} but you have ${money}")
    garnets = phone.locator('#action-form input[data-path="garnets"]')
    garnets.fill("5")
    rules_say(phone, "")
    assert echo_of(phone, "garnets").endswith("and turn 5 garnets into dollars.")
    garnets.fill("2")
    said = rules_say(phone)
    assert said.startswith(f"trades total ${money + 3} but you have ${money + 2}")
    refusal = _refused(phone, svc, made.match_id)
    assert refusal == said
    garnets.fill("3")
    rules_say(phone, "")
    acts = submit_and_wait(phone, svc, made.match_id)
    assert acts[me] == {"garnets": 3, "trades": [{"players": [a, b], "amount": money + 3}]}
    assert phone.errors == []


def test_pages_say_what_each_step_asks_in_the_order_of_play(phone_server, phone):
    app, base = phone_server
    svc = app.state.service
    phone.goto(f"{base}/?key={ADMIN_KEY}")
    for gid in games.ids():
        phone.goto(f"{base}/new?game={gid}")
        phone.wait_for_selector("#deadlines tr")
        kinds = phone.eval_on_selector_all("#deadlines tr", "rs => rs.map(r => r.dataset.kind)")
        assert kinds == list(games.get(gid).action_models), gid
        assert "your" not in phone.locator("#deadlines").inner_text().lower(), gid
    made = running(svc, "amalgamation")
    my_turn(svc, made.match_id, "")
    phone.goto(f"{base}/host/{made.host_token}")
    pending = phone.locator("#pending-table").inner_text()
    # each step's words for others (its description's task): never "your"
    task = games.get("amalgamation").step("round").others_task()
    assert task in pending and "your" not in pending.lower()
    assert "your" not in phone.locator("#deadlines-form").inner_text().lower()
    made = running(svc, "homeostasis")
    assert my_turn(svc, made.match_id, "").pending  # the first step: saving cards
    phone.goto(f"{base}/watch/{made.spectator_token}")
    view = phone.locator("#r-view").inner_text()
    assert "Before round 1" in view and "Round 0" not in view
    made = running(svc, "seat_exchange")
    phone.goto(f"{base}/watch/{made.spectator_token}")
    assert "Seats clockwise from seat 1 at the top" in phone.locator("#r-view").inner_text()
    seats = phone.eval_on_selector_all(
        "svg.circle text[font-size='9']", "ts => ts.map(t => t.textContent)"
    )
    assert seats == [str(i) for i in range(1, len(seats) + 1)] and len(seats) == 13
    assert phone.errors == []
