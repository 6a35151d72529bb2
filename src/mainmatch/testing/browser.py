"""A game's phone form in a real browser (docs/engine.md "Testing your game").

The game served by the real host server (uvicorn on a loopback port, over a
SQLite file), a player's page opened in Chromium at 390x844 through
Playwright, the form filled and submitted, and axe-core's check of the page.
:func:`phone_match` does the setting up in one ``with``::

    from mainmatch.testing.browser import phone_match

    def test_my_form_on_a_phone():
        with phone_match("sealed_bid") as m:
            assert m.submit({"bid": "3"}) == {"bid": 3}
            assert m.width() <= 390
            m.check_axe()

Chromium: ``MAINMATCH_TEST_BROWSER`` names it, else ``/usr/bin/chromium``
(Debian's ``chromium`` package); without one, the test is skipped with that
reason. Playwright and axe-core (``pip install "mainmatch[test]"``, which
brings ``playwright`` and ``axe-playwright-python``) are imported when a
browser is opened; without them the test is skipped, saying what to install.
Playwright never downloads a browser here: it drives the one named.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mainmatch import games
from mainmatch.engine.game import JSONObject

from .phone import PHONE, STUBS, open_page, running, submit_and_wait, width

if TYPE_CHECKING:  # annotations only: Playwright loads when a browser starts
    from playwright.sync_api import Browser, Page

    from mainmatch.host.service import HostService

__all__ = [
    "ARGS",
    "FORBIDDEN",
    "PhoneMatch",
    "axe_violations",
    "browser_path",
    "chromium",
    "describe_violations",
    "error_shown",
    "my_turn",
    "phone_match",
    "phone_page",
    "serve_process",
    "served",
    "until",
]

#: Chromium's flags for a test: no sandbox (root in a container), no GPU, no calls home
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
#: the axe impacts no page may have (axe's four are minor, moderate, serious, critical)
FORBIDDEN = ("critical", "serious")
#: what to install for the browser helpers
INSTALL = 'pip install "mainmatch[test]" (playwright and axe-playwright-python)'


def browser_path() -> str | None:
    """The Chromium to drive: ``MAINMATCH_TEST_BROWSER``, else Debian's
    ``/usr/bin/chromium`` where it is installed, else ``None``."""
    named = os.environ.get("MAINMATCH_TEST_BROWSER")
    if named:
        return named
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def _skip(reason: str) -> None:
    import pytest

    pytest.skip(reason)


@contextmanager
def served(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn in a thread on a free loopback port; its base URL."""
    import uvicorn

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
def chromium() -> Iterator[Browser]:
    """Chromium (:func:`browser_path`) driven by Playwright; the calling test is
    skipped, with the reason, when there is no browser or no Playwright."""
    path = browser_path()
    if path is None:
        _skip(
            "no Chromium: set MAINMATCH_TEST_BROWSER to its path "
            "(Debian: apt-get install chromium; make test installs it)"
        )
    assert path is not None and Path(path).exists(), f"MAINMATCH_TEST_BROWSER={path} does not exist"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _skip(f"Playwright is not installed: {INSTALL}")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def until(page: Page, predicate: str, timeout: float = 30) -> None:
    """Wait until the JavaScript expression is true on the page. (Playwright's
    wait_for_function compiles its predicate with eval, which the server's
    Content-Security-Policy forbids, as it should; evaluate is not affected.)"""
    end = time.monotonic() + timeout
    while not page.evaluate(predicate):
        assert time.monotonic() < end, f"timed out waiting for {predicate}"
        time.sleep(0.05)


def my_turn(svc: HostService, match_id: str, me: str, timeout: float = 60) -> Any:
    """The match's snapshot once the bots have moved (they move in the
    background, a moment after a step opens): ``me`` is then awaited, or it is over."""
    assert svc.wait_for_bots(timeout)
    return svc.snapshot(match_id)[1]


def error_shown(page: Page) -> str:
    """Submit the action form and wait for the engine's refusal; its text."""
    page.click("#submit-action")
    until(page, "document.getElementById('action-error').textContent.length > 0")
    return str(page.locator("#action-error").inner_text())


