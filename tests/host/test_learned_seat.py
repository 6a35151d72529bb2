"""The example plugin ships its trained bot (``sealed_bid/learned.json``, written by
``mainmatch train``): the game's bot choices offer ``learned`` with no flag, and a
hosted match with learned bots in the other seats plays to its end, each bot move
a legal one from its own view (issue 31)."""

from __future__ import annotations

from mainmatch import games
from mainmatch.bots import bot_names, get_bot
from mainmatch.bots.learned import LearnedBot
from mainmatch.engine import replay
from mainmatch.engine.contract import players_for

GAME = "sealed_bid"
MANUAL = {"bid": "manual", "choose_ec": "manual"}


def test_the_plugin_ships_a_learned_bot_by_name() -> None:
    assert "learned" in bot_names(GAME)
    assert isinstance(get_bot(GAME, "learned"), LearnedBot)


def test_a_hosted_match_with_learned_seats_plays_to_its_end(api) -> None:
    info = api.call("GET", f"/api/games/{GAME}").json()
    assert "learned" in info["bots"]
    players = players_for(games.get(GAME), 4)
    me, others = players[0], players[1:]
    made = api.create(
        GAME, players=players, seed=5, bots=dict.fromkeys(others, "learned"), deadlines=MANUAL
    )
    mine = api.overview(made, made["player_tokens"][me])
    for _ in range(10):
        if mine["status"] != "running":
            break
        request = mine["request"]
        assert request is not None, "the learned bots have acted: only this seat is waited for"
        action = {"bid": 2} if request["kind"] == "bid" else {"ec": request["candidates"][0]}
        assert api.submit(made, me, action).status_code == 200
        mine = api.overview(made, made["player_tokens"][me])
    assert mine["status"] == "over"
    record = api.record(made)
    assert record["config"]["players"] == players
    # every learned move was the bot's own (nobody defaulted), and the record replays
    assert all(not step.get("defaulted") for step in record["steps"])
    assert replay(record).result() == api.overview(made, made["host_token"])["result"]


def test_the_shipped_file_plays_at_every_table_size() -> None:
    """Trained at four seats; features are names, so three and five seats play too."""
    from mainmatch.sim import simulate

    for count in (3, 5):
        sim = simulate(GAME, "learned:1,random", 20, seed=count, workers=1, players=count)
        assert sum(len(s.faults) for s in sim.run.summaries) == 0
        assert {b["bot"] for b in sim.report["bots"]} == {"learned", "random"}
