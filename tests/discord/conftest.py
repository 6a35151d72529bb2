"""The Discord bot tests' world: the real bot (``build_bot``) run by simcord.

simcord replaces discord.py's HTTP client and gateway with an in-memory
Discord, so the real app command tree, component callbacks and modals run
offline. A :class:`World` is a server set up with ``/mm setup``: a host, an
admin, members who play, an announcements channel and a category for private
channels. :func:`moves` turns an action into what a player does with the
components (parts filled in modals, Submit, a quick button, a select).
"""

from __future__ import annotations

import json
import random
from typing import Any

import discord
import pytest
import simcord

from mainmatch import games
from mainmatch.discord import build_bot
from mainmatch.discord.forms import form_for
from mainmatch.host.service import Access

ZW = "\u200b"


def manual(game: str) -> str:
    """Deadlines that leave every step kind of ``game`` to the host (``/mm new deadlines:``)."""
    return " ".join(f"{kind}=manual" for kind in games.get(game).action_models)


class World:
    """A Discord server with the bot set up, and the people in it."""

    def __init__(self, env: simcord.Env, bot: Any) -> None:
        self.env, self.bot = env, bot

    async def setup(
        self,
        *,
        private: str = "dm",
        players: int = 2,
        web_base: str | None = None,
        authorise: bool = True,
    ) -> World:
        """``authorise``: set up with the server's admin key (``/mm setup key:``),
        which creating matches and seasons needs (issue 26, H1)."""
        env = self.env
        await self.bot.tree.sync()
        self.guild = g = env.create_guild(name="ORG")
        self.channel = g.create_text_channel("announcements")
        self.lobby = g.create_text_channel("lobby")
        self.category = g.create_category("private")
        self.hosts = g.create_role("Hosts")
        admins = g.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = g.add_member(env.create_user("admin"), roles=[admins])
        self.host = g.add_member(env.create_user("host"), roles=[self.hosts])
        self.members = [g.add_member(env.create_user(f"ann{i}")) for i in range(1, players + 1)]
        opts: dict[str, Any] = {"host_role": self.hosts, "channel": self.channel}
        if private == "channels":
            opts.update(private="channels", category=self.category)
        if web_base:
            opts["web_base"] = web_base
        if authorise:
            opts["key"] = self.bot.authority.key()
        r = await self.admin.slash(self.lobby, "mm setup", **opts)
        assert r.response.content.startswith("Set up"), r.response.content
        return self

    async def new(self, game: str, humans: int = 1, **options: Any) -> str:
        mentions = " ".join(m.mention for m in self.members[:humans])
        options.setdefault("deadlines", manual(game))
        options.setdefault("seed", 7)
        r = await self.host.slash(self.lobby, "mm new", game=game, players=mentions, **options)
        text = said(r)
        assert text.startswith("Match "), text
        return text.split()[1]

    def place(self, member: Any, match_id: str | None = None) -> Any:
        """The member's private place: their channel under the category, or DMs."""
        for ch in self.category_channels():
            if ch.name.endswith(f"-{member.name}"):
                return ch
        return member.user.dm_channel

    def category_channels(self) -> list[Any]:
        return [
            c
            for c in self.guild.channels.values()
            if getattr(c, "name", "") not in ("", None)
            and c.name not in ("announcements", "lobby", "private")
            and not c.name.startswith("General")
        ]

    def messages(self, channel: Any) -> list[discord.Message]:
        """Every message of ``channel``, oldest first."""
        return sorted(channel.history(), key=lambda m: m.id)

    def prompt(self, member: Any, match_id: str, step: int) -> discord.Message | None:
        """The newest message in ``member``'s place with the components of ``step``."""
        found = None
        for m in self.messages(self.place(member)):
            ids = [c.custom_id for row in m.components for c in row.children]
            if any(
                i and i.startswith((f"mm:{match_id}:{step}:", f"mms:{match_id}:{step}:"))
                for i in ids
            ):
                found = m
        return found

    def service(self) -> Any:
        return self.bot.service

    def intended(self, match_id: str, player: str, rng: random.Random) -> dict:
        _m, snap = self.bot.service.snapshot(match_id)
        return snap.game.random_action(snap.state, player, rng)

    async def act(self, member: Any, message: discord.Message, moves_: list[tuple]) -> list[str]:
        """Do ``moves_`` on ``message``'s components; returns the ephemeral answers."""
        answers = []
        if isinstance(message.channel, discord.DMChannel):
            member = member.user  # components in DMs are clicked as the user
        for move in moves_:
            if move[0] == "part":
                shown = await member.click(message, custom_id=_cid(message, f":part:{move[1]}"))
                assert shown.modal is not None, shown
                selects = _select_ids(shown.modal)
                values = {
                    k: (v.split() if k in selects else v)
                    for k, v in move[2].items()
                    if not (k in selects and not v.strip())
                }
                r = await member.submit_modal(shown, values)
            elif move[0] == "submit":
                r = await member.click(message, custom_id=_cid(message, ":submit"))
            elif move[0] == "quick":
                r = await member.click(message, label=move[1])
            elif move[0] == "select":
                sel = next(
                    c.custom_id
                    for row in message.components
                    for c in row.children
                    if (c.custom_id or "").startswith("mms:")
                )
                r = await member.select(message, [move[1]], custom_id=sel)
            else:
                raise AssertionError(move)
            assert r.ephemeral, r
            answers.append(r.response.content if r.response else r.followups[-1].content)
        return answers


