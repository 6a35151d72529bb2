"""Small functions and modules everywhere in ``src`` and the example plugin (the
project's standards: at most 100 lines a function, 500 a module; ruff's C901
holds the complexity to 15, with no exception in pyproject.toml).

``LONG`` lists what is still over, each with its reason; an entry that is no
longer over fails, so the list only shrinks."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("src/mainmatch", "examples/plugin_game/src")
MAX_FUNCTION_LINES = 100
MAX_MODULE_LINES = 500
#: what is still over its bound: a module (``path``) or a function (``path:name``), and why
LONG: dict[str, str] = {}


def _modules() -> list[Path]:
    # a game's own tests (``games/<id>/tests/``) are held as ``tests/`` is, not as code
    # (docs/decisions/pkg.md PK3)
    return sorted(
        p
        for folder in FOLDERS
        for p in (ROOT / folder).rglob("*.py")
        if "tests" not in p.relative_to(ROOT / folder).parts
    )


def test_the_folders_hold_the_games_and_the_engine():
    names = {p.name for p in _modules()}
    assert {"game.py", "unit.py", "steps.py", "resolve.py"} <= names


def _over(path: Path, name: str = "") -> set[str]:
    """``path`` (over 500 lines) and ``path:name`` for each function over 100 lines."""
    text = path.read_text(encoding="utf-8")
    name = name or str(path.relative_to(ROOT))
    over = {name} if text.count("\n") > MAX_MODULE_LINES else set()
    for node in ast.walk(ast.parse(text)):
        if (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno is not None
            and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
        ):
            over.add(f"{name}:{node.name}")
    return over


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_long_function_or_module(path: Path):
    over = _over(path)
    assert over <= set(LONG), (
        f"over {MAX_MODULE_LINES} lines a module or {MAX_FUNCTION_LINES} a function: {sorted(over - set(LONG))}"
    )


def test_the_exceptions_are_still_over():
    over = set().union(*(_over(p) for p in _modules()))
    assert set(LONG) <= over, f"no longer over, take them off LONG: {sorted(set(LONG) - over)}"


def test_a_long_function_or_module_is_found(tmp_path: Path):
    body = "\n".join(f"    x{i} = {i}" for i in range(101))
    probe = tmp_path / "probe.py"
    probe.write_text(f"def f():\n{body}\n", encoding="utf-8")
    assert _over(probe, "probe.py") == {"probe.py:f"}
    probe.write_text("\n".join(f"x{i} = {i}" for i in range(501)) + "\n", encoding="utf-8")
    assert _over(probe, "probe.py") == {"probe.py"}
