"""The README is the front door and the guides are a documentation site (mkdocs.yml,
docs/): the site builds with MkDocs in strict mode (a broken link, a missing anchor or
a page left out of both nav and ``not_in_nav`` is a warning, hence a failure), the
README stays short, every relative link in it reaches a file of the repository, and
neither the README nor the guides speak in issue numbers, decision codes or commit
hashes (the decision log and the speed notes keep those: they are the record)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MAX_README_LINES = 250

# the pages written for users; decisions.md, speed.md and rl.md are reference records
GUIDES = [
    "index.md",
    "games.md",
    "hosting.md",
    "discord.md",
    "seasons.md",
    "designing.md",
    "bots.md",
    "research.md",
    "engine.md",
    "records.md",
    "cli.md",
    "performance.md",
]

FORBIDDEN = {
    # "issue 24", "issues 13", "Issue #18", "#14" (not "#main-match", not a URL's "&#")
    "issue number": re.compile(r"\b[Ii]ssues?\s+#?\d+|(?<![\w&/#])#\d+\b"),
    # decision codes: "PH1", "S6", "E1", "SX1-SX11", "PE14"
    "decision code": re.compile(r"\b[A-Z]{1,3}\d+(?:\s*-\s*[A-Z]{1,3}\d+)?\b"),
    # abbreviated or full commit hashes: hex with at least one letter and one digit
    "commit hash": re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b"),
    # the specs' sibling folder, which a clone does not have
    "link outside the repository": re.compile(r"\.\./shared|\bshared/rules\b"),
}

LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _faults(text: str) -> list[str]:
    return [
        f"{kind}: {m.group()!r} in {line.strip()[:80]!r}"
        for line in text.splitlines()
        for kind, pattern in FORBIDDEN.items()
        for m in pattern.finditer(line)
    ]


def test_forbidden_patterns_are_caught() -> None:
    """The regexes catch what they are for (else the checks below prove nothing)."""
    for bad in ("(issue 24)", "issue #18", "see #14", "PH1", "SX1-SX11", "S6", "`957bc7d`"):
        assert _faults(bad), bad
    for fine in ("#main-match", "Python 3.11", "PBKDF2", "$400", "x1.5", "2026-11-27"):
        assert not _faults(fine), fine


def test_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_README_LINES, f"README.md has {lines} lines"


@pytest.mark.parametrize("name", ["README.md", *(f"docs/{g}" for g in GUIDES)])
def test_no_issue_numbers_codes_or_hashes(name: str) -> None:
    assert _faults((ROOT / name).read_text(encoding="utf-8")) == []


def test_readme_links_resolve() -> None:
    """Every relative link (and picture) of the README names a file of the repository."""
    text = README.read_text(encoding="utf-8")
    targets = [t for t in LINK.findall(text) if not re.match(r"[a-z]+:|#", t)]
    assert targets, "the README links to its guides"
    missing = [t for t in targets if not (ROOT / t.split("#")[0]).is_file()]
    assert missing == []


def test_every_guide_is_in_the_readme() -> None:
    text = README.read_text(encoding="utf-8")
    assert [g for g in GUIDES[1:] if f"(docs/{g})" not in text] == []


def test_site_builds_strictly(tmp_path: Path) -> None:
    """``mkdocs build --strict``: any warning (broken link or anchor, a page in neither
    nav nor not_in_nav, a missing picture) aborts the build. Not ``-q``: a quiet build
    does not log its warnings, so strict mode would not count them."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"]
        + ["-f", str(ROOT / "mkdocs.yml"), "-d", str(tmp_path / "site")],
        check=False,
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stderr
    for page in GUIDES:
        built = tmp_path / "site" / ("index.html" if page == "index.md" else page[:-3])
        assert built.exists(), page
    # the pictures the guides show are copied beside them
    assert (tmp_path / "site" / "lab-sweep-band.png").is_file()
    assert (tmp_path / "site" / "screenshots" / "mvp-phone.png").is_file()
    # the specifications: the engine's page, and each game's included from its package
    assert (tmp_path / "site" / "spec" / "engine" / "index.html").is_file()
    mvp = (tmp_path / "site" / "spec" / "games" / "mvp" / "index.html").read_text("utf-8")
    assert "The card rule (for an exposed card)" in mvp
    assert (tmp_path / "site" / "decisions" / "performance" / "index.html").is_file()
