"""Texts the bot sends: mention-proof, within Discord's limits, readable on a phone.

Every message is sent with ``allowed_mentions`` none (or only the one player
it is meant to ping); on top of that, every text is passed through
``engine.announce.defuse_mentions`` so that ``@everyone`` or ``<@id>`` inside
names, titles and item texts is shown as text and can never ping.

User text inside a prompt, a view or any private answer (a title, a player
id, an item's text, any value of a view) goes through :func:`escape`, the
same function the public posts use (``engine.announce.neutralise``): its
Markdown (code fences, headings, spoilers, masked links) shows as typed
(issue 26, L7). Views are the web page's sentences (``host.words``);
requests and actions read back are the step's own sentences, quoted
(:func:`quoted`).
"""

from __future__ import annotations

import re

from mainmatch import games
from mainmatch.engine import announce
from mainmatch.engine.announce import defuse_mentions
from mainmatch.engine.game import JSONObject
from mainmatch.host.facade import discord_timestamp, view_words
from mainmatch.host.facade_types import Overview

#: Discord's limit of a message's content
LIMIT = 2000

#: a user's text shown as typed: the public posts' own function (module doc)
escape = announce.neutralise


def neutralise(text: str) -> str:
    """Text that pings nobody and shows as written (Markdown kept).

    >>> neutralise("hi @everyone and @here, <@123> <@&4> <#5>")
    'hi @\u200beveryone and @\u200bhere, <@\u200b123> <@&\u200b4> <#\u200b5>'
    """
    return defuse_mentions(text)


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


def quoted(text: str) -> str:
    r"""A sentence of the game's (a request, an echo) as a quote; the user text
    in it (player ids, item texts) shows as typed and pings nobody.

    >>> quoted("You pay $5 to @here *now*")
    '> You pay $5 to @\u200bhere \\*now\\*'
    """
    lines = [escape(line) for line in text.splitlines() if line.strip()] or ["(nothing)"]
    return "\n".join(f"> {line}" for line in lines)


def prompt_text(
    ov: Overview,
    ask: str,
    asked: str,
    echo: str,
    draft: JSONObject | None,
    offered: tuple[str, ...] = (),
) -> str:
    """A player's request for the open step: the seat they play, what the
    step asks (``ask``, and the request as the step's own sentence
    ``asked``), their submission or draft so far read back in words
    (``echo``), and the deadline (as a Discord timestamp). ``offered``: the
    things to choose among that carry words of their own (the items on offer),
    one a line. Their whole view is one button away (My view)."""
    title = escape(ov.get("title") or ov["game"]["title"])
    parts = [
        f"## {title}: step {ov['open_step']} ({escape(ask)})",
        f"You play **{escape(str(ov.get('you') or ''))}**.\n{quoted(asked)}",
    ]
    if offered:
        parts[-1] += "\n" + "\n".join(f"> - {escape(line)}" for line in offered)
    sub = ov.get("submission")
    if sub is not None and sub.get("kept"):
        parts.append(
            "**Kept from before the undo** (it stands at the deadline; the step resolves "
            f"early only once everyone has submitted again: Submit confirms it):\n{quoted(echo)}"
        )
    elif sub is not None:
        parts.append(f"**Submitted** (you may change it until the deadline):\n{quoted(echo)}")
    elif draft:
        parts.append(f"**Your draft** (not submitted yet):\n{quoted(echo)}")
    if due := ov.get("deadline"):
        parts.append(f"**Deadline:** {discord_timestamp(due)}")
    parts.append("-# My view shows everything you know of the match.")
    return neutralise("\n\n".join(parts))


def view_text(ov: Overview) -> str:
    """What a player may see of the match now, in the web page's words
    (``host.words``), and who the match waits for."""
    title = escape(ov.get("title") or ov["game"]["title"])
    parts = [f"## {title}", view_words(ov)]
    game = games.get(ov["game"]["id"])
    pending = ", ".join(
        f"{escape(p['player'])} (to {game.step(p['kind']).others_task()})"
        for p in ov.get("pending", [])
    )
    parts.append(f"**Waiting for:** {pending or 'nobody: the match is over'}")
    return neutralise("\n\n".join(parts))


#: a step id or action key named in backquotes beside words: "(`round` step)", "(`kong`)"
_STEP_ID = re.compile(r"\s*\(`[a-z_]+`(?: step)?\)")
#: JSON in backquotes, or a fenced block of it: for programs, not for players
_JSON = re.compile(r"`[{\[]|\bnull\b")
_SENTENCE = re.compile(r"(?<=[.;])\s+(?=\S)")


def players_rules(markdown: str) -> str:
    """A game's ``rules.md`` as ``/mm rules`` shows it to players (issue 34
    item 11): without the actions written as JSON (fenced blocks, list items and
    sentences holding it), the step ids beside headings or a Records section,
    keys in backquotes said as words; a heading or bold lead-in left with
    nothing under it goes too. The web's /rules page and
    ``mainmatch rules`` keep the whole file, for bot and API writers.

    >>> players_rules("## Kong (`kong`)\\nPay in.\\n\\n**Your action** (`round` step):\\n`{\\"a\\": 1}`.")
    '## Kong\\nPay in.'
    >>> players_rules("Sending nothing saves. The vote is `{\\"ec\\": \\"<id>\\"}`.")
    'Sending nothing saves.'
    """
    text = re.sub(r"```(?:json)?\n[{\[].*?```\n?", "", markdown, flags=re.DOTALL)
    # the records' section of a rules file that is a game's specification (for programs)
    text = re.sub(r"\n## [\d. ]*Records\n.*?(?=\n## |\Z)", "\n", text, flags=re.DOTALL)
    # a key or step id in backquotes is said as words: `gamewide_tiebreak` -> gamewide tiebreak
    text = _STEP_ID.sub("", text)
    text = re.sub(r"`([a-z]+(?:_[a-z]+)*)`", lambda m: m.group(1).replace("_", " "), text)
    blocks = []
    for block in re.split(r"\n\s*\n", text):
        lines = block.split("\n")
        heading = lines.pop(0) if lines[0].startswith("#") else None
        lines = [ln for ln in lines if not (ln.lstrip().startswith("- ") and _JSON.search(ln))]
        if not any(ln.lstrip().startswith(("- ", "|", "#", " ")) for ln in lines[1:]):
            # a paragraph: its sentences without the JSON ones
            said = [
                x
                for x in _SENTENCE.split(" ".join(ln.strip() for ln in lines))
                if not _JSON.search(x)
            ]
            lines = [" ".join(said)[:1].upper() + " ".join(said)[1:]] if said else []
        kept = [ln for ln in lines if ln.strip() and not _JSON.search(ln)]
        if len(kept) == 1 and re.fullmatch(r"\s*\*\*[^*]+\*\*:?", kept[0]):
            kept = []  # a bold lead-in whose text was all JSON
        if heading is not None:
            kept.insert(0, heading)
        if kept:
            blocks.append("\n".join(kept))
    return re.sub(r"\n(#+ [^\n]*)\n*$", "", "\n\n".join(blocks)).strip()
