"""The commands' progress where no terminal shows a live bar (issue 34 item 6,
decision DAY10): a plain line at each tenth of the planned matches and one at
the end, and a bar that ends full at the matches played, fewer than planned
or not."""

from __future__ import annotations

from rich.console import Console

from mainmatch.sim.progress import progress_bar


def _run(console: Console, quiet: bool = False) -> str:
    with progress_bar(console, quiet, "balancing mvp", 100) as advance:
        for _ in range(9):
            advance(10)  # 90 played of the 100 planned (a search that stopped early)
    return console.export_text()


def test_a_file_gets_a_line_at_each_tenth_and_the_bar_ends_full() -> None:
    text = _run(Console(record=True, width=100, force_terminal=False))
    lines = [x for x in text.splitlines() if x.startswith("balancing mvp:")]
    said = [x.split(",")[0] for x in lines]
    assert said == [f"balancing mvp: {k}/100 matches" for k in range(10, 100, 10)] + [
        "balancing mvp: done"
    ]
    assert lines[-1].startswith("balancing mvp: done, 90 matches in ")
    assert "90/90" in text and "90/100" not in text.replace("balancing mvp: 90/100", "")


def test_a_terminal_has_its_live_bar_and_quiet_says_nothing() -> None:
    live = _run(Console(record=True, width=100, force_terminal=True))
    assert "balancing mvp:" not in live and "90/90" in live
    assert _run(Console(record=True, width=100, force_terminal=False), quiet=True) == ""
