"""What the commands, components and hosting code need of the bot.

A structural type (``MainmatchBot`` has all of it), so that the modules the
bot loads never import the bot back (no import circle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, Protocol, TypeVar

import discord
from discord import app_commands

from mainmatch.host.facade import Door

from .authority import Authority

P = ParamSpec("P")
T = TypeVar("T")


class BotLike(Protocol):
    #: the one door into the host (``mainmatch.host.facade``)
    door: Door
    authority: Authority

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    def get_channel(
        self, id: int, /
    ) -> discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel | None: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, id: int, /) -> discord.User: ...

    async def run_db(self, fn: Callable[P, T], *args: P.args, **kw: P.kwargs) -> T: ...

    async def pump(self) -> int: ...

    async def pump_after(self) -> None: ...

    async def send_prompt(self, match_id: str, player: str) -> bool: ...

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...
