"""The work of the longer ``/mm`` commands (``commands.py`` declares them):
setting a server up, giving a seat to a bot or a member and telling the member
who lost it, and the host's status text."""

from __future__ import annotations

import logging
import re
from typing import Literal

import discord
from discord import app_commands

from mainmatch.host.facade import discord_timestamp
from mainmatch.host.facade_types import GuildSetup, Overview

from . import authority
from . import text as tx
from .checks import Refused, _answer, _call, _check_key, _match
from .hosting import CATEGORY_NEEDS, POST_NEEDS, missing_permissions
from .protocol import BotLike

log = logging.getLogger("mainmatch.discord")


async def set_up_server(
    bot: BotLike,
    interaction: discord.Interaction,
    host_role: discord.Role,
    channel: discord.TextChannel,
    private: Literal["dm", "channels"] = "dm",
    category: discord.CategoryChannel | None = None,
    remind_minutes: app_commands.Range[int, 0, 10080] = 60,
    web_base: str | None = None,
    key: str | None = None,
) -> None:
    """``/mm setup``: check the places and permissions, store the server's set-up
    (and its authority when ``key`` is given), and say what was set up."""
    assert interaction.guild is not None
    if key is not None and bot.authority.key() is not None:
        await _check_key(bot, interaction.guild.id, key)
    if private == "channels" and category is None:
        raise Refused("private: channels needs a category for the players' channels.")
    if web_base and not re.fullmatch(r"https?://[^\s<>]{1,180}", web_base):
        raise Refused("web_base must be an http(s) address, e.g. https://mm.example.org")
    me = interaction.guild.me
    checks: list[tuple[discord.abc.GuildChannel, tuple[tuple[str, str], ...]]] = [
        (channel, POST_NEEDS)
    ]
    if private == "channels" and category is not None:
        checks.append((category, CATEGORY_NEEDS))
    for place, needs in checks:
        missing = missing_permissions(place, me, needs)
        if missing:
            raise Refused(
                f"Nothing set up: I need the {', '.join(missing)} permission"
                f"{'s' if len(missing) > 1 else ''} in {place.mention}."
            )
    setup = GuildSetup(
        interaction.guild.id,
        host_role.id,
        channel.id,
        private,
        category.id if category else None,
        remind_minutes,
        web_base,
    )
    await bot.run_db(bot.door.set_guild, setup)
    if key is not None and bot.authority.key() is not None:
        made = await bot.run_db(authority.verifier, key.strip(), setup.guild_id)
        await bot.run_db(bot.door.set_admin_verifier, setup.guild_id, made)
    stored = await bot.run_db(bot.door.admin_verifier, setup.guild_id)
    allowed = await bot.run_db(bot.authority.allows, setup.guild_id, stored)
    where = "by DM" if private == "dm" else f"in private channels under {category.mention}"  # type: ignore[union-attr]
    await _answer(
        interaction,
        f"Set up: hosts have {host_role.mention}, announcements go to {channel.mention}, "
        f"private information travels {where}; reminders {remind_minutes} minutes before a deadline. "
        + (
            "This server may create matches and seasons."
            if allowed
            else "To create matches and seasons here, run /mm setup again with key: "
            "(the mainmatch server's admin key)."
        ),
        raw=True,
    )


async def give_seat(
    bot: BotLike,
    interaction: discord.Interaction,
    player: str,
    bot_name: Literal["strategy", "random"] | None = None,
    user: discord.Member | None = None,
    match: str | None = None,
) -> None:
    """``/mm seat``: give ``player``'s seat to a bot or a member, tell the member
    who lost it, and prompt the one who took it."""
    match_id = await _match(interaction, match)
    if (bot_name is None) == (user is None):
        raise Refused("Give either bot_name (a bot takes the seat) or user (a member takes it).")
    seats = await bot.run_db(bot.door.seats, match_id)
    if player not in seats:
        raise Refused(f"{player!r} is not a player of this match.")
    before = seats[player].user_id
    if user is not None and any(s.user_id == user.id for s in seats.values()):
        raise Refused(f"{user.display_name} already plays a seat of this match.")
    if user is not None:
        # the new member's messages go to their DMs (a private channel was the old member's)
        await bot.run_db(bot.door.set_seat_user, match_id, player, user.id)
        # the replaced member's web link must stop working (issue #26, M3)
        await bot.run_db(bot.door.new_player_token, match_id, player)
        host = await bot.run_db(bot.door.host_overview, match_id)
        if any(x["player"] == player and not x["bot"] for x in host["seats"]):
            # a person's seat to another person: the service sees no change, so tell
            # the channel here (a bot's seat given back is the service's notice)
            await bot.run_db(
                bot.door.queue_notice,
                match_id,
                f"seat:{player}:u{user.id}",
                f"**{tx.escape(player)}**'s seat is now played by another member "
                f"({tx.neutralise(user.display_name)}).",
            )
    done = await _call(
        interaction,
        bot.door.set_seat,
        match_id,
        player,
        bot_name,
        # user text escaped, and its braces doubled: ``ok`` is a format string
        ok=tx.escape(f"{player}'s seat is now played by {bot_name or user.display_name}.")  # type: ignore[union-attr]
        .replace("{", "{{")
        .replace("}", "}}"),
    )
    if done and user is None and before is not None:
        # the member no longer plays it: no view, form or withdrawal of the bot's
        # move through Discord, no web link (B1); and they may be given it back (B2)
        await bot.run_db(bot.door.set_seat_user, match_id, player, None)
        await bot.run_db(bot.door.new_player_token, match_id, player)
    if done and before is not None and (user is None or user.id != before):
        by = f"a bot ({bot_name})" if user is None else "another member"
        await tell_replaced(bot, before, match_id, player, by)
    if user is not None:
        await bot.send_prompt(match_id, player)


async def tell_replaced(bot: BotLike, user_id: int, match_id: str, player: str, by: str) -> bool:
    """DM the member who no longer plays ``player``'s seat (issue 26): the
    host's ``/mm seat`` gave it to ``by``. False when Discord refused the DM."""
    ov = await bot.run_db(bot.door.host_overview, match_id)
    title = tx.escape(ov.get("title") or ov["game"]["title"])
    text = (
        f"The host gave your seat ({tx.escape(player)}) in {title} (match {match_id}) to {by}: "
        "you no longer play it, and its buttons no longer answer you."
    )
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(tx.neutralise(text), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.warning("could not tell %s that they lost seat %s: %s", user_id, player, exc)
        return False
    return True


def status_text(bot: BotLike, ov: Overview) -> str:
    """The host's status: the open step, who has submitted (never what), posts waiting."""

    title = tx.escape(ov.get("title") or ov["game"]["title"])
    lines = [f"**{title}** (match {ov['match']}): {ov['status']}"]
    if ov["status"] == "running":
        lines.append(
            f"Step {ov['open_step']}; deadline: "
            + (discord_timestamp(due) if (due := ov["deadline"]) else "none (manual)")
        )
        for p, st in ov.get("pending_status", {}).items():
            lines.append(f"- {tx.escape(p)}: {st}")
    if broken := ov.get("broken"):  # its game's code failed (issue 33): stopped until the host acts
        lines.append(
            f"Stopped: {tx.escape(broken)}. The deadline waits: resolve the step "
            "(/mm resolve), undo, or change the deadlines to try again."
        )
    waiting = bot.door.unposted(ov["match"])
    for d in waiting[:5]:
        lines.append(f"Post waiting ({d[0]}, step {d[1]}): {d[2] or 'queued'}")
    return "\n".join(lines)
