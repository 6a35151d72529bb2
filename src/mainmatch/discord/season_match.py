"""``/mm season new-match``: the season's next Main Match, hosted on Discord.

The players are the alive cast (or the ones the host names; a clear error
when the game takes another number), ``garnets`` come from the ledger and
``gamewide_tiebreak`` from the season (:meth:`SeasonService.new_match`, the
same as the web page and ``mainmatch season new-match``). Each seat is the
cast member's own Discord account (``discord_id``, kept by ``/mm season
new``): a cast member without one, or who left the server, is named and no
match starts. ``bots`` names the seats a bot plays instead (``season_bots``),
people and bots seat by seat. Seating, private channels and announcements are those of
``/mm new``; when the match ends, its result enters the ledger once.
"""

from __future__ import annotations

import discord
from discord import app_commands

from mainmatch import games
from mainmatch.engine.errors import MainmatchError
from mainmatch.host.facade_types import HostError, Season, SeasonService

from .cast import cast_players
from .checks import _answer, _setup_of, game_choices, is_host, may_create
from .hosting import (
    HostingError,
    _drop_channels,
    _seat_and_subscribe,
    _summary,
    member_by_id,
    parse_deadlines,
    private_channels,
)
from .protocol import BotLike
from .season_bots import seat_bots


async def members_of_cast(
    guild: discord.Guild, season: Season, players: list[str]
) -> dict[str, discord.Member]:
    """The Discord member of each chosen cast member, in order."""
    cast = {c.id: c for c in season.settings.cast}
    out: dict[str, discord.Member] = {}
    for p in players:
        c = cast.get(p)
        if c is None:
            raise HostingError(f"{p} is not in the cast of season {season.name}")
        if c.discord_id is None:
            raise HostingError(
                f"{p} has no Discord account in season {season.name}; host this match on the "
                "web page (or with mainmatch season new-match)"
            )
        out[p] = await member_by_id(guild, c.discord_id, p)
    return out


def attach(sg: app_commands.Group, bot: BotLike, seasons: SeasonService) -> None:
    """Add ``new-match`` to the ``/mm season`` group."""

    @sg.command(name="new-match", description="Host the season's next Main Match here")
    @app_commands.describe(
        name="the season's name",
        game="the game",
        players="who plays (ids or mentions); default: the alive cast",
        title="a title for the announcements (default: the season and episode)",
        deadlines="deadline policies, e.g. round=minutes:1440 (default: the seed's)",
        early="resolve as soon as everyone has submitted (default yes)",
        seed="a seed for the game's chance (optional)",
        bots="seats a bot plays: ids or mentions, each alone or as SEAT=BOT (e.g. ann2 ann3=random)",
    )
    @app_commands.choices(game=game_choices())
    @app_commands.check(may_create)  # a new match (checked after is_host)
    @app_commands.check(is_host)
    async def new_match(
        interaction: discord.Interaction,
        name: str,
        game: str,
        players: str = "",
        title: app_commands.Range[str, 0, 200] = "",
        deadlines: str = "",
        early: bool = True,
        seed: app_commands.Range[int, 0, 2**53] | None = None,
        bots: app_commands.Range[str, 0, 1000] = "",
    ) -> None:
        guild = interaction.guild
        assert guild is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        setup = await _setup_of(interaction)  # set up: is_host checked it
        season: Season = await bot.run_db(seasons.get, name)
        chosen = cast_players(season, players) if players.strip() else season.standings.alive
        channels: dict[str, int] = {}
        try:
            policies = parse_deadlines(deadlines)
            robots = seat_bots(bots, game, chosen, season)
            humans = await members_of_cast(guild, season, [p for p in chosen if p not in robots])
            # the season's own checks first (who is alive, how many): nothing made yet
            await bot.run_db(season.standings.next_inputs, chosen)
            g = games.get(game)
            why = g.takes_players(len(chosen))
            if why is not None:
                alive = season.standings.alive
                raise HostingError(
                    f"{why}; name {g.players_text()} of the {len(alive)} alive "
                    f"({', '.join(alive)}) in players"
                )
            channels = await private_channels(guild, setup, game, humans)
            made = await bot.run_db(
                lambda: seasons.new_match(
                    name,
                    game,
                    chosen if players.strip() else None,
                    seed=seed,
                    deadlines=policies,
                    early_resolution=early,
                    bots=robots,
                    **({"title": title} if title else {}),
                )
            )
        except (HostingError, HostError, MainmatchError) as exc:
            await _drop_channels(guild, channels)
            await _answer(interaction, f"No match started: {exc}")
            return
        await _seat_and_subscribe(bot, interaction, setup, made, humans, channels, chosen)
        await _answer(interaction, _summary(made, g.title, humans, robots), raw=True)
        await bot.pump_after()
