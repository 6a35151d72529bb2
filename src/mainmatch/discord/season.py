"""``/mm season ...``: the season ledger on Discord, over :class:`SeasonService`.

The same service as the web page and ``mainmatch season`` (one database), so
every entry is checked by the season's rules and a refused one changes
nothing (issue 13). ``standings`` is for anyone and posts the standings as
Discord Markdown in the channel (names escaped by ``season.render``, and no
message pings: ``allowed_mentions`` is none); ``new``, ``adjust`` and
``add-match`` need the server's host role, like the other host commands, and
answer only the host (ephemeral). Errors are one line, ephemeral.

Seasons are named across the whole database, as on the CLI and the web: a
Discord server reaches a season by its name.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from mainmatch.host.season_service import SeasonService
from mainmatch.season import render

from . import text as tx
from .commands import Refused, _answer, _read_attachment, is_host
from .hosting import HostingError, members_of, player_id
from .protocol import BotLike

_MENTION = re.compile(r"<@!?(\d{15,21})>")


def _author(interaction: discord.Interaction) -> str:
    """Who wrote an entry: the Discord account, by id (names change)."""
    return f"discord:{interaction.user.id}"


def _player(seasons: SeasonService, name: str, given: str) -> str:
    """A cast member named by player id or by mention (their ``discord_id``)."""
    season = seasons.get(name)
    found = _MENTION.fullmatch(given.strip())
    if found:
        uid = int(found.group(1))
        for c in season.settings.cast:
            if c.discord_id == uid:
                return c.id
        raise Refused(f"<@{uid}> is not in the cast of season {name}.")
    return given.strip()


def group(bot: BotLike) -> app_commands.Group:
    """The ``season`` subgroup of ``/mm`` (see :func:`attach`)."""
    seasons = SeasonService(bot.database, bot.service)
    sg = app_commands.Group(name="season", description="Keep an ORG season's ledger")

    @sg.command(name="standings", description="Post a season's standings here")
    @app_commands.describe(name="the season's name")
    async def standings(interaction: discord.Interaction, name: str) -> None:
        season = await bot.run_db(seasons.get, name)
        parts = tx.chunks(render.markdown(season.standings))
        none = discord.AllowedMentions.none()
        await interaction.response.send_message(parts[0], allowed_mentions=none)
        for part in parts[1:10]:
            await interaction.followup.send(part, allowed_mentions=none)

    @sg.command(name="new", description="Start a season: its cast as mentions or a role")
    @app_commands.describe(
        name="the season's name (letters, digits, - _ .)",
        cast="the cast as mentions (@a @b ...), in gamewide-tiebreak order",
        role="or: everyone with this role is in the cast",
        garnets="garnets each player starts with",
    )
    @app_commands.check(is_host)
    async def new(
        interaction: discord.Interaction,
        name: str,
        cast: str = "",
        role: discord.Role | None = None,
        garnets: app_commands.Range[int, 0, 1000] = 0,
    ) -> None:
        assert interaction.guild is not None
        try:
            members = await members_of(interaction.guild, cast, role)
        except HostingError as exc:
            raise Refused(f"No season started: {exc}") from None
        if len(members) < 2:
            raise Refused("No season started: name at least two members (cast or role).")
        taken: set[str] = set()
        ids = [player_id(m.display_name, taken) for m in members]
        settings, token = await bot.run_db(
            lambda: seasons.create(
                name,
                ids,
                names={p: m.display_name[:60] for p, m in zip(ids, members, strict=True)},
                discord_ids={p: m.id for p, m in zip(ids, members, strict=True)},
                starting_garnets=garnets,
            )
        )
        who = ", ".join(f"{m.mention} ({p})" for p, m in zip(ids, members, strict=True))
        await _answer(
            interaction,
            f"Season {settings.name} started: {who}; {garnets} garnets each. "
            f"Host token for its web page (keep it secret): `{token}`",
            raw=True,
        )

    @sg.command(name="adjust", description="A host adjustment of a player's garnets or ToL")
    @app_commands.describe(
        name="the season's name",
        player="the player's id, or their mention",
        garnets="change in garnets (may be negative)",
        tokens_of_life="change in Tokens of Life (may be negative)",
        reason="why (kept in the ledger)",
    )
    @app_commands.check(is_host)
    async def adjust(
        interaction: discord.Interaction,
        name: str,
        player: str,
        reason: str,
        garnets: app_commands.Range[int, -1000, 1000] = 0,
        tokens_of_life: app_commands.Range[int, -100, 100] = 0,
    ) -> None:
        pid = await bot.run_db(_player, seasons, name, player)
        body: dict[str, Any] = {
            "kind": "adjust",
            "player": pid,
            "garnets": garnets,
            "tokens_of_life": tokens_of_life,
        }
        entry = await bot.run_db(
            lambda: seasons.append(name, body, author=_author(interaction), reason=reason)
        )
        await _answer(interaction, f"Entry {entry.number}: {render.entry_text(entry.body)}")

    @sg.command(name="add-match", description="Enter a finished match (this server's, or a record)")
    @app_commands.describe(
        name="the season's name",
        match="a finished match of this server, by id",
        record="or: a finished mainmatch-record/1 JSON file",
        reason="a note kept in the ledger",
    )
    @app_commands.check(is_host)
    async def add_match(
        interaction: discord.Interaction,
        name: str,
        match: str | None = None,
        record: discord.Attachment | None = None,
        reason: str = "",
    ) -> None:
        assert interaction.guild is not None
        if (match is None) == (record is None):
            raise Refused("Give either match (a match of this server) or record (a file).")
        if match is not None:
            ids = await bot.run_db(bot.store.guild_matches, interaction.guild.id, running=False)
            if match not in ids:
                raise Refused(f"No match {match!r} on this server.")
            data = await bot.run_db(bot.service.record, match)
        else:
            assert record is not None
            data = await _read_attachment(record)
        entry = await bot.run_db(
            lambda: seasons.add_record(
                name, data, author=_author(interaction), reason=reason or (match or "")
            )
        )
        await _answer(interaction, f"Entry {entry.number}: {render.entry_text(entry.body)}")

    return sg


def attach(mm: app_commands.Group, bot: BotLike) -> app_commands.Group:
    """``mm`` with the ``season`` subgroup added (``/mm season ...``)."""
    mm.add_command(group(bot))
    return mm
