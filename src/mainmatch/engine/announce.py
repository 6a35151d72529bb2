"""Announcements: a step's events as text a host pastes into Discord.

Public events become one public post; private events become one direct
message per player. The game renders each event (``Game.render_event``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .game import Game, State

#: Markdown characters escaped in user text (``\*``): emphasis, code, spoilers,
#: quotes, headings, links, and ``<`` (mentions ``<@id>``, ``<@&id>``, ``<#id>``)
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]<])")
#: mentions that ping even without brackets; a zero-width space after ``@`` disarms them
_AT = "@"
_ZWSP = "\u200b"
#: a game's own words (event types, conditions): never user text
_IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*")
#: placeholders for user text while a game renders an event (private-use characters)
_HOLE = re.compile("\ue000(\\d+)\ue001")


def neutralise(text: str) -> str:
    r"""User-supplied ``text`` (a player id, a title, an item text) made safe to
    put in Discord Markdown: it can ping nobody (``@everyone``, ``@here``,
    ``<@id>``, ``<@&id>``, ``<#id>``) and its Markdown shows as typed instead
    of changing the post's formatting; line breaks become spaces.

    >>> neutralise("@here **hi** <@123>") == "@\u200bhere \\*\\*hi\\*\\* \\<@\u200b123\\>"
    True
    >>> neutralise("jk")
    'jk'
    """
    text = " ".join(text.splitlines())
    return _MARKDOWN.sub(r"\\\1", text).replace(_AT, _AT + _ZWSP)


def defuse_mentions(text: str) -> str:
    """A rendered post with every mention disarmed (a game's own words never
    mention anyone; this catches user text a game did not hand over)."""
    text = re.sub(r"@(everyone|here)", "@" + _ZWSP + r"\1", text)
    return re.sub(r"<(@[!&]?|#)(\d+)>", lambda m: f"<{m[1]}{_ZWSP}{m[2]}>", text)


@dataclass
class Announcement:
    #: Markdown lines of the public post, in event order.
    public: list[str] = field(default_factory=list)
    #: player -> Markdown lines of their DM, in event order.
    private: dict[str, list[str]] = field(default_factory=dict)

    def public_text(self) -> str:
        return "\n\n".join(self.public)

    def dm_text(self, player: str) -> str:
        return "\n\n".join(self.private.get(player, []))


def announce(game: Game[State], events: list[dict[str, Any]]) -> Announcement:
    """Render a step's events; a private event reaches each of its audience.

    User text in an event (player ids, item texts) reaches the game's
    ``render_event`` as a placeholder when it holds a Markdown or mention
    character, and is put back :func:`neutralise`-d: no game has to escape it,
    and no user text can ping or change the post's formatting."""
    out = Announcement()
    for event in events:
        holes: list[str] = []
        text = game.render_event(_holed_event(event, holes))
        text = defuse_mentions(_fill_holes(text, holes))
        if event["audience"] == "public":
            out.public.append(text)
        else:
            for p in event["audience"]:
                out.private.setdefault(p, []).append(text)
    return out


def _fill_holes(text: str, holes: list[str]) -> str:
    """Put each user text back, neutralised, where its placeholder is."""
    if not holes:
        return text
    safe = [neutralise(h) for h in holes]
    return _HOLE.sub(lambda m: safe[int(m[1])], text)


def _needs_hole(value: str) -> bool:
    return neutralise(value) != value and not _IDENTIFIER.fullmatch(value)


def _holed_event(event: Mapping[str, object], holes: list[str]) -> dict[str, object]:
    """An event with its user texts replaced by placeholders (:func:`_with_holes`)."""
    return {_holed_text(k, holes, None): _with_holes(v, holes, k) for k, v in event.items()}


def _holed_text(value: str, holes: list[str], key: str | None) -> str:
    """``value``, or its placeholder where it needs neutralising."""
    if key in ("type", "audience") or not _needs_hole(value):
        return value
    if value not in holes:
        holes.append(value)
    return f"\ue000{holes.index(value)}\ue001"


def _with_holes(value: object, holes: list[str], key: str | None = None) -> object:
    """``value`` with each user text that needs neutralising replaced by a
    placeholder (the same text, the same placeholder: comparisons still hold)."""
    if isinstance(value, str):
        return _holed_text(value, holes, key)
    if isinstance(value, dict):
        return {
            _with_holes(k, holes): _with_holes(v, holes, k if isinstance(k, str) else None)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_with_holes(v, holes) for v in value]
    if isinstance(value, tuple):
        return tuple(_with_holes(v, holes) for v in value)
    return value
