"""A match's view in words, for chat and for a terminal: the web page's own
sentences, as Discord Markdown or plain text. The one view-to-text path:
Discord (``view_words``, through the host's facade) and the command line
(``mainmatch replay --step``, ``view_plain``) both read the view back with
:class:`ChatMarkdown`.

The web page renders a view with the game's view template (its package's
``web/view.html``, ``pages.render_view``); Discord shows the same template's HTML
converted to Markdown, so a player reads the same sentences in both places
and a game's view needs one template, not one per adapter. The conversion
(:class:`ChatMarkdown`) is made for a phone screen: headings become bold
lines, a definition list ``**term**: value`` lines, a table one line per row
(cells joined by " · "), a row of boxes (``div``\\ s of inline text) one line;
a picture (``svg``) gives way to its ``aria-label``; a link is kept only when
its address is absolute. Every text the template prints (player ids, titles,
item texts) goes through ``engine.announce.neutralise``: it pings nobody and
its Markdown shows as typed. For a terminal (``terminal=True``) the same
reading gives plain text: headings as ``#``/``##`` lines, ``term: value``
lines, nothing escaped (no chat reads it).
"""

from __future__ import annotations

import re

from bs4 import Tag
from markdownify import MarkdownConverter

from mainmatch import games
from mainmatch.engine.announce import neutralise
from mainmatch.engine.game import Game, State, View

from .overview_types import Overview
from .pages import render_view

_BLOCKS = frozenset(("div", "p", "table", "ul", "ol", "dl", "h1", "h2", "h3", "h4", "svg"))
_SEP = " · "
#: inside a table's cell or a definition: nested tables and lists run on one line
_INSIDE = frozenset(("td", "th", "dd"))
#: marks the end of a table cell or a box while its row is put together
_CELL = "\x1f"


def _row_of_boxes(el: Tag) -> bool:
    """A ``div`` of ``div``\\ s holding only inline text (a row of slots)."""
    boxes = [c for c in el.children if isinstance(c, Tag)]
    return bool(boxes) and all(b.name == "div" and not b.find(_BLOCKS) for b in boxes)


class ChatMarkdown(MarkdownConverter):
    """HTML to Discord Markdown (see the module doc)."""

    def __init__(self, *, terminal: bool = False) -> None:
        super().__init__(bullets="-")
        self.terminal = terminal

    def _bold(self, text: str) -> str:
        return text if self.terminal else f"**{text}**"

    def escape(self, text: str, parent_tags: set[str]) -> str:
        if self.terminal:
            return text
        return neutralise(text) if text.strip() else text

    def convert_hN(self, n: int, el: Tag, text: str, parent_tags: set[str]) -> str:
        text = " ".join(text.split())
        if self.terminal:
            return f"\n\n{'##' if n >= 3 else '#'} {text}\n" if text else ""
        return f"\n\n**{text}**\n" if text else ""

    def convert_dl(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        return f"\n\n{text.strip()}\n\n"

    def convert_dt(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        return f"\n{self._bold(' '.join(text.split()))}: "

    def convert_dd(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        return " ".join(text.split())

    def convert_table(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        if parent_tags & _INSIDE:
            inner = text.strip().rstrip(";")
            outer = el.find_parent("table")
            # a table two deep (a value of a value): in brackets, so its pairs stay its own
            deep = outer is not None and outer.find_parent("table") is not None
            return f"({inner})" if deep else inner
        return f"\n\n{text.strip()}\n\n"

    def convert_thead(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        return text

    def convert_tbody(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        return text

    def convert_tr(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        cells = [" ".join(c.split()) for c in text.split(_CELL)]
        if parent_tags & _INSIDE:
            # a table inside a cell (the generic view's nested values): "key: value; ..."
            return ": ".join(c for c in cells if c) + "; "
        line = _SEP.join(c for c in cells if c)
        if el.find_all("th") and not el.find_all("td"):
            return f"{self._bold(line)}\n" if line else ""
        return f"{line}\n" if line else ""

    def convert_td(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        return text + _CELL

    convert_th = convert_td

    def convert_div(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        if _row_of_boxes(el):
            # a row of boxes (slots, cards): one line
            boxes = [" ".join(t.split()) for t in text.split(_CELL)[:-1]]
            return "\n\n" + _SEP.join(t or "–" for t in boxes) + "\n\n"
        if isinstance(el.parent, Tag) and _row_of_boxes(el.parent):
            return text + _CELL
        return f"\n{text.strip()}\n" if text.strip() else ""

    def convert_p(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        # a picture's key ("Striped: hidden") explains colours a text reader never sees
        if "picture-legend" in (el.get("class") or []):
            return ""
        return str(super().convert_p(el, text, parent_tags))  # type: ignore[misc]

    def convert_span(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        # spans side by side in a box (a slot's number and its card) stay apart
        return f"{text} " if text and not text.endswith(" ") else text

    def convert_br(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        return "; " if parent_tags & {"td", "th", "dd"} else "\n"

    def convert_li(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        if parent_tags & _INSIDE:
            return " ".join(text.split()).rstrip(";") + " | "
        return str(super().convert_li(el, text, parent_tags))  # type: ignore[misc]

    def convert_ol(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        if parent_tags & _INSIDE:
            return text.strip().rstrip("|").strip()
        return str(super().convert_ol(el, text, parent_tags))  # type: ignore[misc]

    convert_ul = convert_ol

    def convert_svg(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        label = el.get("aria-label")
        if not label:
            return ""
        return f"\n\n{label if self.terminal else neutralise(str(label))}\n\n"

    def convert_a(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        href = str(el.get("href") or "")
        if re.match(r"https?://", href):
            return f"[{text}]({href})"
        return text

    def convert_b(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        if self.terminal:  # a terminal shows no Markdown emphasis
            return text
        return str(super().convert_b(el, text, parent_tags))  # type: ignore[misc]

    def convert_em(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        if self.terminal:
            return text
        return str(super().convert_em(el, text, parent_tags))  # type: ignore[misc]

    convert_strong = convert_b
    convert_i = convert_em

    def convert_details(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        return f"\n\n{text.strip()}\n\n"

    def convert_summary(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        return f"\n{self._bold(' '.join(text.split()))}\n"


_CONVERTER = ChatMarkdown()
_TERMINAL = ChatMarkdown(terminal=True)


def markdown(html: str, *, terminal: bool = False) -> str:
    """``html`` as Discord Markdown (see :class:`ChatMarkdown`).

    >>> markdown("<h3>You (ann)</h3><dl><dt>Money</dt><dd><b>$5</b></dd></dl>")
    '**You (ann)**\\n\\n**Money**: **$5**'
    >>> markdown('<table><tr><th>P</th><th>$</th></tr><tr><td>@here</td><td>3</td></tr></table>')
    '**P · $**\\n@\\u200bhere · 3'
    """
    text = (_TERMINAL if terminal else _CONVERTER).convert(html)
    lines = [" ".join(line.split()).replace(" ; ", "; ") for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def view_words(ov: Overview) -> str:
    """The view in an overview (``HostService.overview``) as Discord Markdown."""
    game = games.get(ov["game"]["id"])
    return markdown(render_view(game, ov.get("view") or {}, ov))


def view_plain(game: Game[State], view: View) -> str:
    """One view (public or a player's) as the pages show it, as plain text
    for a terminal (``mainmatch replay --step``)."""
    return markdown(render_view(game, view), terminal=True)
