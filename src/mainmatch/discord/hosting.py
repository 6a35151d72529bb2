"""``/mm new`` and ``/mm import``: members to seats, private places, the match.

Players are the mentioned members (or a role's members) in the order given;
the seats left over go to bots. A member's player id is their display name
in lower-case letters, digits and ``_`` (at most 16 characters, made unique
with a number): host inputs that name players (teams, garnets) use these ids.
With ``private: channels`` each player gets a text channel under the
server's category that only they and the bot can read, made before the
match so a missing permission stops everything before anything is stored.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from mainmatch import games
from mainmatch.bots import bot_names
from mainmatch.engine.errors import MainmatchError, UnknownGame
from mainmatch.engine.game import Game, JSONObject, State
from mainmatch.host.facade_types import Created, GuildSetup, HostError, PolicyError, Seat

from . import text as tx
from .protocol import BotLike

_MENTION = re.compile(r"<@!?(\d{5,25})>")


class HostingError(Exception):
    """Why a match could not be started, in one line for the host."""


def player_id(name: str, taken: set[str]) -> str:
    """A member's player id: their name in ``[a-z0-9_]``, unique in the match.

    >>> player_id("Ann @everyone!", {"ann_everyone"})
    'ann_everyone2'
    """
    base = re.sub(r"[^a-z0-9_]+", "_", name.lower()).strip("_")[:16] or "player"
    pid, n = base, 1
    while pid in taken:
        n += 1
        pid = f"{base[:14]}{n}"
    taken.add(pid)
    return pid


def parse_deadlines(text: str) -> dict[str, str] | None:
    """``"round=minutes:60 choose_ec=manual"`` -> ``{"round": "minutes:60", ...}``."""
    text = text.strip()
    if not text:
        return None
    out = {}
    for word in text.replace(",", " ").split():
        kind, sep, policy = word.partition("=")
        if not sep:
            raise HostingError(
                f"deadlines: write KIND=POLICY (e.g. round=minutes:60), not {word!r}"
            )
        out[kind] = policy
    return out


async def member_by_id(guild: discord.Guild, uid: int, name: str = "") -> discord.Member:
    """The member with Discord id ``uid`` (from the cache, else asked of Discord)."""
    member = guild.get_member(uid)
    if member is None:
        try:
            member = await guild.fetch_member(uid)
        except discord.NotFound:
            who = name or f"<@{uid}>"
            raise HostingError(f"{who} is not a member of this server (any more)") from None
    return member


async def members_of(
    guild: discord.Guild, mentions: str, role: discord.Role | None
) -> list[discord.Member]:
    """The members named, in order, then the role's members; no bots, no repeats."""
    out = [await member_by_id(guild, int(uid)) for uid in _MENTION.findall(mentions)]
    if role is not None:
        out.extend(sorted(role.members, key=lambda m: m.id))
    seen: set[int] = set()
    unique = []
    for m in out:
        if m.bot:
            raise HostingError(f"{m.display_name} is a bot account; bots play with the bots option")
        if m.id not in seen:
            seen.add(m.id)
            unique.append(m)
    return unique


#: what the bot needs where (issue 12: "say which permission, in which channel")
POST_NEEDS = (
    ("view_channel", "View Channels"),
    ("send_messages", "Send Messages"),
    ("read_message_history", "Read Message History"),
)
CATEGORY_NEEDS = (
    *POST_NEEDS,
    ("manage_channels", "Manage Channels"),
    ("manage_roles", "Manage Roles"),
)


def missing_permissions(
    place: discord.abc.GuildChannel, me: discord.Member, needs: tuple[tuple[str, str], ...]
) -> list[str]:
    """The names of the permissions in ``needs`` that ``me`` lacks in ``place``."""
    have = place.permissions_for(me)
    return [name for flag, name in needs if not getattr(have, flag)]


async def private_channels(
    guild: discord.Guild, setup: GuildSetup, game_id: str, players: dict[str, discord.Member]
) -> dict[str, int]:
    """One channel per player that only they and the bot can read."""
    if setup.private != "channels":
        return {}
    category = guild.get_channel(setup.category_id or 0)
    if not isinstance(category, discord.CategoryChannel):
        raise HostingError("the category of /mm setup no longer exists; run /mm setup again")
    me = guild.me
    missing = missing_permissions(category, me, CATEGORY_NEEDS)
    if missing:  # say so before making anything
        raise HostingError(
            f"I need the {', '.join(missing)} permission{'s' if len(missing) > 1 else ''} "
            f"in the category {category.name} to make the players' private channels"
        )
    made: dict[str, int] = {}
    for pid, member in players.items():
        overwrites: dict[
            discord.Role | discord.Member | discord.Object, discord.PermissionOverwrite
        ] = {
            guild.default_role: discord.PermissionOverwrite(view_channel=False),
            member: discord.PermissionOverwrite(
                view_channel=True, send_messages=True, read_message_history=True
            ),
            me: discord.PermissionOverwrite(
                view_channel=True, send_messages=True, read_message_history=True
            ),
        }
        try:
            ch = await guild.create_text_channel(
                f"{game_id}-{pid}"[:90], category=category, overwrites=overwrites
            )
        except discord.Forbidden:
            await _drop_channels(guild, made)
            raise HostingError(
                f"I need the Manage Channels and Manage Roles permissions in the category "
                f"{category.name} to make the players' private channels"
            ) from None
        made[pid] = ch.id
    return made


