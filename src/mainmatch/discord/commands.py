"""The ``/mm`` slash commands: set-up, hosting, and the player's own commands.

``/mm setup`` needs Manage Server; the host commands need the server's host
role (``/mm setup``); ``/mm submit`` and ``/mm view`` answer only about the
caller's own seat. Every answer about a match in progress is ephemeral;
refusals are one line saying what is needed. The checks and answers are in
``checks.py``; the longer commands' work in ``command_actions.py``.
"""

from __future__ import annotations

import io
import json
import logging
from typing import Literal

import discord
from discord import app_commands

from mainmatch import games
from mainmatch.engine.errors import MainmatchError
from mainmatch.host.facade import policies_words
from mainmatch.host.facade_types import HostError

from . import components as comp
from . import replies
from . import text as tx
from .checks import (
    Refused,
    _answer,
    _call,
    _match,
    _own_seat,
    _read_attachment,
    game_choices,
    is_host,
    manages_server,
    may_create,
)
from .command_actions import give_seat, set_up_server, status_text
from .hosting import HostingError, create_from_discord, import_from_discord
from .protocol import BotLike

log = logging.getLogger("mainmatch.discord")


def group(bot: BotLike) -> app_commands.Group:
    """The ``/mm`` group of ``bot``: its commands in the order Discord lists them,
    and the handler that turns a refusal or failure into one line."""
    choices = game_choices()
    mm = app_commands.Group(
        name="mm", description="Host and play Main Match games", guild_only=True
    )
    _start_commands(mm, bot, choices)
    _host_commands(mm, bot)
    _record_and_player_commands(mm, bot, choices)
    _error_handler(bot)
    return mm


def _start_commands(
    mm: app_commands.Group, bot: BotLike, choices: list[app_commands.Choice[str]]
) -> None:
    """``/mm setup`` (Manage Server) and ``/mm new`` (the host role, a server with authority)."""

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
        await set_up_server(
            bot, interaction, host_role, channel, private, category, remind_minutes, web_base, key
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


def _host_commands(mm: app_commands.Group, bot: BotLike) -> None:
    """The host's commands on a match: status, resolve, undo, deadline, seat, export."""

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
        await give_seat(bot, interaction, player, bot_name, user, match)

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


def _record_and_player_commands(
    mm: app_commands.Group, bot: BotLike, choices: list[app_commands.Choice[str]]
) -> None:
    """``/mm import`` (a record), and everyone's ``/mm rules``, ``/mm submit``, ``/mm view``."""

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


def _error_handler(bot: BotLike) -> None:
    """A refusal, a service error or a missing permission as one line; anything else logged."""

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
