"""Who may run a ``/mm`` command, and what it is about: the checks (a set-up
server, the host role, the admin key's authority, Manage Server), the match or
seat a command names, and the one-line answers and refusals every command gives.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject
from mainmatch.host.facade import available_games
from mainmatch.host.facade_types import GuildSetup, HostError, Seat

from . import authority, replies
from . import text as tx
from .protocol import BotLike


def game_choices() -> list[app_commands.Choice[str]]:
    """The games a host may pick, read when the commands are built (not at
    import): a game registered before the bot starts is offered too."""
    return [app_commands.Choice(name=g.title[:100], value=g.id) for g in available_games()]


#: largest attachment read (host inputs, records)
MAX_ATTACHMENT = 1_000_000


class Refused(app_commands.CheckFailure):
    """A check that failed, with the sentence to show."""


async def _check_key(bot: BotLike, guild_id: int, key: str) -> None:
    """``/mm setup key:``: refused while the server has guessed wrong too often
    (unchecked), and a wrong key costs it a guess (authority.py, issue 33, N6)."""
    too_many = await bot.run_db(authority.guesses_left, bot.door.db, guild_id)
    if too_many:
        raise Refused(f"Nothing set up: {too_many}.")
    if not bot.authority.is_key(key):
        await bot.run_db(authority.wrong_guess, bot.door.db, guild_id)
        raise Refused("Nothing set up: this is not the mainmatch server's admin key.")


def _bot(interaction: discord.Interaction) -> BotLike:
    return interaction.client  # type: ignore[return-value]


async def _setup_of(interaction: discord.Interaction) -> GuildSetup:
    if interaction.guild is None:
        raise Refused("Use this command in a server, not in DMs.")
    bot = _bot(interaction)
    setup = await bot.run_db(bot.door.guild, interaction.guild.id)
    if setup is None:
        raise Refused("This server is not set up yet: someone with Manage Server runs /mm setup.")
    return setup


async def is_host(interaction: discord.Interaction) -> bool:
    """Only members with the server's host role host."""
    setup = await _setup_of(interaction)
    member = interaction.user
    if not isinstance(member, discord.Member) or all(
        r.id != setup.host_role_id for r in member.roles
    ):
        role = interaction.guild.get_role(setup.host_role_id) if interaction.guild else None
        name = role.name if role is not None else "the host role"
        raise Refused(f"Only members with the host role ({name}) can do this.")
    return True


async def may_create(interaction: discord.Interaction) -> bool:
    """Creating matches and seasons needs a server authorised with the server's
    admin key (``/mm setup key:``; issue 26, H1): anyone can set up a public bot
    on a server of their own, and being set up gives no authority."""
    setup = await _setup_of(interaction)
    bot = _bot(interaction)
    stored = await bot.run_db(bot.door.admin_verifier, setup.guild_id)
    if not await bot.run_db(bot.authority.allows, setup.guild_id, stored):
        raise Refused(
            "This server may not create matches or seasons: someone with Manage Server runs "
            "/mm setup with key: (the mainmatch server's admin key; mainmatch serve prints it)."
        )
    return True


def manages_server(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    if interaction.guild is None or perms is None or not perms.manage_guild:
        raise Refused("Only members with the Manage Server permission can run /mm setup.")
    return True


async def _match(
    interaction: discord.Interaction, given: str | None, *, finished: bool = False
) -> str:
    """The match a host command is about: the one named, or the newest running
    one (``finished``: else the newest that ended, e.g. to export it)."""
    bot = _bot(interaction)
    assert interaction.guild is not None
    ids = await bot.run_db(bot.door.guild_matches, interaction.guild.id, running=False)
    if given:
        if given not in ids:
            raise Refused(f"No match {given!r} on this server.")
        return given
    running = await bot.run_db(bot.door.guild_matches, interaction.guild.id)
    if not running and finished and ids:
        return ids[0]
    if not running:
        raise Refused("No match is running on this server; name one with match:ID.")
    return running[0]


async def _read_attachment(att: discord.Attachment) -> Any:
    if att.size > MAX_ATTACHMENT:
        raise Refused(f"{att.filename} is larger than {MAX_ATTACHMENT // 1000} kB.")
    try:
        return json.loads(await att.read())
    except (ValueError, UnicodeDecodeError):
        raise Refused(f"{att.filename} is not a JSON file.") from None


async def _answer(
    interaction: discord.Interaction, content: str, *, raw: bool = False, **kw: Any
) -> None:
    """An ephemeral answer; ``raw``: the text is the bot's own (its mentions show
    as mentions, and still ping nobody), else any mention in it is neutralised."""
    await replies.send(interaction, content if raw else tx.neutralise(content), **kw)


async def _own_seat(
    interaction: discord.Interaction, match: str | None, *, finished: bool = False
) -> Seat:
    """The caller's seat: in the match named, or their newest running match
    (``finished``: else their newest that ended: its final state stays theirs)."""
    bot = _bot(interaction)
    seats = await bot.run_db(bot.door.member_seats, interaction.user.id)
    if finished and (match or not seats):
        seats = await bot.run_db(lambda: bot.door.member_seats(interaction.user.id, running=False))
    if match:
        seats = [s for s in seats if s.match_id == match]
    if not seats:
        what = "match" if finished else "running match"
        raise Refused(f"You play no {what}" + (f" {match!r}." if match else "."))
    return seats[0]


async def _call(
    interaction: discord.Interaction, fn: Any, *args: Any, ok: str | Callable[[JSONObject], str]
) -> bool:
    """A service call answered to the host: ``ok`` (filled from the call's
    answer, or built from it) or its one-line error."""
    bot = _bot(interaction)
    try:
        out = await bot.run_db(fn, *args)
    except (HostError, MainmatchError) as exc:
        await _answer(interaction, str(exc))
        return False
    await _answer(interaction, ok(out) if callable(ok) else ok.format(**out))
    await bot.pump_after()
    return True
