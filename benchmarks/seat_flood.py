"""One seat floods its submissions while another match's submissions are timed.

    .venv/bin/python benchmarks/seat_flood.py [--seconds 8] [--clients 2]

Starts ``mainmatch serve`` on a fresh SQLite file, creates two Seat Exchange
matches, times 40 submissions to the second match (two seats, 0.1 s apart),
then floods one seat of the first match from ``--clients`` clients for
``--seconds`` while timing 60 more. Prints how many flood submissions were
stored and refused, and the other match's latency quiet and during the flood
(issue #26, L2: the per-seat rate limit of ``host/ratelimit.py``).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import httpx

KEY = "seat-flood-admin-key-0123"
BODY = {"game": "seat_exchange", "deadlines": {"trades": "manual", "choose_ec": "manual"}}
ACTION = {"action": {"trades": []}, "step": 1}


def _serve(db: str) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "mainmatch.host", "serve", "--db", db, "--port", str(port)]
    env = {**os.environ, "MAINMATCH_ADMIN_KEY": KEY}
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(base + "/api/games", timeout=1)
            return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def _probe(base: str, match: dict, n: int) -> list[float]:
    out = []
    with httpx.Client(base_url=base) as c:
        for i in range(n):
            token = match["player_tokens"][["jk", "dh"][i % 2]]
            t = time.perf_counter()
            r = c.put(
                f"/api/matches/{match['match']}/submission",
                headers={"Authorization": f"Bearer {token}"},
                json=ACTION,
            )
            out.append(time.perf_counter() - t)
            r.raise_for_status()
            time.sleep(0.1)
    return out


def _ms(xs: list[float]) -> str:
    p95 = sorted(xs)[int(0.95 * len(xs))]
    return f"p50 {statistics.median(xs) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--clients", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = _serve(f"{tmp}/flood.db")
        try:
            admin = {"Authorization": f"Bearer {KEY}"}
            flooded = httpx.post(base + "/api/matches", headers=admin, json=BODY).json()
            other = httpx.post(base + "/api/matches", headers=admin, json=BODY).json()
            quiet = _probe(base, other, 40)
            stop = time.monotonic() + args.seconds
            counts = {"stored": 0, "refused": 0}
            lock = threading.Lock()

            def flood() -> None:
                auth = {"Authorization": f"Bearer {flooded['player_tokens']['sm']}"}
                url = f"/api/matches/{flooded['match']}/submission"
                with httpx.Client(base_url=base) as c:
                    while time.monotonic() < stop:
                        ok = c.put(url, headers=auth, json=ACTION).status_code == 200
                        with lock:
                            counts["stored" if ok else "refused"] += 1

            threads = [threading.Thread(target=flood) for _ in range(args.clients)]
            for t in threads:
                t.start()
            loud = _probe(base, other, 60)
            for t in threads:
                t.join()
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    print(
        f"{args.clients} clients flood one seat for {args.seconds:g} s: {counts['stored']} "
        f"submissions stored, {counts['refused']} refused; another match's submissions: "
        f"quiet {_ms(quiet)}, during the flood {_ms(loud)}"
    )


if __name__ == "__main__":
    main()
