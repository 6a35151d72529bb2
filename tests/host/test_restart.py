"""A restart loses nothing: the server (uvicorn in a subprocess) is killed
between a submission and the step's deadline; started again after the
deadline, it resolves the step with the submission and the rules' defaults."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest

MINUTES = 0.1  # the step's deadline: 6 seconds after it opens
ADMIN_KEY = "restart-test-admin-key"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, url: str, port: int, log):
        self.base = f"http://127.0.0.1:{port}"
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mainmatch.host",
                "serve",
                "--db",
                url,
                "--port",
                str(port),
                "--scan-interval",
                "0.2",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "MAINMATCH_ADMIN_KEY": ADMIN_KEY},
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the server stopped at start; see its log")
            try:
                if httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """SIGKILL: no graceful shutdown, as in a crash."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_kill_between_submission_and_deadline_loses_nothing(backend, request, tmp_path):
    url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "pg_url")
    port = _free_port()
    with open(tmp_path / "server.log", "ab") as log:
        server = Server(url, port, log)
        try:
            made = httpx.post(
                f"{server.base}/api/matches",
                headers={"Authorization": f"Bearer {ADMIN_KEY}"},
                json={
                    "game": "seat_exchange",
                    "deadlines": {"trades": f"minutes:{MINUTES}"},
                    "early_resolution": False,
                },
            ).json()
            m, jk = made["match"], made["player_tokens"]["jk"]
            action = {"trades": [{"players": ["dh", "sm"], "amount": 42}]}
            r = httpx.put(
                f"{server.base}/api/matches/{m}/submission",
                json={"action": action, "step": 1},
                headers={"Authorization": f"Bearer {jk}"},
            )
            assert r.status_code == 200
            deadline = r.json()["deadline"]
        finally:
            server.kill()
        killed_at = time.time()
        assert killed_at < deadline, "the server must be down before the deadline"
        time.sleep(max(0.0, deadline - time.time()) + 0.5)

        server = Server(url, port, log)
        try:
            host = {"Authorization": f"Bearer {made['host_token']}"}
            for _ in range(100):
                ov = httpx.get(f"{server.base}/api/matches/{m}", headers=host).json()
                if ov["steps_applied"] >= 1:
                    break
                time.sleep(0.1)
            assert ov["steps_applied"] == 1, (
                "the deadline that passed while the server was down resolved the step"
            )
            rec = httpx.get(f"{server.base}/api/matches/{m}/record", headers=host).json()
            assert rec["steps"][0]["actions"]["jk"] == action, (
                "the acknowledged submission survived the crash"
            )
            assert (
                "jk" not in rec["steps"][0]["defaulted"] and len(rec["steps"][0]["defaulted"]) == 12
            )
            assert ov["open_step"] == 2 and ov["deadline"] > deadline
        finally:
            server.kill()
