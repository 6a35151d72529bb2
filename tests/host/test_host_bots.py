"""Issue #18, findings 9 to 11: host bots run in worker processes under a
hard time limit, see only their own view, and move in short transactions
(a match of bots never holds the server's write lock for the whole match)."""

from __future__ import annotations

import random
import runpy
import textwrap
import time

import pytest

from mainmatch import games
from mainmatch.bots import get_bot
from mainmatch.bots.random_view import ViewRandomBot
from mainmatch.engine import Match
from mainmatch.host.botproc import BotRunner
from mainmatch.host.db import Database
from mainmatch.host.service import HostService, bot_rng

MANUAL = {"trades": "manual", "choose_ec": "manual"}

BOTS = textwrap.dedent(
    '''
    import gc
    from mainmatch.bots import register

    class Loop:
        name = "loop"
        def act(self, view, request, rng):
            while True:
                pass

    class Spy:
        """Looks for the match's state anywhere in its own process."""
        name = "spy"
        def act(self, view, request, rng):
            states = [o for o in gc.get_objects() if type(o).__name__ == "SeatState"]
            if states or "numbers" in str(view):
                raise RuntimeError("the bot could see the state")
            return {"trades": []}

    register("seat_exchange", "loop", Loop)
    register("seat_exchange", "spy", Spy)
    '''
)


@pytest.fixture
def service(tmp_path):
    module = tmp_path / "test_bots_module.py"
    module.write_text(BOTS)
    runpy.run_path(str(module))  # registered here too: the host checks bot names
    db = Database(f"sqlite:///{tmp_path / 'bots.db'}")
    db.migrate()
    svc = HostService(db)
    svc.bot_runner = BotRunner(workers=1, time_limit=1.0, modules=(str(module),))
    yield svc
    svc.bot_runner.close()
    db.dispose()


def test_9_a_looping_bot_is_stopped_and_its_seat_plays_the_default(service):
    started = time.monotonic()
    made = service.create_match(
        "seat_exchange", bots={"jk": "loop", "dh": "spy"}, deadlines=MANUAL, early_resolution=False
    )
    assert time.monotonic() - started < 30, "the call came back"
    ov = service.overview(service.access_of(made.host_token))
    assert ov["pending_status"]["jk"] == "bot (default)", "timed out: the rules' default"
    assert ov["pending_status"]["dh"] == "bot", "the spy saw no state and played"
    service.resolve(made.match_id, 1)
    rec = service.record(made.match_id)
    assert "jk" in rec["steps"][0]["defaulted"] and "dh" not in rec["steps"][0]["defaulted"]
    # the killed worker was replaced: the next step's bots move too
    ov = service.overview(service.access_of(made.host_token))
    assert ov["pending_status"] == {
        **{p: "not yet" for p in ov["pending_status"]},
        "jk": "bot (default)",
        "dh": "bot",
    }


def test_10_the_random_bot_decides_from_its_view(service):
    made = service.create_match(
        "seat_exchange", seed=5, bots={"jk": "random"}, deadlines=MANUAL, early_resolution=False
    )
    _, snap = service.snapshot(made.match_id)
    view, request = snap.game.view(snap.state, "jk"), snap.pending["jk"]
    expected = ViewRandomBot(games.get("seat_exchange")).act(view, request, bot_rng(5, 1, "jk"))
    service.resolve(made.match_id, 1)
    assert service.record(made.match_id)["steps"][0]["actions"]["jk"] == expected


def test_11_bots_move_in_the_background_and_others_are_served_meanwhile(api):
    """A match of bots is created at once; its moves come after, one short
    transaction per step, while another match's submission is served."""
    r = api.client.post(
        "/api/matches",
        json={"game": "homeostasis", "bots": {p: "strategy" for p in "abcde"}, "seed": 2},
        headers={"Authorization": f"Bearer {api.admin_key}"},
    )
    assert r.status_code == 201
    bots_match = r.json()
    ov = api.client.get(
        f"/api/matches/{bots_match['match']}",
        headers={"Authorization": f"Bearer {bots_match['host_token']}"},
    ).json()
    assert ov["status"] == "running", "the request did not play the match of bots itself"
    other = api.create(deadlines=MANUAL, early_resolution=False)
    assert api.submit(other, "jk", {}, step=1).status_code == 200
    assert api.client.app.state.service.wait_for_bots(120)
    ov = api.overview(bots_match, bots_match["host_token"])
    assert ov["status"] == "over" and ov["steps_applied"] > 50


@pytest.mark.parametrize(
    "game_id", sorted(g for g in games.ids() if games.get(g).random_reads_secrets)
)
def test_10_view_only_random_bots_play_legal_actions(game_id):
    """Where the engine's random_action reads a secret, the random bot draws
    from the view and request alone, and its actions are legal."""
    game = games.get(game_id)
    bot = get_bot(game_id, "random")
    assert not getattr(bot, "delegate_random", False)
    for seed in range(12):
        rng = random.Random(seed)
        match = Match(game, game.random_config(list(game.default_players), rng))
        while match.pending:
            actions = {}
            for p, request in match.pending.items():
                actions[p] = bot.act(game.view(match.state, p), dict(request), rng)
                game.validate(match.state, p, actions[p])
            match.step(actions)
