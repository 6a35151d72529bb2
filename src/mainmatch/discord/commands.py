"""The ``/mm`` slash commands: set-up, hosting, and the player's own commands.

``/mm setup`` needs Manage Server; the host commands need the server's host
role (``/mm setup``); ``/mm submit`` and ``/mm view`` answer only about the
caller's own seat. Every answer about a match in progress is ephemeral;
refusals are one line saying what is needed.
"""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Callable
from typing import Any, Literal

import discord
from discord import app_commands

from mainmatch import games
from mainmatch.engine.errors import MainmatchError
from mainmatch.host.facade import available_games, discord_timestamp, policies_words
from mainmatch.host.facade_types import GuildSetup, HostError, Overview

from . import authority, replies
from . import components as comp
from . import text as tx
from .hosting import (
    CATEGORY_NEEDS,
    POST_NEEDS,
    HostingError,
    create_from_discord,
    import_from_discord,
    missing_permissions,
)
from .protocol import BotLike

log = logging.getLogger("mainmatch.discord")


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


def group(bot: BotLike) -> app_commands.Group:
    choices = game_choices()
    mm = app_commands.Group(
        name="mm", description="Host and play Main Match games", guild_only=True
    )

    @mm.command(
        name="setup", description="Set up this server: host role, channel, private messages"
    )
    @app_commands.describe(
        host_role="members with this role host matches",
        channel="where public announcements are posted",
        private="how private information travels: DMs, or one private channel per player",
        category="the category of the players' private channels (private: channels)",
        remind_minutes="remind players this many minutes before a deadline (0: never)",
        web_base="the web server's address, to offer players a link (optional)",
        key="the mainmatch server's admin key, once: lets this server create matches and seasons",
    )
    @app_commands.check(manages_server)
    async def setup(
        interaction: discord.Interaction,
        host_role: discord.Role,
        channel: discord.TextChannel,
        private: Literal["dm", "channels"] = "dm",
        category: discord.CategoryChannel | None = None,
        remind_minutes: app_commands.Range[int, 0, 10080] = 60,
        web_base: str | None = None,
        key: str | None = None,
    ) -> None:
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

    @mm.command(name="new", description="Start a match: game, players, bots for the other seats")
    @app_commands.describe(
        game="the game",
        players="the players as mentions (@a @b ...), in seat order",
        role="or: everyone with this role plays",
        bots="the bot for the seats left over (strategy or random)",
        seats="how many seats (default: the players named, at least the game's fewest); "
        "bots fill the rest",
        title="a title for the announcements",
        deadlines="deadline policies, e.g. round=minutes:1440 choose_ec=manual (default: the seed's)",
        early="resolve as soon as everyone has submitted (default yes)",
        inputs="host inputs as a JSON file (teams, garnets, a game's catalogue, ...)",
        seed="a seed for the game's chance (optional)",
    )
    @app_commands.choices(game=choices)
    @app_commands.check(may_create)  # checked after is_host (checks run bottom-up)
    @app_commands.check(is_host)
    async def new(
        interaction: discord.Interaction,
        game: str,
        players: str | None = None,
        role: discord.Role | None = None,
        bots: Literal["strategy", "random"] = "strategy",
        title: str = "",
        deadlines: str = "",
        early: bool = True,
        inputs: discord.Attachment | None = None,
        seed: app_commands.Range[int, 0, 2**53] | None = None,
        seats: app_commands.Range[int, 1, 100] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        options = await _read_attachment(inputs) if inputs else None
        try:
            made = await create_from_discord(
                bot,
                interaction,
                game=game,
                mentions=players or "",
                role=role,
                bot_name=bots,
                title=title,
                deadlines=deadlines,
                early=early,
                options=options,
                seed=seed,
                seats=seats,
            )
        except HostingError as exc:
            await _answer(interaction, f"No match started: {exc}")
            return
        await _answer(interaction, made, raw=True)
        await bot.pump_after()

    @mm.command(name="status", description="Who has submitted in the open step (never what)")
    @app_commands.check(is_host)
    async def status(interaction: discord.Interaction, match: str | None = None) -> None:
        match_id = await _match(interaction, match)
        ov = await bot.run_db(bot.door.host_overview, match_id)
        await _answer(interaction, await bot.run_db(status_text, bot, ov))

    @mm.command(name="resolve", description="Resolve the open step now (defaults for the missing)")
    @app_commands.check(is_host)
    async def resolve(interaction: discord.Interaction, match: str | None = None) -> None:
        match_id = await _match(interaction, match)
        ov = await bot.run_db(bot.door.host_overview, match_id)
        if ov["status"] != "running":
            raise Refused("The match is over; there is no step to resolve.")
        await _call(
            interaction,
            bot.door.resolve,
            match_id,
            ov["open_step"],
            ok="Step {resolved} resolved.",
        )

    @mm.command(name="undo", description="Take back the last step (confirm with its number)")
    @app_commands.check(is_host)
    async def undo(interaction: discord.Interaction, step: int, match: str | None = None) -> None:
        match_id = await _match(interaction, match)
        await _call(interaction, bot.door.undo, match_id, step, ok="Step {undone} taken back.")

    @mm.command(name="deadline", description="Change a step kind's deadline policy")
    @app_commands.describe(
        kind="the step kind (e.g. round, trades, bids, choose_ec)",
        policy="manual, minutes:N or daily:HH:MM (UTC)",
    )
    @app_commands.check(is_host)
    async def deadline(
        interaction: discord.Interaction, kind: str, policy: str, match: str | None = None
    ) -> None:
        match_id = await _match(interaction, match)
        await _call(
            interaction,
            bot.door.set_deadlines,
            match_id,
            {kind: policy},
            ok=lambda out: (
                "Deadlines now: " + policies_words(games.get(out["game"]), out["deadlines"]) + "."
            ),
        )

    @mm.command(name="seat", description="Give a seat to a bot (a no-show), or back to a member")
    @app_commands.describe(
        player="the seat's player id",
        bot_name="strategy or random",
        user="or: the member who plays it",
    )
    @app_commands.check(is_host)
    async def seat(
        interaction: discord.Interaction,
        player: str,
        bot_name: Literal["strategy", "random"] | None = None,
        user: discord.Member | None = None,
        match: str | None = None,
    ) -> None:
        match_id = await _match(interaction, match)
        if (bot_name is None) == (user is None):
            raise Refused(
                "Give either bot_name (a bot takes the seat) or user (a member takes it)."
            )
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

    @mm.command(name="export", description="The match record as a file (only you see it)")
    @app_commands.check(is_host)
    async def export(interaction: discord.Interaction, match: str | None = None) -> None:
        match_id = await _match(interaction, match, finished=True)
        record = await bot.run_db(bot.door.record, match_id)
        data = json.dumps(record, indent=1).encode()
        await interaction.response.send_message(
            f"The record of match {match_id}.",
            file=discord.File(io.BytesIO(data), filename=f"{match_id}.json"),
            ephemeral=True,
        )

    @mm.command(name="import", description="Continue a match from a record file")
    @app_commands.describe(
        record="a mainmatch-record/1 JSON file", players="members for the seats, in order"
    )
    @app_commands.check(may_create)  # checked after is_host (checks run bottom-up)
    @app_commands.check(is_host)
    async def import_(
        interaction: discord.Interaction,
        record: discord.Attachment,
        players: str = "",
        bots: Literal["strategy", "random"] = "strategy",
        title: str = "",
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await _read_attachment(record)
        try:
            made = await import_from_discord(bot, interaction, data, players, bots, title)
        except HostingError as exc:
            await _answer(interaction, f"Nothing imported: {exc}")
            return
        await _answer(interaction, made, raw=True)
        await bot.pump_after()

    @mm.command(name="rules", description="A game's rules in brief")
    @app_commands.choices(game=choices)
    async def rules(interaction: discord.Interaction, game: str) -> None:
        g = games.get(game)
        # for players: no action JSON, step ids or records (issue 34 item 11)
        parts = tx.chunks(f"## {g.title}\n{tx.players_rules(g.rules_summary())}")
        await interaction.response.send_message(
            parts[0], ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )
        for part in parts[1:10]:
            await interaction.followup.send(part, ephemeral=True)

    @mm.command(name="submit", description="Open your request for the step you must act in")
    async def submit(interaction: discord.Interaction, match: str | None = None) -> None:
        seat = await _own_seat(interaction, match)
        ov = await comp.player_state(bot, seat.match_id, seat.player)
        if ov.get("request") is None:
            await _answer(interaction, comp._closed(ov, ov.get("open_step") or 0))
            return
        made = await comp.prompt_message(bot, seat.match_id, seat.player, ov["open_step"] or 0)
        assert made is not None
        content, view = made
        await replies.send(interaction, tx.neutralise(content), view=view)

    @mm.command(name="view", description="What you know of your match now (only you see it)")
    async def view(interaction: discord.Interaction, match: str | None = None) -> None:
        seat = await _own_seat(interaction, match, finished=True)
        ov = await comp.player_state(bot, seat.match_id, seat.player)
        text = tx.view_text(ov)
        link = await comp.web_link(bot, seat.match_id, seat.player)
        await _answer(interaction, text + (f"\n\nOn the web: {link}" if link else ""))

    @bot.tree.error
    async def on_error(
        interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.CheckFailure):
            await _answer(interaction, str(error) or "You may not use this command here.")
            return
        original = getattr(error, "original", error)
        if isinstance(original, Refused):
            await _answer(interaction, str(original))
            return
        if isinstance(original, (HostError, MainmatchError)):
            await _answer(interaction, str(original))
            return
        if isinstance(original, discord.Forbidden):
            await _answer(
                interaction, f"Discord refused: the bot lacks a permission ({original.text})."
            )
            return
        log.exception("command failed", exc_info=original)
        await _answer(interaction, "Something went wrong; the bot's log has the details.")

    return mm


async def _own_seat(
    interaction: discord.Interaction, match: str | None, *, finished: bool = False
) -> Any:
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
    interaction: discord.Interaction, fn: Any, *args: Any, ok: str | Callable[[dict], str]
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
