"""Answers to an interaction, whole: every 2,000-character chunk (issue 26).

An answer longer than one Discord message (a player's view once The
Amalgamation's public view has grown) is sent as the response and
follow-ups, each cut at blank lines or line ends (``text.chunks``); past
:data:`MAX_PARTS` messages the whole text comes as a file as well. Files and
components go with the last message. Mentions ping nobody unless the caller
says otherwise.
"""

from __future__ import annotations

import io
from typing import Any

import discord

from . import text as tx

#: messages one answer may take (Discord lets a token send many follow-ups; a
#: reader on a phone does not want more)
MAX_PARTS = 8


async def send(interaction: discord.Interaction, content: str, **kw: Any) -> None:
    """``content`` in full as the response (or a follow-up when the response is
    done) and follow-ups; ``kw`` (``ephemeral``, ``files``, ``view`` ...) as
    for ``send_message``, extras on the last message."""
    kw.setdefault("ephemeral", True)
    kw.setdefault("allowed_mentions", discord.AllowedMentions.none())
    parts = tx.chunks(content) or ["\u200b"]
    if len(parts) > MAX_PARTS:
        whole = discord.File(io.BytesIO(content.encode()), filename="answer.md")
        kw["files"] = [*kw.get("files", []), whole]
        parts = [*parts[: MAX_PARTS - 1], "… the rest is in the file answer.md (the whole answer)."]
    extras: dict[str, Any] = {k: kw.pop(k) for k in ("files", "file", "view") if k in kw}
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        args: dict[str, Any] = {**kw, **extras} if last else dict(kw)
        if interaction.response.is_done():
            await interaction.followup.send(part, **args)
        else:
            await interaction.response.send_message(part, **args)
