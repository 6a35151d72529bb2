"""What docs/engine.md tells a game author is held to the code (issue 34 item
15): the table of ``StepDescription``'s parameters lists the dataclass's fields
with their types and defaults; the example plugin's package data covers every
file of its package that is not Python (``golden/``, a ``web/`` folder) and the
page shows those lines as they are; every game's view template is the macro
``render(view, ov)`` the page describes and draws a view with ``ov = {}``."""

from __future__ import annotations

import ast
import dataclasses
import fnmatch
import re
import tomllib
from pathlib import Path

import pytest

from mainmatch import games
from mainmatch.engine.steps import StepDescription
from mainmatch.host.gameweb import web_file
from mainmatch.host.pages import render_view

ROOT = Path(__file__).resolve().parents[2]
ENGINE_MD = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
PLUGIN = ROOT / "examples" / "plugin_game"


def _section(heading: str) -> str:
    start = ENGINE_MD.index(f"\n### {heading}\n")
    end = ENGINE_MD.index("\n### ", start + 1)
    return ENGINE_MD[start:end]


def _cells(line: str) -> list[str]:
    """A Markdown table row's cells, an escaped ``\\|`` kept inside its cell."""
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]


def _bare(type_text: str) -> str:
    """A type without its brackets' contents: ``Callable[[X], Y] | None`` -> ``Callable | None``."""
    while "[" in type_text:
        type_text = re.sub(r"\[[^\[\]]*\]", "", type_text)
    return type_text.replace("`", "").strip()


def test_the_step_description_table_lists_every_parameter_as_the_dataclass_has_it() -> None:
    rows = [
        _cells(line)
        for line in _section("Step descriptions").splitlines()
        if line.startswith("| `")
    ]
    fields = dataclasses.fields(StepDescription)
    assert [r[0].strip("`") for r in rows] == [f.name for f in fields]
    for (name, kind, default, words), f in zip(rows, fields, strict=True):
        assert _bare(kind) == _bare(str(f.type)), name
        if f.default is dataclasses.MISSING:
            assert default == "(required)", name
        else:
            assert ast.literal_eval(default.strip("`")) == f.default, name
        assert words, name


def _package_data() -> list[str]:
    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))
    return list(project["tool"]["setuptools"]["package-data"]["sealed_bid"])


def test_the_example_ships_every_file_of_its_package_that_is_not_python() -> None:
    patterns = _package_data()
    assert {"golden/*.txt", "web/*"} <= set(patterns)
    package = PLUGIN / "src" / "sealed_bid"
    files = [
        p.relative_to(package).as_posix()
        for p in package.rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc")
    ]
    assert "golden/sealed_bid.txt" in files
    missed = [f for f in files if not any(fnmatch.fnmatch(f, pat) for pat in patterns)]
    assert missed == [], f"not package data, so left out of a built package: {missed}"


def test_the_page_shows_the_examples_package_data_as_it_is() -> None:
    shown = re.search(
        r"```toml\n\[tool\.setuptools\.package-data\]\n(.*?)\n```", ENGINE_MD, re.DOTALL
    )
    assert shown is not None
    name, _, value = shown.group(1).partition(" = ")
    assert (name, ast.literal_eval(value)) == ("sealed_bid", _package_data())


@pytest.mark.parametrize("game_id", games.ids())
def test_a_view_template_is_the_render_macro_and_draws_without_a_page(game_id: str) -> None:
    game = games.get(game_id)
    template = web_file(game_id, "view.html")
    if template is not None:
        assert "{% macro render(" in template.read_text(encoding="utf-8")
    state = game.initial_state(game.new_config(list(game.default_players), 1))
    for viewer in (None, game.default_players[0]):
        html = render_view(game, game.view(state, viewer), {})
        assert html.strip(), (game_id, viewer)
