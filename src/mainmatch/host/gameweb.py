"""A game's own web presentation, found in its package (docs/engine.md "Its pages").

A game may ship a ``web/`` folder beside its module (files only, never
Python): ``view.html`` (a Jinja macro ``render(view, ov)`` drawing its views
for people), ``request.html`` (a macro ``summary(request)`` saying a request in
sentences), ``inputs.json`` (the words of its host inputs on /new) and any
``*.js`` / ``*.css`` the player's page loads (richer inputs named by a step's
``widget``, e.g. a circle of seats to tap). The host finds the folder from the
game class's package, so a game installed as a plugin ships the same folder;
a game without one gets the generic view and request templates and the form
built from its step descriptions alone.

Template names stay what they were when these files lived in the host:
``games/<id>.html`` and ``games/<id>.request.html`` (a Jinja loader maps them
to the game's folder), so other adapters (Discord renders the same view
templates to Markdown) name them the same way; :func:`view_html` is the
stable way to draw one view.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from jinja2 import BaseLoader, Environment, TemplateNotFound

from mainmatch import games
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import Game, JSONObject, State, View

#: the template names other code uses -> the file in the game's ``web/`` folder
NAMES = {".html": "view.html", ".request.html": "request.html"}
_NAME = re.compile(r"^games/([a-z0-9_]+)(\.request\.html|\.html)$")
#: what the static route serves from a game's folder
ASSET = re.compile(r"^[A-Za-z0-9_-]+\.(js|css)$")
MEDIA = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}


def web_dir(game_id: str) -> Traversable | None:
    """The ``web/`` folder of the game's package, or ``None`` (no such game, or
    none). Only installed games' folders are remembered: an id from a URL
    (``/web/<id>/x.js``) that names no game is answered without a trace, so
    made-up ids cannot grow the server's memory (issue 33, N10)."""
    if game_id not in games.game_ids():
        return None
    return _web_dir(game_id)


@cache
def _web_dir(game_id: str) -> Traversable | None:
    try:
        game = games.get(game_id)
    except (MainmatchError, KeyError, ValueError):
        return None
    module = sys.modules.get(type(game).__module__)
    package = getattr(module, "__package__", None)
    if not package:
        return None
    folder = resources.files(package) / "web"
    return folder if folder.is_dir() else None


def web_file(game_id: str, name: str) -> Traversable | None:
    """One file of the game's ``web/`` folder, or ``None``."""
    folder = web_dir(game_id)
    if folder is None:
        return None
    path = folder / name
    return path if path.is_file() else None


class GameWebLoader(BaseLoader):
    """Jinja loader of ``games/<id>.html`` and ``games/<id>.request.html`` from
    the game's own ``web/view.html`` and ``web/request.html``."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        match = _NAME.match(template)
        path = web_file(match.group(1), NAMES[match.group(2)]) if match else None
        if path is None:
            raise TemplateNotFound(template)
        # the package's files do not change while the server runs
        return path.read_text(encoding="utf-8"), None, lambda: True


def has_view(game_id: str) -> bool:
    return _has(game_id, "view.html") if game_id in games.game_ids() else False


def has_request(game_id: str) -> bool:
    return _has(game_id, "request.html") if game_id in games.game_ids() else False


@cache
def _has(game_id: str, name: str) -> bool:
    # asked several times by every page; the package's files do not change while
    # the server runs (remembered for installed games only, as :func:`web_dir`)
    return web_file(game_id, name) is not None


def view_template(game_id: str) -> str:
    """The game's own view template's name, or the generic one."""
    return f"games/{game_id}.html" if has_view(game_id) else "games/_generic.html"


def request_template(game_id: str) -> str | None:
    """The game's own request template's name, or ``None`` (its steps' own
    ``request_words`` say the request)."""
    return f"games/{game_id}.request.html" if has_request(game_id) else None


def assets(game_id: str) -> tuple[list[str], list[str]]:
    """The scripts and style sheets in the game's folder, by name, sorted
    (remembered for installed games only, as :func:`web_dir`)."""
    return _assets(game_id) if game_id in games.game_ids() else ([], [])


@cache
def _assets(game_id: str) -> tuple[list[str], list[str]]:
    folder = web_dir(game_id)
    if folder is None:
        return [], []
    names = sorted(p.name for p in folder.iterdir() if p.is_file() and ASSET.match(p.name))
    return [n for n in names if n.endswith(".js")], [n for n in names if n.endswith(".css")]


def input_words(game_id: str) -> dict[str, JSONObject]:
    """The words of the game's host inputs (``web/inputs.json``), or none
    (remembered for installed games only, as :func:`web_dir`)."""
    return _input_words(game_id) if game_id in games.game_ids() else {}


@cache
def _input_words(game_id: str) -> dict[str, JSONObject]:
    path = web_file(game_id, "inputs.json")
    return json.loads(path.read_text(encoding="utf-8")) if path is not None else {}


def view_html(env: Environment, game: Game[State], view: View, ov: Any = None) -> str:
    """One view (public or a player's) drawn by the game's view template (or
    the generic one) as HTML: what the pages show, and what Discord reads
    back as Markdown. ``ov`` is the page's overview where one exists (some
    templates mark the reader's own seat from it); ``{}`` otherwise."""
    macro = env.get_template(view_template(game.id)).module.render  # type: ignore[attr-defined]
    return str(macro(view, ov if ov is not None else {}))
