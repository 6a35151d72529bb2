"""Small functions and modules in the engine and the games (the project's
standards: at most 100 lines a function, 500 a module; ruff's C901 holds the
complexity to 15)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("src/mainmatch/engine", "src/mainmatch/games", "examples/plugin_game/src")
MAX_FUNCTION_LINES = 100
MAX_MODULE_LINES = 500


def _modules() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))


def test_the_folders_hold_the_games_and_the_engine():
    names = {p.name for p in _modules()}
    assert {"game.py", "unit.py", "steps.py", "resolve.py"} <= names


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_long_function_or_module(path: Path):
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") <= MAX_MODULE_LINES, f"{path.name}: over {MAX_MODULE_LINES} lines"
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(ast.parse(text))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert not long, f"{path.name}: {', '.join(long)}"
