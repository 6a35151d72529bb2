"""What the commands, components and hosting code need of the bot.

A structural type (``MainmatchBot`` has all of it), so that the modules the
bot loads never import the bot back (no import circle).
"""

from __future__ import annotations

from typing import Any, Protocol

import discord
from discord import app_commands

from mainmatch.host.db import Database
from mainmatch.host.service import HostService

from .authority import Authority
from .store import Store


class BotLike(Protocol):
    service: HostService
    store: Store
    database: Database
    authority: Authority

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    def get_channel(self, id: int, /) -> Any: ...

    def get_user(self, id: int, /) -> Any: ...

    async def fetch_user(self, id: int, /) -> Any: ...

    async def run_db(self, fn: Any, *args: Any, **kw: Any) -> Any: ...

    async def pump(self) -> int: ...

    async def pump_after(self) -> None: ...

    async def send_prompt(self, match_id: str, player: str) -> bool: ...

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...
