"""Every rule citation in the repository resolves to a section of a document in it.

The convention (docs/engine.md "Citing the specifications"):

- the engine contract is ``docs/spec/engine.md``, named ``engine spec`` (or by its
  path) and cited by a heading or a defined word in quotes (``engine spec "result"``)
  or by one of its numbered conventions (``engine spec convention 4``);
- a game's specification is ``src/mainmatch/games/<id>/spec.md`` (the example plugin
  game's is its ``rules.md``), named ``<id> spec`` (or by its path) and cited by
  section: ``mvp spec §4.2``. ``§4.2.3`` is heading 4.2.3 or item 3 of the numbered
  list under heading 4.2;
- a bare ``§X`` belongs to the game spec named last before it on the same line (``mvp
  spec §7.2-§7.4``); else, in a game's own files (a folder named after the game, or a
  file named ``<id>...`` or ``test_<id>...``; an outside game's project under
  ``examples/``), to that game's spec; anywhere else it
  resolves to nothing and is reported;
- an outside game whose package has no ``spec.md`` has its ``rules.md`` as its spec:
  its own files cite ``rules.md §2``;
- a guide's section is cited by its path and heading: ``docs/engine.md "Player range"``.

No text under ``src/`` names the specifications' old home outside the repository.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE_SPEC = ROOT / "docs" / "spec" / "engine.md"
SCANNED = ("src", "tests", "docs", "examples")
SUFFIXES = {".py", ".md", ".html", ".js", ".css", ".txt", ".toml", ".json", ".yml"}
SKIPPED = {Path(__file__).resolve()}

HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$", re.MULTILINE)
NUMBERED = re.compile(r"^(\d+(?:\.\d+)*)\.?\s")
ITEM = re.compile(r"^\s{0,3}(\d+)\.\s", re.MULTILINE)
BOLD = re.compile(r"\*\*([^*]+)\*\*")
SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)")
ENGINE_NAME = r"(?:engine spec|docs/spec/engine\.md)`{0,2}(?:'s)?"
CONVENTIONS = re.compile(ENGINE_NAME + r"\s+conventions?\s+(\d+(?:(?:,\s*|\s+and\s+)\d+)*)")
QUOTED = re.compile(ENGINE_NAME + r"\s+\"([^\"]+)\"")
ENGINE_SECTION = re.compile(ENGINE_NAME + r"\s+§")
GUIDE_QUOTED = re.compile(r"(docs/(?!spec/)[\w/.-]+\.md)`{0,2}\s+\"([^\"]+)\"")


@dataclass
class Document:
    """A cited document: its section numbers, heading texts and defined words."""

    path: Path
    sections: set[str] = field(default_factory=set)
    headings: list[str] = field(default_factory=list)
    words: set[str] = field(default_factory=set)
    items: dict[str, set[str]] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path) -> Document:
        doc = cls(path)
        text = path.read_text(encoding="utf-8")
        marks = list(HEADING.finditer(text))
        for i, mark in enumerate(marks):
            title = mark.group(1)
            doc.headings.append(_plain(title))
            end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
            body = text[mark.end() : end]
            items = {m.group(1) for m in ITEM.finditer(body)}
            doc.items[_plain(title)] = items
            number = NUMBERED.match(title)
            if number:
                doc.sections.add(number.group(1))
                doc.sections.update(f"{number.group(1)}.{k}" for k in items)
        doc.words = {_plain(w) for w in BOLD.findall(text)}
        return doc

    def has_heading(self, quoted: str) -> bool:
        want = _plain(quoted)
        return any(h.startswith(want) for h in self.headings) or want in self.words

    def conventions(self) -> set[str]:
        return next((v for k, v in self.items.items() if k.startswith("conventions")), set())


def _plain(text: str) -> str:
    return " ".join(text.replace("`", "").replace("*", "").lower().split())


def _game_specs() -> dict[str, Path]:
    specs = {p.parent.name: p for p in (ROOT / "src" / "mainmatch" / "games").glob("*/spec.md")}
    for rules in (ROOT / "examples").glob("*/src/*/rules.md"):
        specs.setdefault(rules.parent.name, rules)
    return specs


GAMES = _game_specs()
DOCS = {name: Document.read(path) for name, path in GAMES.items()}
ENGINE = Document.read(ENGINE_SPEC)
GAME_NAMES = "|".join(sorted(GAMES, key=len, reverse=True))
GAME_NAMED = re.compile(
    rf"\b(?:({GAME_NAMES}) spec\b|(?:src/mainmatch/)?games/({GAME_NAMES})/spec\.md"
    rf"|examples/\w+/src/({GAME_NAMES})/rules\.md|(?<![/\w])(rules)\.md)"
)


def _own_game(path: Path) -> str | None:
    """The game whose files ``path`` is among, if any (see the module docstring)."""
    rel = path.relative_to(ROOT)
    if rel.parts[0] == "examples":  # an outside game's project: its one game
        return next(
            (p.parent.name for p in (ROOT / rel.parts[0] / rel.parts[1]).glob("src/*/rules.md")),
            None,
        )
    for part in rel.parts[:-1]:
        if part in GAMES:
            return part
    stem = rel.stem.removeprefix("test_")
    return next((g for g in sorted(GAMES, key=len, reverse=True) if stem.startswith(g)), None)


def _named_game(m: re.Match[str], own: str | None) -> str | None:
    """The game a mention names; a bare ``rules.md`` is the spec of an outside game
    whose package has no ``spec.md`` (its ``rules.md`` is both)."""
    game = next(g for g in m.groups() if g)
    if game != "rules":
        return game
    return own if own is not None and GAMES[own].name == "rules.md" else "rules.md"


def _scanned_files() -> list[Path]:
    found = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file() or path in SKIPPED:
                continue
            if any(p in {"__pycache__", ".venv", "node_modules"} for p in path.parts):
                continue
            found.append(path)
    return found


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _section_faults(path: Path, text: str) -> list[str]:
    """Each ``§X`` against the game spec it belongs to."""
    faults = []
    own = _own_game(path)
    named = [(m.start(), m.end(), _named_game(m, own)) for m in GAME_NAMED.finditer(text)]
    for m in SECTION.finditer(text):
        before = [
            game
            for start, end, game in named
            if end <= m.start()
            and ("\n" not in text[end : m.start()] or not text[end : m.start()].strip(" \n`("))
        ]
        game = before[-1] if before else own
        if game == "rules.md":
            faults.append(f"{_line_of(text, m.start())}: rules.md is a player summary, not a spec")
            continue
        line = _line_of(text, m.start())
        if ENGINE_SECTION.search(text[max(0, m.start() - 30) : m.end()]):
            faults.append(f"{line}: the engine spec has no numbered sections ({m.group()})")
        elif game is None:
            faults.append(f"{line}: {m.group()} names no document")
        elif m.group(1) not in DOCS[game].sections:
            faults.append(f"{line}: {game} spec has no section {m.group(1)}")
    return faults


def _engine_faults(text: str) -> list[str]:
    faults = []
    known = ENGINE.conventions()
    for m in CONVENTIONS.finditer(text):
        for n in re.findall(r"\d+", m.group(1)):
            if n not in known:
                faults.append(f"{_line_of(text, m.start())}: engine spec has no convention {n}")
    for m in QUOTED.finditer(text):
        if not ENGINE.has_heading(m.group(1)):
            faults.append(f"{_line_of(text, m.start())}: engine spec has no {m.group(1)!r}")
    for m in GUIDE_QUOTED.finditer(text):
        page = ROOT / m.group(1)
        if not page.is_file() or not Document.read(page).has_heading(m.group(2)):
            faults.append(f"{_line_of(text, m.start())}: no heading {m.group(2)!r} in {m.group(1)}")
    return faults


def citation_faults(path: Path) -> list[str]:
    """Every citation of ``path`` that does not resolve, as ``line: reason``."""
    text = path.read_text(encoding="utf-8", errors="replace")
    return _section_faults(path, text) + _engine_faults(text)


def test_the_specifications_are_in_the_repository() -> None:
    assert ENGINE_SPEC.is_file()
    assert ENGINE.conventions() == {str(n) for n in range(1, 8)}
    for game in ("amalgamation", "homeostasis", "mvp", "seat_exchange", "second_to_won"):
        assert GAMES[game] == ROOT / "src" / "mainmatch" / "games" / game / "spec.md"
        assert {"1", "2", "3", "4", "5", "6", "7", "8", "9"} <= DOCS[game].sections, game


def test_the_checker_catches_bad_citations(tmp_path: Path) -> None:
    """The rules find what they are for (else the test below proves nothing)."""
    assert "4.2.3" in DOCS["seat_exchange"].sections  # item 3 of §4.2's list
    assert "3.1.4" in DOCS["amalgamation"].sections or "3.1" in DOCS["amalgamation"].sections
    good = ROOT / "src" / "mainmatch" / "engine" / "x.py"
    assert _section_faults(good, "mvp spec §4.2, §7.2-§7.4") == []
    assert _section_faults(good, "(``src/mainmatch/games/mvp/spec.md``\n§4.2)") == []
    assert _section_faults(good, "mvp spec §4.9") == ["1: mvp spec has no section 4.9"]
    assert _section_faults(good, "see §4.2") == ["1: §4.2 names no document"]
    assert _section_faults(good, "engine spec §4") != []
    own = ROOT / "src" / "mainmatch" / "games" / "mvp" / "x.py"
    assert _section_faults(own, "§4.2") == []
    assert _section_faults(own, "homeostasis spec §4.7 then §4.7") == []
    assert _section_faults(own, "§4.7") == ["1: mvp spec has no section 4.7"]
    assert _section_faults(own, "rules.md §4.2") != []
    plugin = ROOT / "examples" / "plugin_game" / "tests" / "x.py"
    assert _section_faults(plugin, "rules.md §2, §3") == []
    assert _engine_faults("engine spec convention 4; engine spec conventions 3 and 5") == []
    assert _engine_faults('engine spec "result", engine spec "The\n    match record"') == []
    assert _engine_faults("engine spec convention 9") == ["1: engine spec has no convention 9"]
    assert _engine_faults('engine spec "Metadata"') != []
    assert _engine_faults('docs/engine.md "Player range"') == []
    assert _engine_faults('docs/engine.md "No such part"') != []


@pytest.mark.parametrize("top", SCANNED)
def test_every_citation_resolves(top: str) -> None:
    faults = [
        f"{path.relative_to(ROOT)}:{fault}"
        for path in _scanned_files()
        if path.relative_to(ROOT).parts[0] == top
        for fault in citation_faults(path)
    ]
    assert faults == []


def test_src_never_names_the_old_spec_home() -> None:
    """The specifications are read from the repository only: the code never names
    the old file or folder, and no page points at the folder beside the project."""
    outside = r"\.\./shared|\bshared/(?:rules|seeds)\b"
    old = {"src": re.compile(rf"ENGINE\.md|{outside}"), "docs": re.compile(outside)}
    old["examples"] = old["src"]
    named = [
        f"{path.relative_to(ROOT)}:{_line_of(text, m.start())}: {m.group()}"
        for path in _scanned_files()
        if path.relative_to(ROOT).parts[0] in old
        for text in [path.read_text(encoding="utf-8", errors="replace")]
        for m in old[path.relative_to(ROOT).parts[0]].finditer(text)
    ]
    assert named == []


def test_no_spec_goes_by_its_old_file_name() -> None:
    """``mvp.md §4.2`` would pass unnoticed inside The MVP's files (a bare section is
    the game's own): the old file names are gone everywhere, so every citation names
    a document that exists."""
    old = re.compile(rf"(?<![/\w])(?<!\]\()(?:{GAME_NAMES})\.md\b")  # not a link's target
    named = [
        f"{path.relative_to(ROOT)}:{_line_of(text, m.start())}: {m.group()}"
        for path in _scanned_files()
        for text in [path.read_text(encoding="utf-8", errors="replace")]
        for m in old.finditer(text)
    ]
    assert named == []
