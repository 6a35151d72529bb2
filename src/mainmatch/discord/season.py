"""``/mm season ...``: the season ledger on Discord, over :class:`SeasonService`.

The same service as the web page and ``mainmatch season`` (one database), so
every entry is checked by the season's rules and a refused one changes
nothing (issue 13). ``standings`` is for anyone and posts the standings as
Discord Markdown in the channel (names escaped by ``season.render``, and no
message pings: ``allowed_mentions`` is none); ``export`` gives anyone the
ledger (JSON) and the standings (CSV) as files, privately. The entries
(``new``, ``adjust``, ``result``, ``death-match``, ``use-token``, ``give``,
``tiebreak``, ``undo``, ``add-match``) and ``new-match`` (``season_match``)
need the server's host role, like the other host commands, and answer only
the host (ephemeral). Players are named by id or by mention. Errors are one
line, ephemeral.

A season belongs to where it was made (issue 26, H1): ``new`` makes it this
server's (and, like creating one on the web, needs the server's admin key:
``commands.may_create``); every other command, and the name autocomplete,
reach only the seasons of this server: its own and those a host linked with
``link`` and the season's host token (a web season, or another server's). A
season of another server answers as if it did not exist.
"""

from __future__ import annotations

import io
import json
from typing import Literal

import discord
from discord import app_commands

from mainmatch.engine.game import JSONObject
from mainmatch.host.facade import season_visibility
from mainmatch.host.facade_types import HostError
from mainmatch.season import render

from . import season_match
from . import text as tx
from .cast import cast_id as _cast_id
from .cast import cast_players as _players
from .checks import Refused, _answer, is_host, may_create
from .protocol import BotLike
from .season_ledger import (
    _amounts,
    _author,
    _Ledger,
    _player,
    enter_match,
    link_season,
    start_season,
)


def group(bot: BotLike) -> app_commands.Group:
    """The ``season`` subgroup of ``/mm`` (see :func:`attach`)."""
    seasons = bot.door.seasons
    # a hosted match of a season enters its result when it ends (reads retry it too)
    bot.door.on_commit(lambda notice: seasons.match_changed(notice.match_id))
    sg = app_commands.Group(name="season", description="Keep an ORG season's ledger")
    c = _Ledger(bot, seasons)
    _read_and_start(sg, c)
    _entry_commands(sg, c)
    _more_entry_commands(sg, c)
    _file_commands(sg, c)
    _reach_commands(sg, c)
    season_match.attach(sg, bot, seasons)
    _name_checks(sg, c)
    return sg


def _read_and_start(sg: app_commands.Group, c: _Ledger) -> None:
    """``standings`` (anyone) and ``new``."""
    bot, seasons = c.bot, c.seasons

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
        token_saves="a Token of Life saves a Death Match loser who holds one (default yes)",
    )
    @app_commands.check(may_create)
    @app_commands.check(is_host)
    async def new(
        interaction: discord.Interaction,
        name: str,
        cast: str = "",
        role: discord.Role | None = None,
        garnets: app_commands.Range[int, 0, 1000] = 0,
        token_saves: bool = True,
    ) -> None:
        await start_season(c, interaction, name, cast, role, garnets, token_saves)


