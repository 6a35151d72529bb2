"""The bot's own loop, as ``mainmatch discord`` runs it: woken by a change that
another process commits, it posts the announcement and the next requests
without any command or click."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time


def test_discord_loop_posts_what_another_process_resolved(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=True, tick_seconds=30)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup()
            me = world.members[0]
            match_id = await world.new("seat_exchange", humans=1, early=False)
            before = len(world.messages(world.channel))
            code = (
                "from mainmatch.host.db import Database\n"
                "from mainmatch.host.service import HostService\n"
                f"svc = HostService(Database({sqlite_url!r}))\n"
                f"svc.resolve({match_id!r}, 1)\n"
            )
            envv = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
            p = await asyncio.to_thread(
                subprocess.run, [sys.executable, "-c", code], env=envv, timeout=60
            )
            assert p.returncode == 0
            for _ in range(100):  # the listener's thread polls SQLite every 0.5 s
                if world.prompt(me, match_id, 2) is not None:
                    break
                await env.external_wait(asyncio.to_thread(time.sleep, 0.2), reason="real time")
                await env.settle()
            assert world.prompt(me, match_id, 2) is not None
            assert len(world.messages(world.channel)) == before + 1

    asyncio.run(scenario())
