"""Several processes, one truth: the bot beside another process (as ``mainmatch
serve`` would be) on one database, PostgreSQL (``make test``) and SQLite.

- a change committed by the other process reaches this one's listener
  promptly (``LISTEN/NOTIFY``; polling on SQLite), and wakes a web live stream;
- a step the other process resolves is posted by the bot once;
- a deadline both processes find due at once resolves once, and its
  announcement is posted once.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time

import pytest
from fastapi.testclient import TestClient

from mainmatch.host.app import create_app
from mainmatch.host.db import Database
from mainmatch.host.notify import Listener
from mainmatch.host.service import HostService


@pytest.fixture(params=["sqlite", "postgres"])
def url(request) -> str:
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")


def other_process(url: str, code: str, timed: bool = False) -> subprocess.Popen:
    """Python ``code`` run in a new process with ``svc``, a HostService on ``url``.
    ``timed``: the process first prints ``time.monotonic()`` (one clock for every
    process of the machine) when ``code`` starts, on its piped stdout, so a wait is
    timed from the change itself, not from a Python start-up a busy machine slows."""
    prelude = (
        "import sys, time\n"
        "from mainmatch.host.db import Database\n"
        "from mainmatch.host.service import HostService\n"
        f"svc = HostService(Database({url!r}))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    if timed:
        code = "print(time.monotonic(), flush=True)\n" + code
    out = subprocess.PIPE if timed else None
    return subprocess.Popen([sys.executable, "-c", prelude + code], env=env, stdout=out, text=True)


def began(p: subprocess.Popen) -> float:
    """When a ``timed`` process started its code (its first line)."""
    assert p.stdout is not None
    return float(p.stdout.readline())


def test_discord_notify_wakes_other_processes_and_web_streams(url):
    db = Database(url)
    db.migrate()
    svc = HostService(db)
    made = svc.create_match(
        "seat_exchange", seed=1, deadlines={"trades": "manual"}, early_resolution=False
    )
    heard: list[tuple[str, float]] = []
    got = threading.Event()
    listener = Listener(db, interval=0.2)

    def on_change(match_id: str) -> None:
        heard.append((match_id, time.monotonic()))
        got.set()

    listener.subscribe(on_change)
    listener.start()
    assert listener.ready.wait(10)
    try:
        p = other_process(
            url,
            f"svc.resolve({made.match_id!r}, svc.snapshot({made.match_id!r})[1].count + 1)",
            timed=True,
        )
        start = began(p)
        assert p.wait(60) == 0
        assert got.wait(10), "no wake-up from the other process"
        assert heard[0][0] == made.match_id
        assert heard[0][1] - start < 10
    finally:
        listener.stop()

    # the web server's live stream wakes on a change made by another process
    app = create_app(url, scan_interval=60)
    with TestClient(app) as client:
        token = made.player_tokens["dh"]
        with client.stream("GET", f"/api/matches/{made.match_id}/stream?token={token}") as r:
            lines = r.iter_lines()
            assert next(lines).startswith("event: change")
            next(lines), next(lines)  # data, blank
            p = other_process(
                url,
                f"svc.resolve({made.match_id!r}, svc.snapshot({made.match_id!r})[1].count + 1)",
                timed=True,
            )
            start = began(p)
            assert p.wait(60) == 0
            line = next(lines)
            assert line.startswith("event: change"), line
            assert time.monotonic() - start < 10  # woken, not the 15 s keep-alive
    app.state.service.db.dispose()
    db.dispose()


def test_discord_beside_another_process_posts_once(url, dx):
    async def scenario():
        bot = dx.build_bot(url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup()
            match_id = await world.new(
                "seat_exchange",
                humans=1,
                deadlines="trades=minutes:0.02",
                early=False,
                bots="random",
            )
            before = len(world.messages(world.channel))
            await asyncio.sleep(1.5)  # the deadline passes; both processes find it due
            p = other_process(url, "print(svc.resolve_due())")
            await bot.tick()
            assert p.wait(60) == 0
            await bot.tick()
            record = bot.service.record(match_id)
            assert len(record["steps"]) >= 1
            posts = [dx.text_of(m) for m in world.messages(world.channel)][before:]
            assert len(posts) == len(set(posts)) == len(record["steps"])
            steps = len(record["steps"])
            # a step the other process resolves is posted by the bot, once
            p = other_process(
                url, f"svc.resolve({match_id!r}, svc.snapshot({match_id!r})[1].count + 1)"
            )
            assert p.wait(60) == 0
            await bot.pump()
            await bot.pump()
            posts = [dx.text_of(m) for m in world.messages(world.channel)][before:]
            assert len(bot.service.record(match_id)["steps"]) == steps + 1
            assert len(posts) == len(set(posts)) == steps + 1
            assert world.prompt(world.members[0], match_id, steps + 2) is not None
            env.errors.clear()

    asyncio.run(scenario())