def _select_ids(node: Any) -> set[str]:
    """The custom ids of the select menus in a modal's payload."""
    out: set[str] = set()
    if isinstance(node, dict):
        if node.get("type") == 3 and node.get("custom_id"):
            out.add(node["custom_id"])
        for v in node.values():
            out |= _select_ids(v)
    elif isinstance(node, list):
        for v in node:
            out |= _select_ids(v)
    return out


def _cid(message: discord.Message, suffix: str) -> str:
    """The custom id of ``message``'s component that ends with ``suffix``."""
    for row in message.components:
        for c in row.children:
            if (c.custom_id or "").endswith(suffix):
                return c.custom_id
    raise AssertionError(f"no component ending {suffix!r}")


def _ids(message: discord.Message) -> tuple[str, int]:
    for row in message.components:
        for c in row.children:
            parts = (c.custom_id or "").split(":")
            if len(parts) >= 3 and parts[0] in ("mm", "mms"):
                return parts[1], int(parts[2])
    raise AssertionError("no mainmatch components")


def form_moves(form: Any, action: dict) -> list[tuple]:
    """What a player does with ``form``'s components to send ``action``: the
    select or quick button that is exactly it, else each part filled with the
    values that give its share of the action (an element part once per
    element), then Submit when the form builds a draft."""
    if form.select is not None:
        return [("select", str(action[form.select.key]))]
    for label, quick in form.quick.items():
        if quick == action:
            return [("quick", label)]
    out: list[tuple] = []
    for part in form.parts:
        if part.id == "json":
            continue
        if part.each is not None:
            out += [("part", part.id, values) for values in part.each(action)]
        else:
            values = part.prefill(action)
            if values or part.submits:
                out.append(("part", part.id, values))
    return [*out, ("submit",)] if form.compound else out


def moves(bot: Any, match_id: str, player: str, action: dict) -> list[tuple]:
    """What ``player`` does with the components of their open request to send ``action``."""
    ov = bot.service.overview(Access(match_id, "player", player))
    req = ov["request"]
    return form_moves(form_for(ov["game"]["id"], req["kind"], req), action)


def normal(game: str, action: dict) -> str:
    """An action with its zero defaults dropped, for comparing what was meant and stored."""
    a = json.loads(json.dumps(action))
    for k in ("buy_garnets", "garnets", "buy_chips"):
        if a.get(k) == 0:
            a.pop(k)
    for k in ("buy_identity", "buy_location", "trades", "bids"):
        if a.get(k) in ([], {}):
            a.pop(k)
    if game == "sealed_bid" and a.get("bid") == 0:
        a.pop("bid")  # a bid of 0 is its default; with 0 chips the form does not ask it
    if game == "second_to_won":
        for b in a.get("bids", {}).values():
            if b.get("garnets") == 0:
                b.pop("garnets")
    return json.dumps(a, sort_keys=True)


def said(result: Any) -> str:
    """The last thing an interaction answered (a follow-up, or the response)."""
    if result.followups:
        return result.followups[-1].content.replace(ZW, "")
    return result.response.content.replace(ZW, "")


def text_of(message: discord.Message) -> str:
    return message.content.replace(ZW, "")


def host_view(bot: Any, match_id: str) -> dict:
    return bot.service.overview(Access(match_id, "host"))


@pytest.fixture
def dx() -> Any:
    """The helpers (test modules cannot import conftest under importlib mode)."""
    from types import SimpleNamespace

    return SimpleNamespace(
        World=World,
        moves=moves,
        form_moves=form_moves,
        manual=manual,
        normal=normal,
        text_of=text_of,
        said=said,
        host_view=host_view,
        build_bot=build_bot,
        simcord=simcord,
        run=run,
        cid=_cid,
    )


def run(bot: Any) -> Any:
    """simcord's environment with patience for a loaded machine: one click may
    resolve a chain of steps with bots thinking in every other seat."""
    return simcord.run(bot, settle_timeout=120)
