"""The example plugin game (examples/plugin_game, installed from outside
src/mainmatch) on the host server: offered by /new and the API, created at
each table size it takes, played to its end with bots in the other seats,
its record replaying to the server's result; its pages render."""

from __future__ import annotations

import pytest

from mainmatch import games
from mainmatch.engine import replay
from mainmatch.engine.contract import players_for

GAME = "sealed_bid"
MANUAL = {"bid": "manual", "choose_ec": "manual"}


def test_new_and_the_api_offer_the_plugin_game(api) -> None:
    page = api.call("GET", "/new")
    assert page.status_code == 200 and "The Sealed Bid" in page.text
    info = api.call("GET", f"/api/games/{GAME}").json()
    assert set(info["step_kinds"]) == {"bid", "choose_ec"}
    assert "strategy" in info["bots"]
    rules = api.call("GET", f"/rules/{GAME}")
    assert rules.status_code == 200 and "Elimination Candidate" in rules.text


@pytest.mark.parametrize("count", [3, 5])
def test_a_match_at_each_size_plays_to_its_end(api, count: int) -> None:
    players = players_for(games.get(GAME), count)
    me, others = players[0], players[1:]
    made = api.create(
        GAME,
        players=players,
        seed=3,
        bots=dict.fromkeys(others, "strategy"),
        deadlines=MANUAL,
    )
    assert sorted(made["player_tokens"]) == sorted(players)
    mine = api.overview(made, made["player_tokens"][me])
    assert mine["game"]["id"] == GAME
    r = api.submit(made, me, {"bid": 11})
    assert r.status_code == 422 and r.json() == {
        "error": "a bid of 11 chips exceeds the 10 chips you hold"
    }
    for _ in range(10):  # three rounds, and a vote where the winners choose
        mine = api.overview(made, made["player_tokens"][me])
        if mine["status"] != "running":
            break
        request = mine["request"]
        assert request is not None, "the bots have acted: only this seat is waited for"
        if request["kind"] == "bid":
            assert request["chips"] >= 1, "this seat bids 1 a round out of 10 chips"
            action: dict = {"bid": 1}
        else:
            action = {"ec": request["candidates"][0]}
        assert api.submit(made, me, action).status_code == 200
    assert mine["status"] == "over"
    rec = api.record(made)
    assert rec["game"] == GAME and rec["config"]["players"] == players
    result = replay(rec).result()
    assert result is not None and api.overview(made, made["host_token"])["result"] == result
