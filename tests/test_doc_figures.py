"""The figures the guides quote are what their commands print.

A page marks its figures with ``<!-- figures: NAME -->`` ... ``<!-- /figures -->``
(docs/index.md, "Commands and figures in these pages"). ``FIGURES`` gives each NAME
its command, shown on the same page, and how to read the figures from what the
command writes. The check is both ways: every figure the command gives is in the
marked text (bold and line breaks aside), and every figure of the marked text (a
number with a decimal point, a percent sign, a sign or a thousands separator) is
one the command gives, so a figure typed by hand fails.

Quick commands run here every time. Long ones (minutes of CPU) are checked against
their last output, kept in ``tests/doc_figures/NAME.json``; ``MAINMATCH_DOC_FIGURES=all``
runs them again and compares, and ``MAINMATCH_UPDATE_DOC_FIGURES=1`` rewrites the kept
output from a fresh run (review the diff, then commit it with the page).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from mainmatch.sim.tables import pct

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
KEPT = ROOT / "tests" / "doc_figures"
RERUN = os.environ.get("MAINMATCH_DOC_FIGURES") == "all"
UPDATE = os.environ.get("MAINMATCH_UPDATE_DOC_FIGURES") == "1"

#: a figure: 12.5, 44%, +0.0, -3, 33,782 (not a plain count such as 200 or 13)
FIGURE = re.compile(r"(?<![\w.])[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?(?![\w])")


def figures_of(text: str) -> set[str]:
    return {f for f in FIGURE.findall(text) if "." in f or "%" in f or "," in f or f[0] in "+-"}


def _normal(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def section(page: str, name: str) -> str:
    text = (ROOT / page).read_text(encoding="utf-8")
    found = re.findall(
        rf"<!--\s*figures:\s*{re.escape(name)}\s*-->(.*?)<!--\s*/figures\s*-->", text, re.DOTALL
    )
    assert len(found) == 1, f"{page}: one <!-- figures: {name} --> ... <!-- /figures --> section"
    return _normal(found[0])


# ---- reading each command's output --------------------------------------------------


def _sweep_table(cwd: Path, out: str) -> list[str]:
    """One row per cell of the sweep: ToL and EC rates, steps, the two commonest ends."""
    cells = json.loads((cwd / "sweep.json").read_text())["cells"]
    rows = []
    for cell in cells:
        ((_, value),) = cell["variant"].items()
        report = cell["report"]
        (bot,) = report["bots"]
        ends = sorted(report["ends"], key=lambda e: -e["count"])[:2]
        common = ", ".join(f"{e['end']} {e['rate']['value']:.1%}" for e in ends)
        steps = report["length"]["mean_steps"]["value"]
        rows.append(
            f"| {value} | {pct(bot['tol_rate'])} | {pct(bot['ec_rate'])} | {steps:.0f} | {common} |"
        )
    return rows


def _search_sentence(cwd: Path, out: str) -> list[str]:
    text = _normal(out)
    said = re.search(
        r"scores ToL rate minus EC rate (\S+ \[[^]]+\]) against strategy, where the average seat"
        r" of an all-strategy table scores (\S+): a gain of (\S+ points \[[^]]+\]) for one seat,"
        r" a lower bound on what a deviation can win \(re-measured on (\d+) fresh matches\)",
        text,
    )
    again = re.search(r"--bots found:1,strategy -n (\d+) --seed (\d+)", text)
    assert said and again, out
    return [
        said.group(1),
        f"scores {said.group(2)}",
        said.group(3),
        f"{said.group(4)} fresh matches",
        f"-n {again.group(1)} --seed {again.group(2)}",
    ]


def _bots_table(cwd: Path, out: str) -> list[str]:
    """benchmarks/bots_vs_random.py's rows, without the verdict and speed columns (the
    speed varies)."""
    rows = []
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 10 and cells[0] and cells[8] in ("yes", "NO"):
            rows.append("| " + " | ".join(cells[:8]) + " |")
    assert rows, out
    return rows


def _training(cwd: Path, out: str) -> list[str]:
    """examples/train_policy.py's evaluation: the policy, random bots, uniform choices."""
    return [m.group(1) for m in re.finditer(r"(\d+\.\d% \[\d+\.\d, \d+\.\d\])", out)]


