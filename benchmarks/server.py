"""Host server latency: submissions and player pages under concurrent matches.

    .venv/bin/python benchmarks/server.py [--matches 50] [--concurrency 50] [--pg URL]

Starts ``mainmatch serve`` (uvicorn, one process pinned to one core) on a
free loopback port with a fresh SQLite file (and, with ``--pg``, again on that
PostgreSQL database), creates ``--matches`` Seat Exchange matches of 13
people (manual deadlines, resolution as soon as everyone has submitted), and
plays them to the end through the API with at most ``--concurrency`` requests
in flight: every player of every match loads their page and submits, each
round (the 13th submission of a round resolves it; the host's overview is
read once a round to see what is pending). Prints p50/p95/p99
latency of a submission and of a player page.

With ``play``, it also counts the database statements and transactions of
one submission, in the service as the API makes it and through the host's
facade as a Discord modal submission makes it (the seat's request read,
then the submission written), with SQLAlchemy's event listeners; and the
requests served per second of the whole run.

Then measures replay from storage: a Homeostasis match of 100+ steps is
stored, and a server with an empty cache rebuilds its state from the steps
table (``--replay-runs`` times, median and worst).

Issue #18 adds two figures:

- the cost of SQLite ``synchronous=FULL`` (fsync on every commit, the
  durability promise) against ``NORMAL``: the same 10 matches played with one
  request in flight, so each submission's latency is mostly its commit;
- an unrelated submission's latency while ten all-bot matches (Homeostasis,
  five strategy bots each) are being created at once: the submissions go to
  a human match, one after another, until every bot match is over.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from mainmatch import games


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


ADMIN_KEY = "benchmark-admin-key"
ADMIN = {"Authorization": f"Bearer {ADMIN_KEY}"}


def start_server(url: str, log: Path, **env: str) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    cmd = [sys.executable, "-m", "mainmatch.host", "serve", "--db", url, "--port", str(port)]
    env = {**os.environ, "MAINMATCH_ADMIN_KEY": ADMIN_KEY, **env}
    with open(log, "ab") as out:  # the child keeps its own copy of the descriptor
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(proc.pid, {0})  # the server gets one core; the client runs beside it
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"the server did not start; see {log}")


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q / 100 * (len(xs) - 1)))]


def line(name: str, xs: list[float]) -> str:
    ms = [x * 1000 for x in xs]
    return (
        f"  {name:<18} n={len(ms):<6} p50 {pct(ms, 50):7.1f} ms   p95 {pct(ms, 95):7.1f} ms   "
        f"p99 {pct(ms, 99):7.1f} ms   max {max(ms):7.1f} ms"
    )


async def play(base: str, matches: int, concurrency: int) -> dict[str, list[float]]:
    game = games.get("seat_exchange")
    # connections idle 2 s are dropped here first: uvicorn closes them at 5 s, httpx's
    # default, and on a busy machine a request sent at that moment was cut (ReadError)
    limits = httpx.Limits(
        max_connections=concurrency, max_keepalive_connections=concurrency, keepalive_expiry=2.0
    )
    times: dict[str, list[float]] = {
        "submission": [],
        "player page": [],
        "resolving submission": [],
    }
    sem = asyncio.Semaphore(concurrency)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        made = []
        for i in range(matches):
            r = await client.post(
                "/api/matches",
                headers=ADMIN,
                json={
                    "game": "seat_exchange",
                    "seed": i,
                    "deadlines": {"trades": "manual", "choose_ec": "manual"},
                },
            )
            r.raise_for_status()
            made.append(r.json())

        async def timed(kind: str, method: str, url: str, token: str, **kw):
            async with sem:
                t0 = time.perf_counter()
                r = await client.request(
                    method, url, headers={"Authorization": f"Bearer {token}"}, **kw
                )
                dt = time.perf_counter() - t0
            if r.status_code >= 400:
                raise SystemExit(f"{method} {url}: {r.status_code} {r.text}")
            return r, dt

        async def one_match(m: dict, seed: int) -> None:
            rng = random.Random(seed)
            players = list(game.default_players)
            while True:
                ov, _ = await timed(
                    "overview", "GET", f"/api/matches/{m['match']}", m["host_token"]
                )
                pending = [p["player"] for p in ov.json()["pending"]]
                if not pending:
                    return
                step = ov.json()["open_step"]
                for p in pending:
                    tok = m["player_tokens"][p]
                    _, dt = await timed("page", "GET", f"/play/{tok}", tok)
                    times["player page"].append(dt)
                    kind = ov.json()["pending"][0]["kind"]
                    if kind == "choose_ec":
                        me = (
                            await client.get(
                                f"/api/matches/{m['match']}",
                                headers={"Authorization": f"Bearer {tok}"},
                            )
                        ).json()
                        action = {"ec": rng.choice(me["request"]["candidates"])}
                    elif rng.random() < 0.6:  # $1-$10 a round: always within the $100 income
                        a, b = rng.sample(players, 2)
                        action = {"trades": [{"players": [a, b], "amount": rng.randint(1, 10)}]}
                    else:
                        action = {}
                    r, dt = await timed(
                        "submit",
                        "PUT",
                        f"/api/matches/{m['match']}/submission",
                        tok,
                        json={"action": action, "step": step},
                    )
                    times["resolving submission" if r.json()["resolved"] else "submission"].append(
                        dt
                    )

        await asyncio.gather(*(one_match(m, i) for i, m in enumerate(made)))
    return times


def bench_backend(name: str, url: str, matches: int, concurrency: int, workdir: Path) -> None:
    proc, base = start_server(url, workdir / f"server-{name}.log")
    try:
        t0, cpu0 = time.perf_counter(), _cpu_seconds(proc.pid)
        times = asyncio.run(play(base, matches, concurrency))
        wall, cpu = time.perf_counter() - t0, _cpu_seconds(proc.pid) - cpu0
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    n = sum(len(v) for v in times.values())
    print(
        f"{name}: {matches} concurrent 13-player matches, {concurrency} requests in flight, "
        f"server on one core: {n} timed requests in {wall:.1f} s ({n / wall:.0f} requests/s)"
    )
    if cpu:
        # on a shared machine the server's own CPU time is the steady figure
        print(
            f"  server CPU {cpu:.1f} s: {cpu / n * 1000:.2f} ms per timed request, "
            f"{n / cpu:.0f} requests per CPU second"
        )
    for k, v in times.items():
        if v:
            print(line(k, v))
    print(line("any submission", times["submission"] + times["resolving submission"]))


def _counted(db, call) -> tuple[int, int]:
    """(statements, transactions) ``db`` runs during ``call()``."""
    from sqlalchemy import event

    seen = [0, 0]

    def statement(*_args) -> None:
        seen[0] += 1

    def begin(_conn) -> None:
        seen[1] += 1

    event.listen(db.engine, "before_cursor_execute", statement)
    event.listen(db.engine, "begin", begin)
    try:
        call()
    finally:
        event.remove(db.engine, "before_cursor_execute", statement)
        event.remove(db.engine, "begin", begin)
    return seen[0], seen[1]


def bench_statements(workdir: Path) -> None:
    """Statements and transactions of one submission that resolves nothing:
    through the service (the API's ``PUT .../submission``) and through the
    facade as a Discord modal submission makes it."""
    from mainmatch.host.chatstore import Seat
    from mainmatch.host.facade import Door
    from mainmatch.host.service import Access

    door = Door(f"sqlite:///{workdir / 'statements.db'}")
    door.migrate()
    made = door.create_match("seat_exchange", deadlines={"trades": "manual"})
    players = door.players(made.match_id)
    door.link_match(
        made.match_id,
        1,
        2,
        3,
        [Seat(made.match_id, p, 100 + i, None) for i, p in enumerate(players)],
    )
    action = {"trades": [{"players": ["dh", "sm"], "amount": 3}]}
    jk = Access(made.match_id, "player", "jk")
    door.service.overview(jk)  # a warm cache, as a running server has
    web = _counted(door.db, lambda: door.service.submit(jk, action, 1))
    pos = players.index("sm")

    def modal() -> None:
        seat = door.seat_request(made.match_id, pos, 100 + pos)
        assert seat is not None and seat.asks(1)
        door.submit(made.match_id, seat.player, {**seat.draft, **action}, 1)

    built = door.service.overviews.built
    discord = _counted(door.db, modal)
    assert door.service.overviews.built == built
    print(
        f"statements per submission: web {web[0]} in {web[1]} transaction(s); "
        f"Discord modal {discord[0]} in {discord[1]} transaction(s), no overview built"
    )
    door.close()


def bench_durability(workdir: Path, rounds: int = 6, per_round: int = 100) -> None:
    """Submission latency with fsync on every commit (FULL) and without
    (NORMAL), in the service itself (no HTTP), the two modes alternating so
    that the shared machine's load falls on both alike."""
    from mainmatch.host import db as dbmod
    from mainmatch.host.service import HostService

    results: dict[str, list[float]] = {"FULL": [], "NORMAL": []}
    for r in range(rounds):
        for mode in ("FULL", "NORMAL") if r % 2 == 0 else ("NORMAL", "FULL"):
            dbmod.SQLITE_SYNCHRONOUS = mode
            database = dbmod.Database(f"sqlite:///{workdir / f'sync-{mode}-{r}.db'}")
            database.migrate()
            svc = HostService(database)
            made = svc.create_match(
                "seat_exchange", deadlines={"trades": "manual"}, early_resolution=False
            )
            jk = svc.access_of(made.player_tokens["jk"])
            assert jk is not None
            for i in range(per_round):
                action = {"trades": [{"players": ["dh", "sm"], "amount": i % 50 + 1}]}
                t0 = time.perf_counter()
                svc.submit(jk, action, 1)
                results[mode].append(time.perf_counter() - t0)
            database.dispose()
    dbmod.SQLITE_SYNCHRONOUS = "FULL"
    print(
        f"SQLite synchronous=FULL against NORMAL: {rounds * per_round} submissions each, "
        "in the service (no HTTP), the modes alternating:"
    )
    for mode, xs in results.items():
        print(line(f"submission {mode}", xs))
    extra = statistics.median(results["FULL"]) - statistics.median(results["NORMAL"])
    print(f"  FULL costs {extra * 1000:.1f} ms more per submission (median)")


async def _bots_and_one_human(base: str, bot_matches: int) -> tuple[list[float], float]:
    async with httpx.AsyncClient(base_url=base, timeout=600) as client:
        human = (
            await client.post(
                "/api/matches",
                headers=ADMIN,
                json={"game": "seat_exchange", "early_resolution": False},
            )
        ).json()
        jk = {"Authorization": f"Bearer {human['player_tokens']['jk']}"}
        url = f"/api/matches/{human['match']}/submission"
        players = list(games.get("homeostasis").default_players)
        body = {"game": "homeostasis", "bots": {p: "strategy" for p in players}}
        t0 = time.perf_counter()
        created = await asyncio.gather(
            *(
                client.post("/api/matches", headers=ADMIN, json={**body, "seed": i})
                for i in range(bot_matches)
            )
        )
        bots = [r.json() for r in created]
        times: list[float] = []
        amount = 0
        while True:
            amount = amount % 50 + 1
            action = {"trades": [{"players": ["dh", "sm"], "amount": amount}]}
            t1 = time.perf_counter()
            r = await client.put(url, headers=jk, json={"action": action, "step": 1})
            times.append(time.perf_counter() - t1)
            r.raise_for_status()
            if len(times) % 20 == 0:
                over = 0
                for m in bots:
                    host = {"Authorization": f"Bearer {m['host_token']}"}
                    ov = (await client.get(f"/api/matches/{m['match']}", headers=host)).json()
                    over += ov["status"] == "over"
                if over == len(bots):
                    return times, time.perf_counter() - t0


def bench_bots(workdir: Path, bot_matches: int) -> None:
    """An unrelated submission while all-bot matches are being created."""
    # the probe submits back to back from one seat: lift the per-seat limit
    # (ratelimit.py) so the figure stays the latency under the bots' load
    proc, base = start_server(
        f"sqlite:///{workdir / 'bots.db'}",
        workdir / "server-bots.log",
        MAINMATCH_SUBMIT_BURST="1000000",
        MAINMATCH_SUBMITS_PER_SECOND="1000000",
    )
    try:
        times, wall = asyncio.run(_bots_and_one_human(base, bot_matches))
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    print(
        f"{bot_matches} all-bot Homeostasis matches created at once (5 strategy bots each), "
        f"all played in {wall:.1f} s; meanwhile, submissions to another match:"
    )
    print(line("submission", times))


def bench_replay(url: str, runs: int) -> None:
    from mainmatch.host.db import Database
    from mainmatch.host.service import HostService

    db = Database(url)
    db.migrate()
    svc = HostService(db)
    game = games.get("homeostasis")
    made = svc.create_match(
        "homeostasis", seed=3, deadlines={k: "manual" for k in game.action_models}
    )
    rng = random.Random(3)
    while True:
        _, snap = svc.snapshot(made.match_id)
        if snap.over:
            break
        for p in snap.pending:
            action = game.random_action(snap.state, p, rng)
            svc.submit(svc.access_of(made.player_tokens[p]), action, snap.count + 1)
    steps = snap.count
    samples = []
    for _ in range(runs):
        fresh = HostService(db)  # an empty cache: a restarted server
        t0 = time.perf_counter()
        fresh.snapshot(made.match_id)
        samples.append(time.perf_counter() - t0)
    ms = [x * 1000 for x in samples]
    print(
        f"replay from storage: a {steps}-step Homeostasis match rebuilt by a server with an empty cache: "
        f"median {statistics.median(ms):.1f} ms, worst {max(ms):.1f} ms ({runs} runs)"
    )
    db.dispose()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=50)
    ap.add_argument(
        "--concurrency",
        type=int,
        default=8,
        help="requests in flight at most (all matches share them)",
    )
    ap.add_argument("--pg", help="also on this PostgreSQL database (postgresql+psycopg://...)")
    ap.add_argument("--replay-runs", type=int, default=20)
    ap.add_argument("--only", choices=["play", "durability", "bots", "replay"], action="append")
    ap.add_argument("--bot-matches", type=int, default=10)
    ap.add_argument(
        "--rounds", type=int, default=10, help="durability: rounds of 100 submissions per mode"
    )
    args = ap.parse_args()
    only = set(args.only or ["play", "durability", "bots", "replay"])
    if hasattr(os, "sched_setaffinity") and len(os.sched_getaffinity(0)) > 1:
        os.sched_setaffinity(0, {1})  # the client beside the server's core
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if "play" in only:
            bench_backend(
                "SQLite", f"sqlite:///{work / 'bench.db'}", args.matches, args.concurrency, work
            )
            if args.pg:
                bench_backend("PostgreSQL", args.pg, args.matches, args.concurrency, work)
            bench_statements(work)
        if "durability" in only:
            bench_durability(work, args.rounds)
        if "bots" in only:
            bench_bots(work, args.bot_matches)
        if "replay" in only:
            bench_replay(f"sqlite:///{work / 'replay.db'}", args.replay_runs)


if __name__ == "__main__":
    main()
