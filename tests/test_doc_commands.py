"""Every shell command the README and the guides show is run, for real.

The convention (docs/index.md, "Commands and figures in these pages"): a command a
reader is meant to run is a line of a fenced block tagged ``sh``, ``bash``, ``shell``
or ``console`` (in ``console`` blocks only the lines after a ``$ `` prompt), or a line
starting with ``$ `` outside any block; a line ending in ``\\`` goes on, and a
``#`` comment ends it. Inline code in prose names commands and options; it is not run.

Each page's commands run in order, as a reader would type them, in a fresh
directory of their own (so ``./mainmatch.db`` and every file written is the test's),
with no file written first (a page shows how to make each file its commands read),
with ``mainmatch`` and ``python`` from this checkout's virtual environment and
``examples/`` and ``benchmarks/`` read from the checkout. Sizes change only where
the page says so in a comment on the line before the block, e.g.
``<!-- test: -n 20; balance --budget 300 -->``: each ``;``-separated clause gives
options and values; a clause that starts with a word (``balance``) applies to the
block's commands holding that word, and adds an option they lack; without a word it
only replaces the value of an option a command already has. ``{port}`` is a free port
of loopback and ``{pg}`` the test PostgreSQL database.

A server (``mainmatch serve``, ``make run``) is run bounded: started, its home link
fetched once it listens, then stopped. What cannot run in a test at all is in
``NOT_RUN`` with its reason; a new command that is neither run nor listed is run,
so it fails here until it works or is listed.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PAGES = [ROOT / "README.md"] + sorted(
    p for p in (ROOT / "docs").glob("*.md") if p.name != "decisions.md"
)
SHELLS = {"sh", "bash", "shell", "console"}

#: commands shown but not run here, each with its reason (exact text as extracted)
NOT_RUN: dict[str, str] = {
    "make test": "runs the whole test suite, this test included",
    ".venv/bin/python benchmarks/server.py": (
        "servers, bot workers and 1,000 fsyncs a mode: 15 s of CPU at its smallest;"
        " tests/host runs the same server, storage and bot workers"
    ),
    "DISCORD_TOKEN=... mainmatch discord --db mm.db": (
        "needs a Discord bot token and Discord's servers; tests/discord drives the bot offline"
    ),
    "DISCORD_TOKEN=... mainmatch discord --db postgresql+psycopg://mm@127.0.0.1/mm "
    "--guild 123456789012345678": "needs a Discord bot token and Discord's servers",
    "DISCORD_TOKEN=... mainmatch serve --discord": "needs a Discord bot token and Discord's servers",
    "mainmatch simulate homeostasis --bots strategy -n 10000 --ray auto": (
        "starts a local Ray cluster (a dozen processes); tests/sim/test_ray.py runs --ray auto"
    ),
    'pip install "mainmatch[learn]"': "downloads PyTorch and sb3-contrib from the network",
    # docs/engine.md "Testing your game": a game author's own package and its tests
    'pip install -e . "mainmatch[test]"': (
        "installs an author's own package (the reader's folder); make install installs the example"
    ),
    "pytest -q": ("an author's package's tests; the example plugin's run in make test (testpaths)"),
    ".venv/bin/pip install -e ../my_game": "installs an author's package, which is not here",
    ".venv/bin/pytest -q -k my_game tests/engine tests/rl tests/discord tests/host "
    "tests/test_golden.py": "runs test suites over an author's game; make test runs them all",
    ".venv/bin/python examples/train_maskable_ppo.py --game seat_exchange --opponents strategy "
    "--steps 30000": "needs the learn extra (PyTorch, sb3-contrib), which the tests do not install",
}

MARKER = re.compile(r"<!--\s*test:(.*?)-->")


@dataclass
class Command:
    page: str
    line: int
    text: str
    marker: str = ""


def _join(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Continuation lines (a trailing backslash) joined; comments and blanks dropped."""
    out: list[tuple[int, str]] = []
    pending = ""
    first = 0
    for n, raw in lines:
        line = raw.strip()
        if not pending:
            first = n
        if line.endswith("\\"):
            pending += line[:-1].strip() + " "
            continue
        whole = _uncomment(pending + line).strip()
        pending = ""
        if whole:
            out.append((first, whole))
    return out


