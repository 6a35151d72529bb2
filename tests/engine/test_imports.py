"""The import structure drawn from the code: arrows point one way (cli ->
discord -> host -> sim, rl, season -> bots -> games -> engine; a game imports
only the engine and itself) and no module imports itself back through others.
Every import counts, lazy ones and ``TYPE_CHECKING`` ones included. The same
structure, as import-linter contracts, is ``[tool.importlinter]`` in
pyproject.toml (``lint-imports``, run by ``make lint``)."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import mainmatch

ROOT = Path(mainmatch.__file__).parent

#: layer -> the layers it may import (besides itself)
ALLOWED = {
    "engine": set(),
    "games": {"engine"},
    "bots": {"engine", "games"},
    "sim": {"engine", "games", "bots"},
    "rl": {"engine", "games", "bots"},
    "season": {"engine", "games", "bots"},
    "host": {"engine", "games", "bots", "season", "sim", "rl"},
    "discord": {"engine", "games", "bots", "season", "sim", "rl", "host"},
    "cli": {"engine", "games", "bots", "season", "sim", "rl", "host", "discord"},
    # the game author's testing kit (docs/engine.md "Testing your game") drives the adapters
    "testing": {"engine", "games", "bots", "season", "sim", "rl", "host", "discord", "cli"},
}


def _module_name(path: Path) -> str:
    parts = ["mainmatch", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The mainmatch modules ``path`` imports (``from x import y`` counts as x.y
    when x.y is a module, else x)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("mainmatch"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("mainmatch"):
                continue
            for a in node.names:
                sub = f"{target}.{a.name}"
                out.add(sub if sub in MODULES else target)
    return {m for m in out if m != name}


#: a game's own tests (``games/<id>/tests/``, no package) drive every layer, as tests/ does
#: (docs/decisions/pkg.md PK3)
MODULES = {
    _module_name(p): p
    for p in ROOT.rglob("*.py")
    if "migrations" not in p.parts and "tests" not in p.relative_to(ROOT).parts
}
GRAPH = {m: _imports(p) for m, p in MODULES.items()}


def _layer(module: str) -> str:
    parts = module.split(".")
    layer = parts[1] if len(parts) > 1 else ""
    # the command's modules beside cli.py (cli_input, cli_show) are its layer
    return "cli" if layer.startswith("cli_") else layer


def test_arrows_point_one_way() -> None:
    wrong = []
    for module, deps in GRAPH.items():
        layer = _layer(module)
        if layer not in ALLOWED:
            continue
        for dep in deps:
            dl = _layer(dep)
            if dl == layer:
                other_game = dep.split(".")[2:3] != module.split(".")[2:3]
                registry = "mainmatch.games" in (module, dep)
                if layer == "games" and other_game and not registry:
                    wrong.append(f"{module} -> {dep} (another game)")
                continue
            if dl and dl not in ALLOWED[layer]:  # the root package only holds the version
                wrong.append(f"{module} -> {dep}")
    assert not wrong, "imports against the arrows:\n" + "\n".join(sorted(wrong))


def test_no_import_circle() -> None:
    # a package's __init__ re-exporting its modules is not a circle: leave out the
    # edges from a module up to its own package. Checked over every layer above
    graph = {
        m: {d for d in deps if not m.startswith(d + ".") and _layer(d) in ALLOWED}
        for m, deps in GRAPH.items()
        if _layer(m) in ALLOWED
    }
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        raise AssertionError(f"import circle: {' -> '.join(exc.args[1])}") from None
