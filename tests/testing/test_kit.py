"""The game author's testing kit, mainmatch.testing (issue 34 item 14), on
its own: it imports without its test libraries and says what to install;
the contract call refuses a game that is not the registered one and checks
the golden file when there is one; without a Chromium a browser test is
skipped with the reason. (Its whole-match helpers run in the example
plugin's tests and in tests/discord, tests/host.)"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from mainmatch.testing import browser, check_game
from mainmatch.testing.discord import plain

#: a Python run with the kit's test libraries hidden, as in a bare install
BARE = """
import sys
for name in ("simcord", "playwright", "playwright.sync_api", "axe_playwright_python",
             "axe_playwright_python.sync_playwright", "pytest", "_pytest"):
    sys.modules[name] = None
"""


def _bare(code: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", BARE + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_the_kit_imports_without_its_test_libraries_and_says_what_to_install() -> None:
    said = _bare(
        """
        import mainmatch.testing, mainmatch.testing.browser, mainmatch.testing.discord
        from mainmatch.testing.discord import load_simcord
        try:
            load_simcord()
        except ImportError as e:
            print(e)
        """
    )
    assert said.strip() == (
        'mainmatch.testing.discord needs simcord: pip install "mainmatch[test]" '
        "(or pip install simcord)"
    )


def test_without_a_chromium_the_test_is_skipped_with_the_reason(monkeypatch) -> None:
    monkeypatch.setattr(browser, "browser_path", lambda: None)
    no_chromium = pytest.raises(
        pytest.skip.Exception, match="no Chromium: set MAINMATCH_TEST_BROWSER"
    )
    with no_chromium, browser.chromium():
        pass


def test_without_playwright_the_test_is_skipped_saying_what_to_install(monkeypatch) -> None:
    monkeypatch.setattr(browser, "browser_path", lambda: sys.executable)  # a file that exists
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)
    no_playwright = pytest.raises(pytest.skip.Exception, match=r'pip install "mainmatch\[test\]"')
    with no_playwright, browser.chromium():
        pass


def test_the_browser_is_the_one_named(monkeypatch) -> None:
    monkeypatch.setenv("MAINMATCH_TEST_BROWSER", "/opt/my/chromium")
    assert browser.browser_path() == "/opt/my/chromium"


def test_an_unregistered_game_is_refused(range_game) -> None:
    other = type(range_game)()  # the same class, another object: not what replay finds
    with pytest.raises(AssertionError, match="not the one registered under its id"):
        check_game(other, seeds=range(1))


def test_the_golden_file_is_written_then_held(tmp_path) -> None:
    """With no golden file the contract alone runs; ``update`` writes one,
    which then holds until the play differs from it."""
    path = tmp_path / "golden" / "sealed_bid.txt"
    check_game("sealed_bid", seeds=range(1), golden_file=path)
    assert not path.exists()
    check_game("sealed_bid", seeds=range(1), golden_file=path, update=True)
    written = path.read_text()
    assert written.startswith("# The Sealed Bid (sealed_bid): golden playthrough, seed 7")
    check_game("sealed_bid", seeds=range(1), golden_file=path)
    path.write_text(written.replace('"prizes": [', '"prizes": [9, '))
    with pytest.raises(AssertionError, match="sealed_bid.txt differs"):
        check_game("sealed_bid", seeds=range(1), golden_file=path)


def test_plain_drops_the_parts_a_form_leaves_empty() -> None:
    meant = {"bid": 0, "garnets": 0, "bids": {"A": {"chips": 2, "garnets": 0}}, "trades": []}
    assert plain(meant) == plain({"bids": {"A": {"chips": 2}}})
    # a false is not a zero, and a list keeps its zeros
    assert plain({"pass": False}) != plain({})
    assert plain({"minus": [0, 0, 3]}) != plain({"minus": [3]})
