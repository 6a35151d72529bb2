"""Views for people in a terminal: the pages' own view templates, as plain text.

``mainmatch replay --step K`` shows each view as the pages show it: the
game's template (its package's ``web/view.html``) is rendered to HTML and
read back as text (headings, paragraphs, table rows with ``|`` between
cells, ``term: value`` pairs). Pictures (the circle of seats) are left out;
the templates say in words what they show, and a picture's key (an element
of class ``picture-legend``: "Striped: hidden") is left out with it.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from mainmatch.engine.game import Game

from .inputwords import kind_words
from .pages import render_view

#: elements that start a new line of text
BLOCKS = {"p", "div", "li", "tr", "h1", "h2", "h3", "dl", "table", "ul", "ol", "details", "summary"}
HEADINGS = {"h1", "h2", "h3"}
#: an element of this class explains a picture's colours and lines: not text
LEGEND = "picture-legend"
#: places on a board drawn as boxes: one line per row of them
CELLS = ("place", "slot")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line: list[str] = []
        self.skip = 0  # inside <svg> or <style>
        self.legend_depth = 0  # depth of the open picture legend (0: none)
        self.cell_depth: list[int] = []  # depth of open board boxes
        self.depth = 0
        self.in_cell = 0  # inside a table cell: a line break becomes "; "

    def _flush(self) -> None:
        text = re.sub(r"\s+", " ", "".join(self.line)).strip(" |")
        if text:
            self.lines.append(text)
        self.line = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.depth += 1
        if tag in ("svg", "style", "script"):
            self.skip += 1
        if self.skip:
            return
        classes = (dict(attrs).get("class") or "").split()
        if LEGEND in classes and not self.legend_depth:
            self.legend_depth = self.depth
            self.skip += 1
            return
        if tag == "div" and any(c in classes for c in CELLS):
            self.cell_depth.append(self.depth)
            self.line.append("  [")
            return
        if self.cell_depth:
            # a box's number (slot 3, place A) reads "3:" before its content
            self.line.append(" #" if "i" in classes else " ")
            return
        if tag in BLOCKS:
            self._flush()
            if tag in HEADINGS:
                self.lines.append("")
                self.line.append("## " if tag == "h3" else "# ")
        elif tag in ("td", "th"):
            self.in_cell += 1
            self.line.append(" | ")
        elif tag == "dt":
            self._flush()
        elif tag == "dd":
            self.line.append(": ")
        elif tag == "br":
            if self.in_cell:
                self.line.append("; ")
            else:
                self._flush()

    def handle_endtag(self, tag: str) -> None:
        if self.legend_depth == self.depth:
            self.legend_depth = 0
            self.skip -= 1
        elif tag in ("svg", "style", "script"):
            self.skip -= 1
        elif not self.skip:
            if tag in ("td", "th"):
                self.in_cell -= 1
            if self.cell_depth and self.cell_depth[-1] == self.depth:
                self.cell_depth.pop()
                self.line.append("]")
            elif not self.cell_depth and tag in BLOCKS | {"dd"}:
                self._flush()
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.line.append(data)

    def text(self) -> str:
        self._flush()
        out = "\n".join(self.lines)
        return re.sub(r"\n{3,}", "\n\n", out).strip()


def html_to_text(html: str) -> str:
    """Readable text of a page fragment (see the module's docstring)."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return parser.text()


def view_text(game: Game, view: dict[str, Any]) -> str:
    """One view (public or a player's) as the pages show it, in plain text."""
    return html_to_text(render_view(game, view))


def pending_text(game: Game, pending: dict[str, dict]) -> str:
    """Who is awaited, and for what, in words (each step's own ``ask``)."""
    if not pending:
        return "Nobody: the match is over."
    return "\n".join(f"{p}: {kind_words(game, r['kind'])}" for p, r in pending.items())
