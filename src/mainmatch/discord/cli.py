"""``mainmatch discord`` (the bot alone) and ``mainmatch serve --discord`` (both).

The token is read from the environment (``DISCORD_TOKEN``) only: never from
the command line (it would show in ``ps`` and shell history) and never logged.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Coroutine
from typing import Any

import typer

from mainmatch.host.facade_types import DEFAULT_URL, BotHook

TOKEN_VAR = "DISCORD_TOKEN"
NO_TOKEN = (
    f"error: set {TOKEN_VAR} to your bot's token (Discord Developer Portal > your application > "
    "Bot > Reset Token); the token is read only from the environment"
)


def token_or_exit() -> str:
    token = os.environ.get(TOKEN_VAR, "").strip()
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        raise typer.Exit(2)
    return token


def _logging() -> None:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("alembic").setLevel(logging.WARNING)


def explain_login_error(exc: BaseException) -> str | None:
    """A one-line error for the ways a start fails; ``None`` for anything else."""
    import discord

    if isinstance(exc, discord.LoginFailure):
        return f"error: Discord refused the token in {TOKEN_VAR}; reset it in the Developer Portal"
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return (
            "error: turn on the Server Members intent (Developer Portal > Bot > Privileged "
            "Gateway Intents); the bot needs it to read a role's members for /mm new"
        )
    if isinstance(exc, OSError | discord.GatewayNotFound):
        return f"error: cannot reach Discord: {exc}"
    return None


def run_until_stopped(main: Coroutine[Any, Any, None]) -> None:
    """Run until Ctrl-C; a failed start is one line on stderr and exit 1."""
    try:
        asyncio.run(main)
    except KeyboardInterrupt:
        pass
    except Exception as exc:
        line = explain_login_error(exc)
        if line is None:
            raise
        print(line, file=sys.stderr)
        raise typer.Exit(1) from None


async def run_bot(bot: Any, token: str) -> None:
    async with bot:
        await bot.start(token)


def serve_hook() -> BotHook:
    """What ``mainmatch serve --discord`` runs the bot with (``host.commands``)."""
    return BotHook(check=token_or_exit, serve=serve_with_bot)


def register(app: typer.Typer) -> None:
    @app.command("discord")
    def discord_command(
        db: str = typer.Option(
            DEFAULT_URL,
            "--db",
            help="database, the same as mainmatch serve's: a SQLite file or postgresql+psycopg://USER@HOST:PORT/DB",
        ),
        guild: int | None = typer.Option(
            None,
            "--guild",
            help="register the /mm commands on this server id at once (without it they are "
            "registered for every server, which Discord may take up to an hour to show)",
        ),
        tick: float = typer.Option(
            5.0, "--tick", help="seconds between two looks at deadlines, reminders and posts"
        ),
    ) -> None:
        """Run the Discord bot: /mm commands for hosts, buttons and forms for players.

        The bot token comes from the DISCORD_TOKEN environment variable (never an
        option). It uses the same database and rules as `mainmatch serve`; run both
        on one database (PostgreSQL for several processes), or use
        `mainmatch serve --discord` to run them in one process."""
        from mainmatch.engine.errors import MainmatchError

        from .bot import build_bot

        token = token_or_exit()
        _logging()
        try:
            bot = build_bot(db, tick_seconds=tick)
        except MainmatchError as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise typer.Exit(2) from None
        bot.sync_guild = guild
        bot.sync_commands = True
        print(f"mainmatch Discord bot (database: {bot.door.safe_url})", flush=True)
        run_until_stopped(run_bot(bot, token))


def serve_with_bot(app: Any, service: Any, *, host: str, port: int, access_log: bool) -> None:
    """``mainmatch serve --discord``: the web server and the bot in one process,
    one event loop, one service (so one snapshot cache)."""
    import uvicorn

    from .bot import MainmatchBot

    token = token_or_exit()
    from mainmatch.host.facade import Door

    bot = MainmatchBot(service.db.url, door=Door(service=service))
    bot.authority.set_key(app.state.admin_key)  # the web server's own key (or open mode)
    bot.sync_commands = True
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="info",
        access_log=access_log,
        timeout_graceful_shutdown=3,
        proxy_headers=False,  # the app reads X-Forwarded-For from trusted proxies only
    )
    server = uvicorn.Server(config)

    async def both() -> None:
        bot_task = asyncio.create_task(run_bot(bot, token))
        web_task = asyncio.create_task(server.serve())
        done, _ = await asyncio.wait({bot_task, web_task}, return_when=asyncio.FIRST_COMPLETED)
        server.should_exit = True
        if not bot.is_closed():
            await bot.close()
        for t in done:
            exc = t.exception()
            if exc is not None:
                raise exc
        await asyncio.gather(bot_task, web_task, return_exceptions=True)

    run_until_stopped(both())
