"""The commands' progress bar: one Rich bar that refreshes when work is done.

It runs no refresh thread (``auto_refresh=False``): it is redrawn each time
a chunk of matches finishes, several times a second in a run of any length,
and a process without other threads can fork its pool processes at once
(``backends._pool_context``, decision PE18).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Matches per second."""

    def render(self, task) -> Text:
        speed = task.finished_speed or task.speed
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

        def advance(k: int) -> None:
            progress.advance(task, k)
            progress.refresh()

        def resize(new: int) -> None:
            progress.update(task, total=new)

        yield advance, resize