def _balance(cwd: Path, out: str) -> list[str]:
    """The profile, its own payoff, its exploitability and the matches played."""
    text = _normal(out)
    mixture = re.search(r"\(mixture: ([^)]+)\)", text)
    own = re.search(r"the profile's own payoff per seat \(ToL - EC\): (\S+) points", text)
    gain = re.search(r"gains (\S+) points of \(ToL - EC\) (\[[^]]+\])", text)
    fresh = re.search(r"re-measured on (\d[\d,]*) fresh matches", text)
    played = re.search(r"(\d[\d,]*) matches played", text)
    assert mixture and own and gain and fresh and played, out
    return [
        f"{played.group(1)} matches",
        mixture.group(1),
        f"{own.group(1)} points a seat",
        f"{gain.group(1)} points {gain.group(2)}",
        f"{fresh.group(1)} fresh matches",
    ]


def _exploitability(cwd: Path, out: str) -> list[str]:
    """make exploitability's file: per game, the best deviation found and its gain."""
    kept = json.loads((ROOT / "src/mainmatch/bots/exploitability.json").read_text())
    rows = []
    for game, e in sorted(kept["games"].items()):
        low, high = e["interval"]
        gain = f"{e['gain'] * 100:+.1f} [{low * 100:+.1f}, {high * 100:+.1f}]"
        rows.append(f"| {game} | {e['deviation']['label']} | {gain} | {e['matches_played']:,} |")
    return rows


@dataclass(frozen=True)
class Figure:
    page: str
    command: str
    read: Callable[[Path, str], list[str]]
    long: bool = False
    #: the command writes a file of the repository, which is read instead of running it
    writes_repository_file: bool = False
    #: (the picture the command writes, the page's copy of it): the same bytes
    picture: tuple[str, str] | None = None


FIGURES: dict[str, Figure] = {
    "sweep-band": Figure(
        "docs/designing.md",
        "mainmatch sweep homeostasis --vary big_band=2,3,4,6,8 --bots strategy -n 200 --seed 0"
        " -w 1 --json sweep.json --plot sweep.png --html sweep.html",
        _sweep_table,
        picture=("sweep.png", "docs/lab-sweep-band.png"),
    ),
    "search-saver": Figure(
        "docs/designing.md",
        "mainmatch search seat_exchange --family saver --field strategy --trials 10 -n 26"
        " --confirm 130 --seed 0 -w 1 --json search.json --plot search.png --html search.html",
        _search_sentence,
        picture=("search.png", "docs/lab-search-saver.png"),
    ),
    "bots-vs-random": Figure(
        "docs/bots.md",
        ".venv/bin/python benchmarks/bots_vs_random.py --workers 1 --json bots.json",
        _bots_table,
        long=True,
    ),
    "training-seat-exchange": Figure(
        "docs/research.md",
        ".venv/bin/python examples/train_policy.py --game seat_exchange --episodes 1500"
        " --plot rl_learning_curve_seat_exchange.png",
        _training,
        long=True,
        picture=(
            "rl_learning_curve_seat_exchange.png",
            "docs/rl_learning_curve_seat_exchange.png",
        ),
    ),
    "balance-seat-exchange": Figure(
        "docs/designing.md", "mainmatch balance seat_exchange --seed 0 -w 1", _balance, long=True
    ),
    "exploitability": Figure(
        "docs/designing.md", "make exploitability", _exploitability, writes_repository_file=True
    ),
    "training-amalgamation": Figure(
        "docs/research.md",
        ".venv/bin/python examples/train_policy.py",
        _training,
        long=True,
        picture=("rl_learning_curve.png", "docs/rl_learning_curve.png"),
    ),
}


