"""A game installed as a plugin (the example Sealed Bid, ``examples/plugin_game``)
is played on a phone through the form built from its step descriptions alone: no
line of it in the host, no web folder of its own. In a real browser at 390x844
(Playwright driving Debian's Chromium), at its fewest and most players:

- the request is said in the step's own sentence, the inputs carry its labels;
- as the player types, the rules' own refusal shows before Submit (the check of
  the draft), and the draft is read back in the step's echo sentence;
- garnets to turn in are asked only of a player who holds some;
- a legal bid is submitted and recorded as typed; the page fits the phone.
"""

from __future__ import annotations

import pytest

from mainmatch import games
from mainmatch.testing.browser import my_turn
from mainmatch.testing.phone import (
    PHONE,
    check_words,
    echo_of,
    open_page,
    rules_say,
    submit_and_wait,
    width,
)

pytestmark = pytest.mark.browser
GAME = "sealed_bid"


@pytest.fixture(autouse=True)
def _installed() -> None:
    if GAME not in games.ids():
        pytest.skip("the example plugin game is not installed (make install installs it)")


@pytest.mark.parametrize("count", [3, 5])
def test_the_plugin_games_form_at_every_player_count(phone_server, phone, count):
    app, base = phone_server
    svc = app.state.service
    game = games.get(GAME)
    low, high = game.players_range()
    assert count in (low, high)
    players = list(game.default_players)[:count]
    me = players[0]
    made = svc.create_match(
        GAME,
        players,
        seed=3,
        bots={p: "random" for p in players[1:]},
        deadlines={k: "manual" for k in game.action_models},
        options={"garnets": {me: 2}} if count == high else {},
    )
    request = my_turn(svc, made.match_id, me).pending[me]
    chips = request["chips"]
    open_page(phone, base, made.player_tokens[me])
    check_words(phone, f"{GAME} with {count} players")
    summary = phone.locator("#request-summary").inner_text()
    assert summary == game.step("bid").request_words(request)
    form = phone.locator("#action-form")
    assert form.locator("label", has_text="Your bid").count() == 1
    garnets = form.locator('input[data-path="garnets"]')
    assert garnets.count() == (1 if count == high else 0), "garnets asked only of a holder"
    bid = form.locator('input[data-path="bid"]')
    bid.fill(str(chips + 1))
    # the rules' words (rules.check_bid), from the server's check of the draft
    assert rules_say(phone) == f"a bid of {chips + 1} chips exceeds the {chips} chips you hold"
    assert echo_of(phone, "bid") == f"You bid {chips + 1} chips."
    if count == high:
        # a garnet turns into a chip only after the round's bids (sealed_bid spec §2):
        # the rules still refuse the bid, and the echo says when the chip comes
        garnets.fill("1")
        assert (
            echo_of(phone, "garnet")
            == f"You bid {chips + 1} chips, and turn 1 garnet into chips after the bids."
        )
        assert rules_say(phone) == f"a bid of {chips + 1} chips exceeds the {chips} chips you hold"
        garnets.fill("")
    bid.fill("3")
    rules_say(phone, "")
    assert width(phone) <= PHONE["width"]
    acts = submit_and_wait(phone, svc, made.match_id)
    assert acts[me] == {"bid": 3}
    assert phone.errors == []