def _entry_commands(sg: app_commands.Group, c: _Ledger) -> None:
    """Entries of matches played elsewhere and host adjustments: ``adjust``,
    ``result``, ``death-match``."""
    bot, seasons, append, season_of = c.bot, c.seasons, c.append, c.season_of

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
        body: JSONObject = {
            "kind": "adjust",
            "player": pid,
            "garnets": garnets,
            "tokens_of_life": tokens_of_life,
        }
        await append(interaction, name, body, reason)

    @sg.command(name="result", description="Type in a Main Match played elsewhere")
    @app_commands.describe(
        name="the season's name",
        players="who played: ids or mentions",
        winners="who won: ids or mentions",
        ec="the Elimination Candidate",
        garnets="garnets awarded, e.g. ann=2 ben=1",
        spent="garnets spent in the match, e.g. cal=1",
        tokens_of_life="Tokens of Life awarded, e.g. ann=1",
        game="what was played",
        reason="a note kept in the ledger",
    )
    @app_commands.check(is_host)
    async def result(
        interaction: discord.Interaction,
        name: str,
        players: str,
        winners: str = "",
        ec: str = "",
        garnets: str = "",
        spent: str = "",
        tokens_of_life: str = "",
        game: app_commands.Range[str, 0, 40] = "",
        reason: app_commands.Range[str, 0, 500] = "",
    ) -> None:
        season = await season_of(name)
        body = {
            "kind": "main_match",
            "game": game or None,
            "players": _players(season, players),
            "winners": _players(season, winners),
            "elimination_candidate": _cast_id(season, ec) if ec.strip() else None,
            "garnets": _amounts(season, garnets, "garnets"),
            "garnets_spent": _amounts(season, spent, "spent"),
            "tokens_of_life": _amounts(season, tokens_of_life, "tokens_of_life"),
        }
        await append(interaction, name, body, reason)

    @sg.command(name="death-match", description="A Death Match: the loser is eliminated")
    @app_commands.describe(
        name="the season's name",
        ec="the Elimination Candidate",
        opponent="whom the EC chose",
        winner="who won (the EC or the opponent)",
        game="the Death Match played",
        reason="a note kept in the ledger",
    )
    @app_commands.check(is_host)
    async def death_match(
        interaction: discord.Interaction,
        name: str,
        ec: str,
        opponent: str,
        winner: str,
        game: app_commands.Range[str, 0, 80] = "",
        reason: app_commands.Range[str, 0, 500] = "",
    ) -> None:
        season = await season_of(name)
        body = {
            "kind": "death_match",
            "ec": _cast_id(season, ec),
            "opponent": _cast_id(season, opponent),
            "winner": _cast_id(season, winner),
            "game": game,
        }
        await append(interaction, name, body, reason)


def _more_entry_commands(sg: app_commands.Group, c: _Ledger) -> None:
    """``use-token``, ``give``, ``tiebreak`` and ``undo``."""
    bot, seasons, append, season_of = c.bot, c.seasons, c.append, c.season_of

    @sg.command(name="use-token", description="A player uses Tokens of Life")
    @app_commands.describe(name="the season's name", player="id or mention", count="how many")
    @app_commands.check(is_host)
    async def use_token(
        interaction: discord.Interaction,
        name: str,
        player: str,
        count: app_commands.Range[int, 1, 100] = 1,
        reason: app_commands.Range[str, 0, 500] = "",
    ) -> None:
        pid = _cast_id(await season_of(name), player)
        await append(
            interaction, name, {"kind": "token_used", "player": pid, "count": count}, reason
        )

    @sg.command(name="give", description="Garnets or Tokens of Life given, or traded")
    @app_commands.describe(
        name="the season's name",
        giver="who gives (id or mention)",
        receiver="who receives (id or mention)",
        garnets="garnets the giver gives",
        tokens_of_life="Tokens of Life the giver gives",
        in_return_garnets="a trade: garnets the receiver gives back",
        in_return_tokens_of_life="a trade: Tokens of Life the receiver gives back",
    )
    @app_commands.check(is_host)
    async def give(
        interaction: discord.Interaction,
        name: str,
        giver: str,
        receiver: str,
        garnets: app_commands.Range[int, 0, 1000] = 0,
        tokens_of_life: app_commands.Range[int, 0, 100] = 0,
        in_return_garnets: app_commands.Range[int, 0, 1000] = 0,
        in_return_tokens_of_life: app_commands.Range[int, 0, 100] = 0,
        reason: app_commands.Range[str, 0, 500] = "",
    ) -> None:
        season = await season_of(name)
        body = {
            "kind": "transfer",
            "giver": _cast_id(season, giver),
            "receiver": _cast_id(season, receiver),
            "garnets": garnets,
            "tokens_of_life": tokens_of_life,
            "in_return_garnets": in_return_garnets,
            "in_return_tokens_of_life": in_return_tokens_of_life,
        }
        await append(interaction, name, body, reason)

    @sg.command(name="tiebreak", description="Set the ORG-wide gamewide tiebreak")
    @app_commands.describe(name="the season's name", order="every cast member, best first")
    @app_commands.check(is_host)
    async def tiebreak(
        interaction: discord.Interaction,
        name: str,
        order: str,
        reason: app_commands.Range[str, 0, 500] = "",
    ) -> None:
        body = {"kind": "tiebreak", "order": _players(await season_of(name), order)}
        await append(interaction, name, body, reason)

    @sg.command(name="undo", description="Undo the last entry (confirm with its number)")
    @app_commands.describe(name="the season's name", entry="the number of the last entry")
    @app_commands.check(is_host)
    async def undo(
        interaction: discord.Interaction,
        name: str,
        entry: app_commands.Range[int, 1, 1_000_000],
        reason: app_commands.Range[str, 0, 500] = "",
    ) -> None:
        made = await bot.run_db(
            lambda: seasons.undo(name, author=_author(interaction), reason=reason, target=entry)
        )
        await _answer(interaction, f"Entry {made.number}: entry {entry} undone.")


