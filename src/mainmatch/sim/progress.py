"""The commands' progress bar: one Rich bar that refreshes when work is done.

It runs no refresh thread (``auto_refresh=False``): it is redrawn each time
a chunk of matches finishes, several times a second in a run of any length,
and a process without other threads can fork its pool processes at once
(``backends._pool_context``, decision PE18).

A console that is not a terminal (output to a file, a pipe, a service's log)
gets no live bar, only its last state, so there the bar also says a plain line
at each tenth of the run (decision DAY10). A run's total is planned before
it starts; when the run ends having played fewer matches (a search that
stops early, batches rounded to the table), the bar ends at what was played.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Matches per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None and task.finished and task.elapsed:
            speed = task.completed / task.elapsed  # the run's mean, once its total is set to it
        return Text(
            f"{speed:,.0f} matches/s" if speed else "- matches/s", style="progress.data.speed"
        )


@contextmanager
def progress_bar(
    console: Console, quiet: bool, label: str, total: int
) -> Iterator[Callable[[int], None]]:
    """A bar for ``total`` matches on ``console`` (none when ``quiet``);
    yields the callback that advances it by the matches just finished."""
    with resizable_bar(console, quiet, label, total) as (advance, _resize):
        yield advance


@contextmanager
def resizable_bar(
    console: Console, quiet: bool, label: str, total: int
) -> Iterator[tuple[Callable[[int], None], Callable[[int], None]]]:
    """:func:`progress_bar` whose total may change (``train --minutes`` knows
    its budget after two batches): yields ``advance(k)`` and ``resize(total)``."""
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        disable=quiet,
        transient=False,
        auto_refresh=False,
    ) as progress:
        task = progress.add_task(label, total=total)
        lines = _Lines(console, label, total) if not (quiet or console.is_terminal) else None

        def advance(k: int) -> None:
            progress.advance(task, k)
            progress.refresh()
            if lines is not None:
                lines.advance(k)

        def resize(new: int) -> None:
            progress.update(task, total=new)
            if lines is not None:
                lines.total = max(new, 1)

        yield advance, resize
        # the run is over: its bar ends full, at the matches it played
        done = progress.tasks[0].completed
        progress.update(task, total=done)
        progress.refresh()
        if lines is not None:
            lines.end(int(done))


class _Lines:
    """The bar as plain lines for a console that is not a terminal: one at each
    tenth of the planned matches, and one at the end."""

    def __init__(self, console: Console, label: str, total: int) -> None:
        self.console, self.label, self.total = console, label, max(total, 1)
        self.done = 0
        self.said = 0  # tenths said
        self.start = time.monotonic()

    def _elapsed(self) -> str:
        return str(timedelta(seconds=int(time.monotonic() - self.start)))

    def advance(self, k: int) -> None:
        self.done += k
        tenth = min(9, self.done * 10 // self.total)
        if tenth > self.said:
            self.said = tenth
            self.console.print(
                f"{self.label}: {self.done:,}/{self.total:,} matches, {self._elapsed()}",
                highlight=False,
                soft_wrap=True,
            )

    def end(self, done: int) -> None:
        self.console.print(
            f"{self.label}: done, {done:,} matches in {self._elapsed()}",
            highlight=False,
            soft_wrap=True,
        )