async def _seat_and_subscribe(
    bot: BotLike,
    interaction: discord.Interaction,
    setup: GuildSetup,
    made: Created,
    humans: dict[str, discord.Member],
    channels: dict[str, int],
    all_players: list[str],
) -> None:
    assert interaction.guild is not None
    seats = [
        Seat(
            made.match_id,
            p,
            humans[p].id if p in humans else None,
            channels.get(p),
        )
        for p in all_players
    ]
    await bot.run_db(
        bot.door.link_match,
        made.match_id,
        interaction.guild.id,
        setup.channel_id,
        interaction.user.id,
        seats,
    )

    def subscribe() -> None:
        for _ in range(20):
            if bot.door.subscribe_match(made.match_id):
                return  # else a bot resolved a step meanwhile: read again
        raise HostingError(
            f"match {made.match_id} started, but its bots kept moving while its announcements "
            "were being set up; run /mm new again"
        )

    await bot.run_db(subscribe)


def _summary(
    made: Created, game_title: str, humans: dict[str, discord.Member], bots: JSONObject
) -> str:
    # ids may come from an imported record: their Markdown shows as typed (L7)
    seats = [f"{tx.escape(p)} = {m.mention}" for p, m in humans.items()]
    seats += [f"{tx.escape(p)} = bot ({b})" for p, b in bots.items()]
    return (
        f"Match {made.match_id} of {game_title} started. Seats: "
        + ", ".join(seats)
        + ". Each player gets their request privately; the announcements go to the match channel."
    )


def seat_count(game: Game[State], humans: int, seats: int | None) -> int:
    """How many seats a match of ``/mm new`` has: ``seats`` when the host gives
    it (within the game's range, and room for every member named), else the
    members named, at least the game's fewest. Refused in
    ``Game.takes_players``' words."""
    count = max(humans, game.players_range()[0]) if seats is None else seats
    why = game.takes_players(count)
    if why is not None:
        raise HostingError(why)
    if humans > count:
        raise HostingError(f"{humans} players named for {count} seats; name at most {count}")
    return count


async def create_from_discord(
    bot: BotLike,
    interaction: discord.Interaction,
    *,
    game: str,
    mentions: str,
    role: discord.Role | None,
    bot_name: str,
    title: str,
    deadlines: str,
    early: bool,
    options: Any,
    seed: int | None,
    seats: int | None = None,
) -> str:
    """Start a match from ``/mm new``; returns the host's confirmation. The
    members named take the first seats; bots fill the rest, up to ``seats`` when
    the host gives it, else up to the game's fewest (``Game.players_range``)."""
    guild = interaction.guild
    assert guild is not None
    setup = await bot.run_db(bot.door.guild, guild.id)
    assert setup is not None
    try:
        g = games.get(game)
    except UnknownGame as exc:
        raise HostingError(str(exc)) from None
    members = await members_of(guild, mentions, role)
    if not members:
        raise HostingError("name the players: mentions (@a @b) or a role")
    count = seat_count(g, len(members), seats)
    if bot_name not in bot_names(g.id):
        # a game without a strategy bot (a new game): its seats play random (the summary says so)
        bot_name = "random"
    if options is not None and not isinstance(options, dict):
        raise HostingError("the host inputs file must hold a JSON object")
    taken: set[str] = set()
    humans = {player_id(m.display_name, taken): m for m in members}
    bots = {player_id(f"bot{i}", taken): bot_name for i in range(1, count - len(humans) + 1)}
    players = list(humans) + list(bots)
    policies = parse_deadlines(deadlines)
    channels = await private_channels(guild, setup, g.id, humans)
    try:
        made = await bot.run_db(
            lambda: bot.door.create_match(
                g.id,
                players,
                bots=bots,
                seed=seed,
                options=options,
                deadlines=policies,
                early_resolution=early,
                title=title,
            )
        )
    except (HostError, MainmatchError, PolicyError) as exc:
        await _drop_channels(guild, channels)
        raise HostingError(str(exc)) from None
    await _seat_and_subscribe(bot, interaction, setup, made, humans, channels, players)
    return _summary(made, g.title, humans, bots)


async def import_from_discord(
    bot: BotLike,
    interaction: discord.Interaction,
    record: Any,
    mentions: str,
    bot_name: str,
    title: str,
) -> str:
    """Continue a match from a record: the members given take the first seats."""
    guild = interaction.guild
    assert guild is not None
    setup = await bot.run_db(bot.door.guild, guild.id)
    assert setup is not None
    members = await members_of(guild, mentions, None)
    players = record.get("config", {}).get("players") if isinstance(record, dict) else None
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise HostingError("the file is not a mainmatch record (config.players is missing)")
    if len(members) > len(players):
        raise HostingError(f"the record has {len(players)} seats, not {len(members)}")
    humans = dict(zip(players, members, strict=False))
    bots = {p: bot_name for p in players[len(members) :]}
    channels = await private_channels(guild, setup, str(record.get("game", "match")), humans)
    try:
        made = await bot.run_db(lambda: bot.door.import_record(record, bots=bots, title=title))
    except (HostError, MainmatchError) as exc:
        await _drop_channels(guild, channels)
        raise HostingError(str(exc)) from None
    await _seat_and_subscribe(bot, interaction, setup, made, humans, channels, players)
    return _summary(made, str(record.get("game")), humans, bots)


async def _drop_channels(guild: discord.Guild, channels: dict[str, int]) -> None:
    for cid in channels.values():
        c = guild.get_channel(cid)
        if c is not None:
            try:
                await c.delete()
            except discord.HTTPException:
                pass
