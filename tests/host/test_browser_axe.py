"""Every page kind passes axe-core with no critical and no serious violation
(issue #27, Pages), at a 390x844 phone and a 1280x800 desktop, in a real browser
(Playwright driving Debian's Chromium; axe-core from ``axe-playwright-python``).

Page kinds: home (before and after the admin key; the host's home holds the
import and new-season forms), /new for each game, each game's rules, the
player page of each game with a step form open, the host and spectator pages of
each match in progress, each game's finished match (the result), the player
page at each later step of Homeostasis (each has its own inputs), and the
season list, a season's page and its host page, and the API docs (/docs: Swagger
UI, /redoc: ReDoc; issue 34 item 13), each once its viewer has drawn the operations.

One server, one browser and one page per viewport for the module; each
(page, viewport) is its own test, which prints the violations when it fails.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from mainmatch import games
from mainmatch.testing.browser import (
    FORBIDDEN,
    axe_violations,
    chromium,
    describe_violations,
    served,
)
from mainmatch.testing.phone import finished, running

from .phonekit import ADMIN_KEY
from .test_browser_forms import _homeostasis_steps

pytestmark = pytest.mark.browser

VIEWPORTS = {"390": {"width": 390, "height": 844}, "1280": {"width": 1280, "height": 800}}
GAMES = sorted(games.ids())
KINDS = [
    "home without the key",
    "home",
    "seasons",
    "season",
    "season host",
    *(f"new {g}" for g in GAMES),
    *(f"rules {g}" for g in GAMES),
    *(f"{g} {role}" for g in GAMES for role in ("player", "host", "spectator", "finished")),
    # Homeostasis's later steps, each on its own input (the first, save_cards, is above)
    *(f"homeostasis {k} player" for k in ("draft", "bid", "final_bid", "place_saved", "brackets")),
    # the Neutral player's own row (its team's colour on the row's highlight; issue 34 item 13)
    "homeostasis neutral player",
    "api docs",
    "api reference",
]
#: a page drawn by a script: what shows that it has drawn
DRAWN = {"api docs": ".swagger-ui .opblock", "api reference": "redoc .api-content h5"}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[tuple[str, dict[str, str]]]:
    """The server with a match of each game in progress (the first player a
    person, awaited, the rest bots) and one finished, and a season with entries;
    the base URL and each page kind's path."""
    from mainmatch.host.app import create_app

    url = f"sqlite:///{tmp_path_factory.mktemp('axe') / 'host.db'}"
    app = create_app(url, scan_interval=0.2, admin_key=ADMIN_KEY)
    svc = app.state.service
    with served(app) as base:  # the season tables are made as the app starts
        paths = {"home without the key": "/", "home": "/", "seasons": "/seasons"}
        paths.update({"api docs": "/docs", "api reference": "/redoc"})
        cast = {p: f"Player {p.upper()}" for p in "abcdefgh"}
        seasons = app.state.seasons
        _, season_token = seasons.create("axe", list(cast), names=cast, starting_garnets=2)
        seasons.append(
            "axe", {"kind": "adjust", "player": "c", "garnets": 3}, author="t", reason="r"
        )
        seasons.append(
            "axe", {"kind": "death_match", "ec": "a", "opponent": "b", "winner": "a"}, author="t"
        )
        # the season's newer parts: a loser saved by a Token of Life, an episode of
        # a match the season hosted (its table, links and host-link button) and a
        # finished match of the server offered to the host's "enter by id" form
        seasons.append(
            "axe", {"kind": "adjust", "player": "d", "tokens_of_life": 1}, author="t", reason="r"
        )
        seasons.append(
            "axe", {"kind": "death_match", "ec": "d", "opponent": "e", "winner": "e"}, author="t"
        )
        six = ["a", "c", "d", "e", "f", "g"]
        seasons.new_match("axe", "amalgamation", six, bots=dict.fromkeys(six, "random"))
        svc.create_match("amalgamation", six, bots=dict.fromkeys(six, "random"), title="side")
        paths["season"] = "/seasons/axe"
        paths["season host"] = f"/seasons/axe/host/{season_token}"
        for g in GAMES:
            paths[f"new {g}"] = f"/new?game={g}"
            paths[f"rules {g}"] = f"/rules/{g}"
            made = running(svc, g)
            me = games.get(g).default_players[0]
            paths[f"{g} player"] = f"/play/{made.player_tokens[me]}"
            paths[f"{g} host"] = f"/host/{made.host_token}"
            paths[f"{g} spectator"] = f"/watch/{made.spectator_token}"
            done = finished(svc, g)
            paths[f"{g} finished"] = f"/play/{done.player_tokens[me]}"
            if g == "homeostasis":
                teams = svc.record(made.match_id)["config"]["teams"]
                neutral = next(p for p, t in teams.items() if t == "neutral")
                paths["homeostasis neutral player"] = f"/play/{made.player_tokens[neutral]}"
        manual = {k: "manual" for k in games.get("homeostasis").action_models}
        for kind, record in _homeostasis_steps().items():
            if kind != "save_cards":
                made = svc.import_record(
                    record, bots=dict.fromkeys("bcde", "random"), deadlines=manual
                )
                paths[f"homeostasis {kind} player"] = f"/play/{made.player_tokens['a']}"
        assert svc.wait_for_bots(60)
        yield base, paths


@pytest.fixture(scope="module")
def pages(site) -> Iterator[dict[str, Any]]:
    """A page per viewport, each holding the admin cookie (bar the keyless one)."""
    base, _ = site
    with chromium() as browser:
        out: dict[str, Any] = {}
        for name, size in VIEWPORTS.items():
            for keyed in (True, False):
                page = browser.new_context(viewport=size).new_page()
                page.set_default_timeout(30_000)
                if keyed:
                    page.goto(f"{base}/?key={ADMIN_KEY}")
                out[name, keyed] = page
        yield out


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("kind", KINDS)
def test_no_critical_or_serious_axe_violation(site, pages, kind: str, viewport: str) -> None:
    base, paths = site
    page = pages[viewport, kind != "home without the key"]
    page.goto(base + paths[kind])
    page.wait_for_load_state("load")
    if kind.endswith(" player"):  # the step's form is drawn by the page's script
        page.wait_for_selector("#action-form")
    if kind.startswith("new "):
        page.wait_for_selector("#deadlines select")
    if kind in DRAWN:
        page.wait_for_selector(DRAWN[kind])
    bad = axe_violations(page, FORBIDDEN)
    if bad:
        pytest.fail(f"{kind} at {viewport} px:\n{describe_violations(bad)}", pytrace=False)
