"""Texts the bot sends: mention-proof, within Discord's limits, readable on a phone.

Every message is sent with ``allowed_mentions`` none (or only the one player
it is meant to ping); on top of that, every text is passed through
``engine.announce.defuse_mentions`` so that ``@everyone`` or ``<@id>`` inside
names, titles and item texts is shown as text and can never ping.

User text inside a prompt, a view or any private answer (a title, a player
id, an item's text, any value of a view) goes through :func:`escape`, the
same function the public posts use (``engine.announce.neutralise``): its
Markdown (code fences, headings, spoilers, masked links) shows as typed
(issue 26, L7). An action read back is shown in a code block by
:func:`fenced`, which no value can close.
"""

from __future__ import annotations

from typing import Any

from mainmatch.engine.announce import defuse_mentions
from mainmatch.engine.announce import neutralise as escape
from mainmatch.host import deadlines as dl

#: Discord's limit of a message's content
LIMIT = 2000


def neutralise(text: str) -> str:
    """Text that pings nobody and shows as written (Markdown kept).

    >>> neutralise("hi @everyone and @here, <@123> <@&4> <#5>")
    'hi @\u200beveryone and @\u200bhere, <@\u200b123> <@&\u200b4> <#\u200b5>'
    """
    return defuse_mentions(text)


def fenced(text: str) -> str:
    r"""``text`` in a code block that nothing in it can close (a run of three
    backticks is broken by zero-width spaces); mentions disarmed.

    >>> fenced("a ``` b")
    '```\na `\u200b`\u200b` b\n```'
    """
    return "```\n" + defuse_mentions(text.replace("```", "`\u200b`\u200b`")) + "\n```"


def chunks(text: str, limit: int = LIMIT) -> list[str]:
    """``text`` cut into messages of at most ``limit`` characters, at blank
    lines where possible, then at line ends, then anywhere.

    >>> chunks("a\\n\\nb", limit=2)
    ['a', 'b']
    """
    text = text.strip()
    if not text:
        return []
    out: list[str] = []
    while len(text) > limit:
        cut = text.rfind("\n\n", 0, limit)
        if cut <= 0:
            cut = text.rfind("\n", 0, limit)
        if cut <= 0:
            cut = limit
        out.append(text[:cut].rstrip())
        text = text[cut:].strip()
    if text:
        out.append(text)
    return out


def plain(v: Any, depth: int = 0) -> str:
    """A JSON value as a person reads it on a phone: lists joined, objects as
    ``key value`` pairs, a list of objects as bullet lines, an item as its text.

    >>> plain({"B": {"chips": 6, "garnets": 0}, "D": {"chips": 2}})
    'B: chips 6, garnets 0; D: chips 2'
    >>> plain([{"letter": "A", "text": "+15 points to YOU", "effects": []}]).splitlines()
    ['', '- A: +15 points to YOU']
    """
    if isinstance(v, dict):
        if "letter" in v and "text" in v:
            return f"{escape(str(v['letter']))}: {escape(str(v['text']))}"
        if not v:
            return "none"
        if all(not isinstance(x, (dict, list)) for x in v.values()):
            return ", ".join(f"{escape(str(k))} {plain(x, depth + 1)}" for k, x in v.items())
        return "; ".join(f"{escape(str(k))}: {plain(x, depth + 1)}" for k, x in v.items())
    if isinstance(v, list):
        if not v:
            return "none"
        if all(not isinstance(x, (dict, list)) for x in v):
            return ", ".join(plain(x, depth + 1) for x in v)
        if depth == 0:
            return "\n" + "\n".join(f"- {plain(x, depth + 1)}" for x in v)
        return " | ".join(plain(x, depth + 1) for x in v)
    return escape(v) if isinstance(v, str) else str(v)


def fields(obj: dict[str, Any], skip: tuple[str, ...] = ()) -> str:
    """A JSON object as ``**key**: value`` lines."""
    lines = []
    for k, v in obj.items():
        if k in skip:
            continue
        lines.append(f"**{k.replace('_', ' ')}**: {plain(v)}")
    return "\n".join(lines)


def prompt_text(ov: dict[str, Any], draft: dict[str, Any] | None, summary: str) -> str:
    """A player's request for the open step: what they know, what is asked,
    their submission so far, and the deadline (as a Discord timestamp)."""
    title = escape(ov.get("title") or ov["game"]["title"])
    req = ov.get("request") or {}
    parts = [f"## {title}: step {ov['open_step']} ({escape(str(req.get('kind', '')))})"]
    you = (ov.get("view") or {}).get("you")
    if isinstance(you, dict) and you:
        parts.append("**You**\n" + fields(you))
    parts.append("**This step**\n" + fields(req, skip=("kind",)))
    sub = ov.get("submission")
    if sub is not None and sub.get("kept"):
        parts.append(
            "**Kept from before the undo** (it stands at the deadline; the step resolves "
            f"early only once everyone has submitted again: Submit confirms it):\n{fenced(summary)}"
        )
    elif sub is not None:
        parts.append(f"**Submitted** (you may change it until the deadline):\n{fenced(summary)}")
    elif draft:
        parts.append(f"**Your draft** (not submitted yet):\n{fenced(summary)}")
    if ov.get("deadline"):
        parts.append(f"**Deadline:** {dl.discord_timestamp(ov['deadline'])}")
    return neutralise("\n\n".join(parts))


def view_text(ov: dict[str, Any]) -> str:
    """What a player may see of the match now (their view and their DMs)."""
    title = escape(ov.get("title") or ov["game"]["title"])
    view = dict(ov.get("view") or {})
    you = view.pop("you", None)
    parts = [f"## {title}", "**Public**\n" + fields(view, skip=("game", "players"))]
    if isinstance(you, dict):
        parts.append("**You**\n" + fields(you))
    pending = ", ".join(
        f"{escape(p['player'])} ({escape(p['kind'])})" for p in ov.get("pending", [])
    )
    parts.append(f"**Waiting for:** {pending or 'nobody: the match is over'}")
    return neutralise("\n\n".join(parts))