def produce(name: str, cwd: Path) -> list[str]:
    """Run NAME's command in ``cwd`` and read its figures."""
    fig = FIGURES[name]
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    env["MPLBACKEND"] = "Agg"
    command = re.sub(r"(?<![\w/.])(?=(?:examples|benchmarks)/)", f"{ROOT}/", fig.command)
    command = re.sub(r"(?<![\w/.])\.venv/bin/", f"{BIN}/", command)  # the docs' venv: this one
    done = subprocess.run(
        ["bash", "-c", command],
        check=False,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return fig.read(cwd, done.stdout)


def _kept(name: str) -> Path:
    return KEPT / f"{name}.json"


def expected(name: str, tmp_path: Path) -> list[str]:
    """The figures of NAME: a fresh run, or the kept output of a long command."""
    if FIGURES[name].writes_repository_file:
        return FIGURES[name].read(tmp_path, "")
    if FIGURES[name].long and not (RERUN or UPDATE):
        kept = json.loads(_kept(name).read_text(encoding="utf-8"))
        assert kept["command"] == FIGURES[name].command, "the command changed: run it again"
        return list(kept["figures"])
    got = produce(name, tmp_path)
    if FIGURES[name].picture:
        written, copy = FIGURES[name].picture
        assert (tmp_path / written).read_bytes() == (ROOT / copy).read_bytes(), (
            f"{copy} is not the picture `{FIGURES[name].command}` draws now: copy {written} there"
        )
    if FIGURES[name].long:
        if UPDATE:
            KEPT.mkdir(exist_ok=True)
            kept_text = json.dumps(
                {"command": FIGURES[name].command, "figures": got}, indent=1, ensure_ascii=False
            )
            _kept(name).write_text(kept_text + "\n", encoding="utf-8")
        else:
            kept = json.loads(_kept(name).read_text(encoding="utf-8"))
            assert got == kept["figures"], f"{name}: the command now gives {got}"
    return got


def test_figures_are_found() -> None:
    assert figures_of("44.1% [42.0, 46.3] and +0.0, 33,782 of 200 in round 3, EC -1") == {
        "44.1%",
        "42.0",
        "46.3",
        "+0.0",
        "33,782",
        "-1",
    }


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_page_shows_the_command(name: str) -> None:
    fig = FIGURES[name]
    text = " ".join((ROOT / fig.page).read_text(encoding="utf-8").replace("\\\n", " ").split())
    assert fig.command in text, f"{fig.page} shows `{fig.command}`"


@pytest.mark.slow  # the quick commands run: 10 s of CPU
@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_figures_are_the_commands(name: str, tmp_path: Path) -> None:
    fig = FIGURES[name]
    text = section(fig.page, name)
    got = expected(name, tmp_path)
    assert got, f"{name}: the command gave no figures"
    assert faults(text, got) == [], f"{fig.page} [{name}]"


def faults(text: str, got: list[str]) -> list[str]:
    """What is wrong with a marked ``text`` whose command gave ``got``: a figure given
    but not shown, or a figure shown but not given (typed by hand)."""
    missing = [f"not in the text: {g}" for g in got if _normal(g) not in text]
    given = set().union(*(figures_of(_normal(g)) for g in got))
    return missing + [f"not from the command: {f}" for f in sorted(figures_of(text) - given)]


def test_a_typed_or_a_missing_figure_is_a_fault() -> None:
    got = ["44.1% [41.9, 46.3]", "279 steps"]
    assert faults("a ToL rate of 44.1% [41.9, 46.3] in 279 steps", got) == []
    assert faults("a ToL rate of 44.1% [41.9, 46.3] in 281 steps", got) == [
        "not in the text: 279 steps"
    ]
    assert faults("44.1% [41.9, 46.3] in 279 steps (EC 11.2%)", got) == [
        "not from the command: 11.2%"
    ]