def _uncomment(line: str) -> str:
    """``line`` without its shell comment (a ``#`` outside quotes, after a blank)."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line


def extract(path: Path, root: Path = ROOT) -> list[Command]:
    """The commands of one page, in order, with the test marker of their block."""
    commands: list[Command] = []
    fence: str | None = None
    block: list[tuple[int, str]] = []
    marker = ""
    previous = ""
    name = str(path.relative_to(root))
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        opener = re.match(r"\s*(```+|~~~+)\s*(\w*)", raw)
        if opener and fence is None:
            fence = opener.group(2)
            found = MARKER.search(previous)
            marker = found.group(1).strip() if found else ""
            block = []
            continue
        if opener and fence is not None:
            if fence in SHELLS:
                if fence == "console":
                    block = [(k, t.strip()[2:]) for k, t in block if t.strip().startswith("$ ")]
                commands += [Command(name, k, t, marker) for k, t in _join(block)]
            fence = None
            continue
        if fence is not None:
            block.append((n, raw))
        elif raw.lstrip().startswith("$ "):
            found = MARKER.search(previous)
            mark = found.group(1).strip() if found else ""
            commands += [Command(name, k, t, mark) for k, t in _join([(n, raw.lstrip()[2:])])]
        if raw.strip():
            previous = raw
    return commands


def test_extraction_follows_the_convention(tmp_path: Path) -> None:
    """Blocks of the shell kinds, ``$`` lines, continuations and comments, markers."""
    page = tmp_path / "page.md"
    page.write_text(
        "Text `mainmatch inline` is not run.\n\n"
        "<!-- test: -n 5 -->\n```sh\n"
        "mainmatch simulate mvp \\\n    -n 200   # a comment\n# only a comment\n"
        "mainmatch games  # 'quoted # kept'\n```\n\n"
        "```python\nprint('not a command')\n```\n\n"
        "```console\n$ mainmatch rules mvp\nthe rules' output\n```\n\n"
        "$ mainmatch demo mvp\n",
        encoding="utf-8",
    )
    found = extract(page, tmp_path)
    assert [(c.line, c.text, c.marker) for c in found] == [
        (5, "mainmatch simulate mvp -n 200", "-n 5"),
        (8, "mainmatch games", "-n 5"),
        (16, "mainmatch rules mvp", ""),
        (20, "mainmatch demo mvp", ""),
    ]


ALL = [c for p in PAGES for c in extract(p)]


def test_the_pages_show_commands_and_the_list_is_current() -> None:
    """Some commands are found, and every entry of NOT_RUN is still shown somewhere."""
    assert len(ALL) > 40
    shown = {c.text for c in ALL}
    assert [t for t in NOT_RUN if t not in shown] == []


def test_no_placeholder_in_a_command_to_run() -> None:
    """A block holds commands a reader can paste: a template with GAME, FILE or ``...``
    belongs in a sentence (inline code), or the block gives a real game and file."""
    faults = [
        f"{c.page}:{c.line}: {c.text}"
        for c in ALL
        if c.text not in NOT_RUN
        and any(re.fullmatch(r"[A-Z][A-Z_]*", w) or "..." in w for w in shlex.split(c.text))
    ]
    assert faults == []


# ---- substitutions -------------------------------------------------------------


def substitute(text: str, marker: str, values: dict[str, str]) -> str:
    """``text`` with the marker's option values (see the module's docstring)."""
    if not marker:
        return text
    words = shlex.split(text)
    for clause in filter(None, (c.strip() for c in marker.split(";"))):
        parts = shlex.split(clause.format(**values))
        scope = None
        if not parts[0].startswith("-"):
            scope, parts = parts[0], parts[1:]
            if scope not in words:
                continue
        assert len(parts) % 2 == 0, f"marker clause {clause!r}: options and values in pairs"
        for option, value in zip(parts[::2], parts[1::2], strict=True):
            if option in words:
                words[words.index(option) + 1] = value
            elif scope is not None:
                words += [option, value]
    return shlex.join(words)


def test_substitute() -> None:
    cmd = "mainmatch balance mvp --seed 0 -n 200"
    assert substitute(cmd, "-n 20", {}) == "mainmatch balance mvp --seed 0 -n 20"
    assert substitute(cmd, "--budget 300", {}) == cmd  # no word: only replaces
    assert substitute(cmd, "balance --budget 300; sweep -x 1", {}).endswith("--budget 300")
    assert substitute("mainmatch serve", "serve --port {port}", {"port": "9"}).endswith("9")


# ---- running ------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _prepare(text: str, pg_url: str | None) -> str | None:
    """The command as run here: the checkout's files, loopback and a free port for a
    server, the test PostgreSQL for a PostgreSQL address (None: none is available)."""
    text = re.sub(r"(?<![\w/.])(?=(?:examples|benchmarks)/)", f"{ROOT}/", text)
    # .venv/bin/python as the docs write it (a reader's checkout): this environment's
    text = re.sub(r"(?<![\w/.])\.venv/bin/", f"{BIN}/", text)
    if "--db postgresql+psycopg://" in text:
        if pg_url is None:
            return None
        text = re.sub(r"--db postgresql\+psycopg://\S+", f"--db {pg_url}", text)
    words = shlex.split(text)
    if words[:1] == ["make"] and "run" in words:
        # the checkout's Makefile and virtual environment, its install step taken as done
        # (make test did it), the server's files in this directory
        kept = [w for w in words[1:] if w != "run" and not w.startswith(("PORT=", "HOST="))]
        words = ["make", "-s", "-f", str(ROOT / "Makefile"), "-o", "install-serve", *kept]
        return shlex.join([*words, f"VENV={BIN.parent}", "HOST=127.0.0.1", "run"]) + " PORT={port}"
    if "serve" in words:
        for option, value in (("--port", "{port}"), ("--host", "127.0.0.1")):
            if option in words:
                text = re.sub(rf"{option} \S+", f"{option} {value}", text)
            else:
                text += f" {option} {value}"
    return text


def _is_server(text: str) -> bool:
    words = shlex.split(text)
    return words[:1] == ["make"] and "run" in words or "serve" in words


def _run_server(command: str, cwd: Path, env: dict[str, str]) -> str:
    """Start a server, wait until it listens, open the home link it printed, stop it."""
    port = _free_port()
    command = command.replace("{port}", str(port))
    proc = subprocess.Popen(
        ["bash", "-c", command],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert proc.stdout is not None
    out: list[str] = []
    # a server that hangs silently is stopped after two minutes (readline then ends)
    watchdog = threading.Timer(120, os.killpg, (proc.pid, signal.SIGKILL))
    watchdog.start()
    try:
        while True:
            line = proc.stdout.readline()
            if not line:
                break
            out.append(line)
            if "Application startup complete" in line:  # listening since before the links
                break
        text = "".join(out)
        link = re.match(r"\s*Open this link: (http://\S+)", text)
        assert link, f"the home link is not the first thing printed:\n{text}"
        assert f":{port}/" in link.group(1), text
        with urllib.request.urlopen(link.group(1), timeout=30) as answer:
            assert answer.status == 200
        return text
    finally:
        watchdog.cancel()
        with contextlib.suppress(ProcessLookupError):  # the whole group: make's server too
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        proc.stdout.close()


def run_page(page: str, cwd: Path, pg_url: str | None) -> list[tuple[str, float]]:
    """Run a page's commands in order in ``cwd``; the time each took."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("MAINMATCH_ADMIN_KEY", None)
    env["MPLBACKEND"] = "Agg"
    times: list[tuple[str, float]] = []
    for c in (c for c in ALL if c.page == page and c.text not in NOT_RUN):
        command = _prepare(substitute(c.text, c.marker, {}), pg_url)
        if command is None:
            times.append((f"(no PostgreSQL here) {c.text}", 0.0))
            continue
        start = time.monotonic()
        if _is_server(c.text):
            _run_server(command, cwd, env)
        else:
            done = subprocess.run(
                ["bash", "-c", command],
                check=False,
                cwd=cwd,
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert done.returncode == 0, (
                f"{c.page}:{c.line}: {c.text}\nran: {command}\n"
                f"exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
            )
        times.append((command, time.monotonic() - start))
    return times


PAGES_WITH_COMMANDS = sorted({c.page for c in ALL if c.text not in NOT_RUN})


@pytest.mark.slow  # a minute and a half of CPU for all pages: make test, not test-fast
@pytest.mark.parametrize("page", PAGES_WITH_COMMANDS)
def test_every_command_of_the_page_runs(page: str, tmp_path: Path, request) -> None:
    pg_url = None
    if any("postgresql+psycopg://" in c.text for c in ALL if c.page == page):
        pg_url = os.environ.get("MAINMATCH_TEST_PG_URL") and request.getfixturevalue("pg_url")
    times = run_page(page, tmp_path, pg_url)
    assert times
    for command, seconds in times:
        print(f"{seconds:6.1f} s  {command}")


# ---- commands named inline ----------------------------------------------------------

INLINE = re.compile(r"`(mainmatch [^`]+)`")


def test_commands_named_inline_have_real_options() -> None:
    """A ``mainmatch ...`` named in a sentence is not run, but its command and every
    option it gives exist (a renamed option fails here, not in a reader's terminal)."""
    import typer

    from mainmatch.cli import _register_extensions, app

    _register_extensions()
    root = typer.main.get_command(app)
    named = [
        (str(page.relative_to(ROOT)), m.group(1))
        for page in PAGES
        for m in INLINE.finditer(page.read_text(encoding="utf-8").replace("\n", " "))
    ]
    assert len(named) > 20
    faults = []
    for page, text in named:
        words = text.split()
        command = root
        for word in words[1:]:
            sub = getattr(command, "commands", {}).get(word)
            if sub is None:
                break
            command = sub
        if command is root:
            if len(words) > 1 and not words[1].startswith(("-", "GAME")):
                faults.append(f"{page}: `{text}`: no command {words[1]!r}")
            continue
        options = {o for p in command.params for o in (*p.opts, *p.secondary_opts)}
        for word in words:
            option = word.split("=")[0]
            if re.fullmatch(r"--?[a-z][\w-]*", option) and option not in options:
                faults.append(f"{page}: `{text}`: {command.name} has no {option}")
    assert faults == []