def axe_violations(page: Page, impacts: tuple[str, ...] = FORBIDDEN) -> list[JSONObject]:
    """axe-core's violations on the page as it is now, those of ``impacts``
    (by default critical and serious: what no page of mainmatch may have)."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        _skip(f"axe-playwright-python is not installed: {INSTALL}")
    found = Axe().run(page).response["violations"]
    return [v for v in found if v["impact"] in impacts]


def describe_violations(violations: list[JSONObject]) -> str:
    """axe's violations in lines a failed test prints: impact, rule, help,
    and up to six of the elements with why."""
    lines = []
    for v in violations:
        lines.append(f"{v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])})")
        for node in v["nodes"][:6]:
            why = (node.get("any") or node.get("all") or [{}])[0].get("message", "")
            lines.append(f"    {' '.join(map(str, node['target']))}: {node['html'][:100]} {why}")
    return "\n".join(lines)


@dataclass
class PhoneMatch:
    """A match on a served host, and one player's page open at 390x844.

    ``svc`` is the host service, ``base`` the server's URL, ``page`` the
    Playwright page (its script errors in ``page.errors``), ``me`` the
    player whose page it is, ``tokens`` every seat's player token."""

    svc: HostService
    base: str
    page: Page
    match_id: str
    me: str
    tokens: dict[str, str]

    def request(self) -> JSONObject:
        """``me``'s open request, once the bots in the other seats have moved."""
        pending = my_turn(self.svc, self.match_id, self.me).pending
        assert self.me in pending, f"{self.me} is not asked anything now"
        return dict(pending[self.me])

    def open(self) -> None:
        """(Re)load ``me``'s page, once its form is drawn."""
        self.request()
        open_page(self.page, self.base, self.tokens[self.me])

    def fill(self, fields: dict[str, str]) -> None:
        """Type into the form's inputs, each named by its ``data-path`` (the
        action field's path: ``bid``, ``bids.A.chips``)."""
        for path, value in fields.items():
            box = self.page.locator(f'#action-form [data-path="{path}"]')
            assert box.count() == 1, f"the form has no input for {path!r}"
            box.fill(value)

    def submit(self, fields: dict[str, str] | None = None) -> JSONObject:
        """Fill ``fields``, press Submit, wait for the step to resolve; the
        action the engine recorded for ``me``."""
        self.fill(fields or {})
        return dict(submit_and_wait(self.page, self.svc, self.match_id)[self.me])

    def width(self) -> int:
        """The page's content width (at most 390 where nothing scrolls sideways)."""
        return width(self.page)

    def check_axe(self, impacts: tuple[str, ...] = FORBIDDEN) -> None:
        """Fail the test, listing them, if axe-core finds violations of ``impacts``."""
        bad = axe_violations(self.page, impacts)
        assert not bad, f"axe on {self.page.url}:\n{describe_violations(bad)}"


@contextmanager
def phone_page(browser: Any) -> Iterator[Any]:
    """A page of ``browser`` at 390x844 in a context of its own: notifications
    and sounds recorded instead of made (``STUBS``), its script errors collected
    in ``page.errors``, dialogs accepted; closed at the end."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(STUBS)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    try:
        yield page
    finally:
        context.close()


@contextmanager
def phone_match(
    game_id: str,
    *,
    people: int = 1,
    db_url: str | None = None,
    **options: Any,
) -> Iterator[PhoneMatch]:
    """The host server over a fresh SQLite file (or ``db_url``) with one match
    of ``game_id`` at its default table (the first ``people`` seats awaited,
    random bots in the rest, deadlines manual; ``options`` are host inputs),
    and the first player's page open in Chromium at 390x844. Skipped, with
    the reason, without a browser (:func:`chromium`)."""
    from mainmatch.host.app import create_app

    if game_id not in games.ids():
        raise AssertionError(f"no game {game_id!r} is installed (pip install -e your package)")
    with tempfile.TemporaryDirectory() as folder, chromium() as browser:
        app = create_app(
            db_url or f"sqlite:///{Path(folder) / 'host.db'}", scan_interval=0.2, admin_key=None
        )
        svc = app.state.service
        try:
            with served(app) as base, phone_page(browser) as page:
                made = running(svc, game_id, people=people, **options)
                me = games.get(game_id).default_players[0]
                m = PhoneMatch(svc, base, page, made.match_id, me, dict(made.player_tokens))
                m.open()
                yield m
        finally:
            svc.db.dispose()
