"""What the ``/mm season`` commands share (``season.py`` declares them): the
ledger they append to, the caller as an entry's author, players named by id or
mention, amounts typed as ``ann=2 ben=1``, the answer after an entry, and the
work of the longer commands (``new``, ``add-match``, ``link``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import discord
from discord import app_commands

from mainmatch.engine.game import JSONObject
from mainmatch.host.facade_types import HostError, NotFound, Season, SeasonService
from mainmatch.season import render
from mainmatch.season.ledger import Standings
from mainmatch.season.models import Entry

from . import authority
from .cast import cast_id as _cast_id
from .checks import Refused, _answer, _read_attachment
from .hosting import HostingError, members_of, player_id
from .protocol import BotLike


def _author(interaction: discord.Interaction) -> str:
    """Who wrote an entry: the Discord account, by id (names change)."""
    return f"discord:{interaction.user.id}"


def _player(seasons: SeasonService, name: str, given: str) -> str:
    """A cast member named by player id or by mention (their ``discord_id``)."""
    return _cast_id(seasons.get(name), given)


def _amounts(season: Season, text: str, what: str) -> dict[str, int]:
    """``"ann=2 <@id>=1"`` as ``{"ann": 2, ...}``."""
    out: dict[str, int] = {}
    for item in [w for w in re.split(r"[\s,]+", text.strip()) if w]:
        who, eq, n = item.partition("=")
        if not eq or not who or not re.fullmatch(r"-?\d{1,6}", n):
            raise Refused(f"{what}: write PLAYER=N pairs, e.g. ann=2 ben=1 (not {item!r}).")
        out[_cast_id(season, who)] = int(n)
    return out


def _done(entry: Entry, st: Standings | None = None) -> str:
    """The host's confirmation; with the standings after it, what the fold made
    of the entry too (a Death Match's loser saved by a Token of Life, or out)."""
    text = render.entry_line(entry.number, entry.body, st) if st else render.entry_text(entry.body)
    return f"Entry {entry.number}: {text}"


@dataclass(frozen=True)
class _Ledger:
    """What every ``/mm season`` command uses: the bot and its seasons."""

    bot: BotLike
    seasons: SeasonService

    async def append(
        self, interaction: discord.Interaction, name: str, body: JSONObject, reason: str
    ) -> None:
        """Append ``body`` and answer the host with the entry and the standings after it."""
        seasons = self.seasons
        entry = await self.bot.run_db(
            lambda: seasons.append(name, body, author=_author(interaction), reason=reason)
        )
        after: Season = await self.bot.run_db(seasons.get, name)
        await _answer(interaction, _done(entry, after.standings))

    async def season_of(self, name: str) -> Season:
        season: Season = await self.bot.run_db(self.seasons.get, name)
        return season


async def start_season(
    c: _Ledger,
    interaction: discord.Interaction,
    name: str,
    cast: str = "",
    role: discord.Role | None = None,
    garnets: app_commands.Range[int, 0, 1000] = 0,
    token_saves: bool = True,
) -> None:
    """``/mm season new``: a season of this server with the cast named (mentions or a role)."""
    bot, seasons = c.bot, c.seasons
    assert interaction.guild is not None
    guild_id = interaction.guild.id
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
            token_of_life_saves=token_saves,
            guild=guild_id,
        )
    )
    who = ", ".join(f"{m.mention} ({p})" for p, m in zip(ids, members, strict=True))
    await _answer(
        interaction,
        f"Season {settings.name} started: {who}; {garnets} garnets each. "
        f"Host token for its web page (keep it secret): `{token}`",
        raw=True,
    )


async def enter_match(
    c: _Ledger,
    interaction: discord.Interaction,
    name: str,
    match: str | None = None,
    record: discord.Attachment | None = None,
    reason: str = "",
) -> None:
    """``/mm season add-match``: a finished match of this server (entered as hosted), or a record."""
    bot, seasons = c.bot, c.seasons
    assert interaction.guild is not None
    if (match is None) == (record is None):
        raise Refused("Give either match (a match of this server) or record (a file).")
    if match is not None:
        ids = await bot.run_db(bot.door.guild_matches, interaction.guild.id, running=False)
        if match not in ids:
            raise Refused(f"No match {match!r} on this server.")
        try:  # the season's owner's match: entered as hosted, linked on the season page
            entry = await bot.run_db(
                lambda: seasons.add_match(name, match, author=_author(interaction), reason=reason)
            )
            await _answer(interaction, _done(entry))
            return
        except NotFound:  # a season linked here from elsewhere: as a record
            data = await bot.run_db(bot.door.record, match)
    else:
        assert record is not None
        data = await _read_attachment(record)
    entry = await bot.run_db(
        lambda: seasons.add_record(
            name, data, author=_author(interaction), reason=reason or (match or "")
        )
    )
    await _answer(interaction, _done(entry))


async def link_season(
    c: _Ledger,
    interaction: discord.Interaction,
    name: str,
    token: str,
) -> None:
    """``/mm season link``: reach a season made elsewhere with its host token (a wrong one costs a guess)."""
    bot, seasons = c.bot, c.seasons
    assert interaction.guild is not None
    guild = interaction.guild.id
    too_many = await bot.run_db(authority.guesses_left, bot.door.db, guild)
    if too_many:
        raise Refused(f"Not linked: {too_many}.")
    try:
        added = await bot.run_db(seasons.link_guild, name, guild, token.strip())
    except HostError:
        # the same line for a wrong token and an unknown name: nothing to learn by trying
        await bot.run_db(authority.wrong_guess, bot.door.db, guild)
        raise Refused(f"Not linked: no season {name} with this host token.") from None
    await _answer(
        interaction,
        f"Season {name} "
        + ("is now reachable on this server." if added else "was already reachable here."),
    )
