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
import re
from typing import Any, Literal

import discord
from discord import app_commands

from mainmatch.engine.game import JSONObject
from mainmatch.host.facade import season_visibility
from mainmatch.host.facade_types import HostError, NotFound, Season, SeasonService
from mainmatch.season import render
from mainmatch.season.ledger import Standings
from mainmatch.season.models import Entry

from . import authority, season_match
from . import text as tx
from .cast import cast_id as _cast_id
from .cast import cast_players as _players
from .commands import Refused, _answer, _read_attachment, is_host, may_create
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


def group(bot: BotLike) -> app_commands.Group:
    """The ``season`` subgroup of ``/mm`` (see :func:`attach`)."""
    seasons = bot.door.seasons
    # a hosted match of a season enters its result when it ends (reads retry it too)
    bot.door.on_commit(lambda notice: seasons.match_changed(notice.match_id))
    sg = app_commands.Group(name="season", description="Keep an ORG season's ledger")

    async def append(
        interaction: discord.Interaction, name: str, body: JSONObject, reason: str
    ) -> None:
        entry = await bot.run_db(
            lambda: seasons.append(name, body, author=_author(interaction), reason=reason)
        )
        after: Season = await bot.run_db(seasons.get, name)
        await _answer(interaction, _done(entry, after.standings))

    async def season_of(name: str) -> Season:
        season: Season = await bot.run_db(seasons.get, name)
        return season

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
        assert interaction.guild is not None
        if (match is None) == (record is None):
            raise Refused("Give either match (a match of this server) or record (a file).")
        if match is not None:
            ids = await bot.run_db(bot.door.guild_matches, interaction.guild.id, running=False)
            if match not in ids:
                raise Refused(f"No match {match!r} on this server.")
            try:  # the season's owner's match: entered as hosted, linked on the season page
                entry = await bot.run_db(
                    lambda: seasons.add_match(
                        name, match, author=_author(interaction), reason=reason
                    )
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

    @sg.command(name="link", description="Reach a season made elsewhere here, with its host token")
    @app_commands.describe(
        name="the season's name",
        token="the season's host token (given when it was made; kept secret)",
    )
    @app_commands.check(is_host)
    async def link(interaction: discord.Interaction, name: str, token: str) -> None:
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

    season_match.attach(sg, bot, seasons)

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
    return sg


#: the commands that check the season's name themselves (a new one; a link with a token)
OWN_CHECK = ("new", "link")


def attach(mm: app_commands.Group, bot: BotLike) -> app_commands.Group:
    """``mm`` with the ``season`` subgroup added (``/mm season ...``)."""
    mm.add_command(group(bot))
    return mm