def _file_commands(sg: app_commands.Group, c: _Ledger) -> None:
    """``export`` (anyone, privately) and ``add-match``."""
    bot, seasons, season_of = c.bot, c.seasons, c.season_of

    @sg.command(name="export", description="The ledger (JSON) and standings (CSV), to you only")
    @app_commands.describe(name="the season's name")
    async def export(interaction: discord.Interaction, name: str) -> None:
        doc = await bot.run_db(seasons.export, name)
        season = await season_of(name)
        files = [
            discord.File(
                io.BytesIO(json.dumps(doc, indent=1, ensure_ascii=False).encode()),
                filename=f"{season.name}.season.json",
            ),
            discord.File(
                io.BytesIO(render.csv_text(season.standings).encode()),
                filename=f"{season.name}-standings.csv",
            ),
        ]
        await _answer(interaction, f"Season {season.name}: ledger and standings.", files=files)

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
        await enter_match(c, interaction, name, match, record, reason)


def _reach_commands(sg: app_commands.Group, c: _Ledger) -> None:
    """``link`` and ``visibility``: who reaches the season, here and on the web."""
    bot = c.bot

    @sg.command(name="link", description="Reach a season made elsewhere here, with its host token")
    @app_commands.describe(
        name="the season's name",
        token="the season's host token (given when it was made; kept secret)",
    )
    @app_commands.check(is_host)
    async def link(interaction: discord.Interaction, name: str, token: str) -> None:
        await link_season(c, interaction, name, token)

    @sg.command(name="visibility", description="Who may read the season on the web")
    @app_commands.describe(
        name="the season's name",
        choice="public: anyone with the address; private: the host token or admin key only",
    )
    @app_commands.check(is_host)
    async def visibility(
        interaction: discord.Interaction, name: str, choice: Literal["public", "private"]
    ) -> None:
        done = await bot.run_db(season_visibility.set_visibility, bot.door.db, name, choice)
        await _answer(interaction, f"Season {name} is now {done} on the web.")


def _name_checks(sg: app_commands.Group, c: _Ledger) -> None:
    """Every command about a named season reaches only this server's seasons, and
    its name autocompletes among them."""
    bot, seasons = c.bot, c.seasons

    async def this_servers(interaction: discord.Interaction) -> bool:
        """Every command about a named season: only this server's seasons (H1)."""
        if interaction.guild is None:
            raise Refused("Use this command in a server, not in DMs.")
        name = str(getattr(interaction.namespace, "name", "") or "")
        try:
            await bot.run_db(seasons.check_guild, name, interaction.guild.id)
        except HostError as exc:  # a check's failure is answered as one line
            raise Refused(str(exc)) from None
        return True

    async def season_names(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """This server's seasons whose name contains what is typed (Discord shows 25 at most)."""
        if interaction.guild is None:
            return []
        guild_id = interaction.guild.id
        names = await bot.run_db(lambda: seasons.names(guild=guild_id))
        typed = current.strip().lower()
        return [app_commands.Choice(name=n, value=n) for n in names if typed in n.lower()][:25]

    for cmd in sg.walk_commands():
        if isinstance(cmd, app_commands.Command) and cmd.name not in OWN_CHECK:
            cmd.autocomplete("name")(season_names)
            cmd.add_check(this_servers)


#: the commands that check the season's name themselves (a new one; a link with a token)
OWN_CHECK = ("new", "link")


def attach(mm: app_commands.Group, bot: BotLike) -> app_commands.Group:
    """``mm`` with the ``season`` subgroup added (``/mm season ...``)."""
    mm.add_command(group(bot))
    return mm
