"""What the browser tests share: the server in a thread (or ``mainmatch serve`` as
a process), Debian's Chromium, waits.

(A module rather than conftest fixtures so that each test module chooses the
scope: one server and one browser per module keeps the browser tests quick.)
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn

CHROMIUM = os.environ.get("MAINMATCH_TEST_BROWSER") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


@contextmanager
def served(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn in a thread on a free loopback port; its base URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(
        uvicorn.Config(
            app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1
        )
    )
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


@contextmanager
def serve_process(args: list[str], out: Path, env: dict[str, str]) -> Iterator[str]:
    """``python -m mainmatch.host serve ARGS`` on a free loopback port, its output
    (stdout and stderr) in ``out``; its base URL once it answers. Stopped at the end."""
    import httpx

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    with open(out, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "mainmatch.host", "serve", *args, "--port", str(port)],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                assert proc.poll() is None and time.monotonic() < deadline, out.read_text()
                try:
                    httpx.get(f"{base}/api/games", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            yield base
        finally:
            os.killpg(proc.pid, 15)
            proc.wait(timeout=10)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (the test is skipped without it)."""
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    assert Path(CHROMIUM).exists(), f"MAINMATCH_TEST_BROWSER={CHROMIUM} does not exist"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def until(page: Any, predicate: str, timeout: float = 30) -> None:
    """Wait until the JavaScript expression is true on the page. (Playwright's
    wait_for_function compiles its predicate with eval, which the server's
    Content-Security-Policy forbids, as it should; evaluate is not affected.)"""
    end = time.monotonic() + timeout
    while not page.evaluate(predicate):
        assert time.monotonic() < end, f"timed out waiting for {predicate}"
        time.sleep(0.05)


def my_turn(svc: Any, match_id: str, me: str, timeout: float = 60) -> Any:
    """The match's snapshot once the bots have moved (they move in the
    background, a moment after a step opens): ``me`` is then awaited, or it is over."""
    assert svc.wait_for_bots(timeout)
    return svc.snapshot(match_id)[1]


def error_shown(page: Any) -> str:
    """Submit the action form and wait for the engine's refusal; its text."""
    page.click("#submit-action")
    until(page, "document.getElementById('action-error').textContent.length > 0")
    return page.locator("#action-error").inner_text()
