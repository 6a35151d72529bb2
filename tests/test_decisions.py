"""The decision log (docs/decisions/): one page per topic, listed by its index, every
decision id used once across all pages, every cited id found where the citation says,
and headings named after topics, never after issues or helpers.

A decision's id is the first cell of a table row (``| PE16 | ... |``), a bold lead
(``**M1. ...**``, ``- **ISO1** ...``), a heading (``### ISO1: ...``) or a list item's
lead (``- ISO1: ...``). A citation is a page and ids (``docs/decisions/performance.md
PE16``, ``PM4-PM9``) or the word "decision(s)" and ids (``decision PE16``, ``decisions
B17, PE18``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOG = ROOT / "docs" / "decisions"
INDEX = LOG / "index.md"
SCANNED = ("src", "tests", "docs", "examples", "benchmarks", "scripts")
TOP_FILES = ("README.md", "pyproject.toml", "mkdocs.yml", "Makefile")
SUFFIXES = {".py", ".md", ".html", ".js", ".toml", ".yml", ".txt", ".cfg", ".ini", ".sh"}

ID = r"[A-Z]{1,5}\d+"
DEFINED = re.compile(
    rf"^\|\s*({ID})\s*\|"  # a table row
    rf"|^(?:[-*]\s+)?\*\*({ID})\b"  # a bold lead
    rf"|^#{{2,6}}\s+({ID})\b"  # a heading
    rf"|^[-*]\s+({ID})[.:]\s",  # a list item's lead
    re.MULTILINE,
)
ID_LIST = rf"{ID}(?:\s*(?:,|-|–|/|and)\s*{ID})*"
BY_PAGE = re.compile(rf"docs/decisions/([\w-]+)\.md`{{0,2}}(?:\s*\"[^\"]*\":?)?\s+({ID_LIST})")
# "its decisions D1-D43", "the spec's decision D26": a spec's own (its section 8)
BY_WORD = re.compile(rf"(?<!its )(?<!own )(?<!spec's )(?<!spec )\bdecisions?\s+({ID_LIST})")
OLD_HOME = re.compile(r"docs/decisions\.md")
ISSUE_OR_HELPER = re.compile(r"\bissues?\b|#\d+|\bhelper\b", re.IGNORECASE)


def pages() -> list[Path]:
    return sorted(p for p in LOG.glob("*.md") if p != INDEX)


def defined_ids() -> dict[str, list[str]]:
    """Each id and the pages (with line numbers) that define it."""
    found: dict[str, list[str]] = defaultdict(list)
    for page in pages():
        text = page.read_text(encoding="utf-8")
        for m in DEFINED.finditer(text):
            ident = next(g for g in m.groups() if g)
            found[ident].append(f"{page.name}:{text.count(chr(10), 0, m.start()) + 1}")
    return found


def _expand(ids: str) -> list[str]:
    """``"PM4-PM7, PA1"`` -> every id named, ranges of one prefix in full."""
    out: list[str] = []
    parts = re.split(r"\s*(,|/|and|-|–)\s*", ids)
    tokens, seps = parts[0::2], parts[1::2]
    for i, token in enumerate(tokens):
        if i and seps[i - 1] in "-–":
            a, b = re.match(r"([A-Z]+)(\d+)", out[-1]), re.match(r"([A-Z]+)(\d+)", token)
            if a and b and a.group(1) == b.group(1):
                out += [f"{a.group(1)}{n}" for n in range(int(a.group(2)) + 1, int(b.group(2)))]
        out.append(token)
    return out


def _scanned() -> list[Path]:
    files = [ROOT / name for name in TOP_FILES if (ROOT / name).is_file()]
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file() or "__pycache__" in path.parts:
                continue
            if path.name == "spec.md" or "spec" in path.relative_to(ROOT).parts[:2]:
                continue  # the specifications cite their own decisions (section 8)
            files.append(path)
    return files


def citation_faults(text: str, ids: dict[str, list[str]]) -> list[str]:
    """Citations in ``text`` of a page that does not exist or an id not where cited."""
    faults = []
    for m in OLD_HOME.finditer(text):
        faults.append(f"{m.group()!r}: the log is docs/decisions/<topic>.md now")
    for m in BY_PAGE.finditer(text):
        page = LOG / f"{m.group(1)}.md"
        if not page.is_file():
            faults.append(f"{m.group()!r}: no page {page.name}")
            continue
        for ident in _expand(m.group(2)):
            if not any(w.startswith(f"{page.name}:") for w in ids.get(ident, [])):
                faults.append(f"{m.group()!r}: {ident} is not on {page.name}")
    for m in BY_WORD.finditer(text):
        faults += [f"{m.group()!r}: no decision {i}" for i in _expand(m.group(1)) if i not in ids]
    return faults


def test_the_rules_catch_what_they_are_for() -> None:
    ids = {"PE16": ["performance.md:9"], "PM4": ["performance.md:1"], "PM5": ["p.md:1"]}
    assert _expand("PM4-PM7, PA1") == ["PM4", "PM5", "PM6", "PM7", "PA1"]
    assert citation_faults("(docs/decisions/performance.md PE16; decision PE16)", ids) == []
    assert citation_faults("docs/decisions/engine.md PE16", ids)  # on another page
    assert citation_faults("docs/decisions/nowhere.md PE16", ids)
    assert citation_faults("decisions PM4-PM6", ids)  # PM6 is missing
    assert citation_faults("see docs/decisions.md PE16", ids)  # the old single file
    assert citation_faults("decision 37, W13 and decision codes", ids) == []
    assert citation_faults("settles the rules in its decisions D1-D43", ids) == []
    text = "| PE16 | q |\n**M1. x**\n- **ISO2** y\n### ISO3: z\n- ISO4: w\n| seat | 1 |\n"
    found = [next(g for g in m.groups() if g) for m in DEFINED.finditer(text)]
    assert found == ["PE16", "M1", "ISO2", "ISO3", "ISO4"]


def test_every_id_is_used_once() -> None:
    twice = {ident: where for ident, where in defined_ids().items() if len(where) > 1}
    assert twice == {}, "rename one of each (and every citation of it)"


def test_the_log_is_split_by_topic() -> None:
    ids = defined_ids()
    assert len(pages()) >= 15 and len(ids) >= 400
    assert not (ROOT / "docs" / "decisions.md").exists()


def test_the_index_lists_every_page() -> None:
    listed = set(re.findall(r"\]\(([\w-]+\.md)\)", INDEX.read_text(encoding="utf-8")))
    missing = [p.name for p in pages() if p.name not in listed]
    assert missing == [], f"add '- [Title](NAME.md)' to docs/decisions/index.md for {missing}"


def test_headings_name_topics_not_issues_or_helpers() -> None:
    named = [
        f"{page.name}: {line}"
        for page in pages()
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith("#") and ISSUE_OR_HELPER.search(line)
    ]
    assert named == []


def test_every_cited_decision_exists() -> None:
    ids = defined_ids()
    faults = [
        f"{path.relative_to(ROOT)}: {fault}"
        for path in _scanned()
        for fault in citation_faults(path.read_text(encoding="utf-8", errors="replace"), ids)
        if path != Path(__file__).resolve()
    ]
    assert faults == []
