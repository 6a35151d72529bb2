"""``mainmatch serve``: the host server on SQLite (default) or PostgreSQL."""

from __future__ import annotations

import logging
import os
import socket
import sys
from typing import TYPE_CHECKING

import typer

from mainmatch.engine.errors import MainmatchError

from .dburl import DEFAULT_URL
from .facade_types import BotHook

if TYPE_CHECKING:
    from fastapi import FastAPI

    from .service import HostService

#: what ``serve --discord`` says where no bot was given (``python -m mainmatch.host``)
NO_BOT = "error: this entry point runs the server alone; run `mainmatch serve --discord`"


def register(app: typer.Typer, bot: BotHook | None = None) -> None:
    """Add ``serve``; ``bot``: how ``--discord`` runs the bot (without it, refused)."""

    @app.command("serve")
    def serve(
        db: str = typer.Option(
            DEFAULT_URL,
            "--db",
            help="database: a SQLite file (path or sqlite:///FILE) or postgresql+psycopg://USER@HOST:PORT/DB",
        ),
        host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
        port: int = typer.Option(8000, "--port", help="port to listen on"),
        demo: str | None = typer.Option(
            None,
            "--demo",
            help="first create a demo match of this game (you in one seat, bots in the others) and print its links",
        ),
        scan_interval: float = typer.Option(
            1.0, "--scan-interval", help="seconds between two checks of the deadlines"
        ),
        access_log: bool = typer.Option(False, "--access-log", help="log every request (slower)"),
        open_mode: bool = typer.Option(
            False,
            "--open",
            help="no admin key: anyone who reaches the server may create matches (a private server)",
        ),
        discord: bool = typer.Option(
            False,
            "--discord",
            help="also run the Discord bot in this process (token from DISCORD_TOKEN)",
        ),
        proxy_headers: bool = typer.Option(
            False,
            "--proxy-headers",
            help="behind a reverse proxy: take the client's address from X-Forwarded-For, "
            "when the request comes from one of --forwarded-allow-ips",
        ),
        forwarded_allow_ips: str = typer.Option(
            "127.0.0.1",
            "--forwarded-allow-ips",
            help="with --proxy-headers: the proxies' addresses or networks, comma-separated",
        ),
    ) -> None:
        """Run the host server: create matches, collect submissions, resolve steps at their deadlines."""
        from .admin import env_admin_key, load_admin_key
        from .app import create_app
        from .db import Database
        from .ratelimit import trusted_networks
        from .service import HostService

        if discord:
            if bot is None:
                print(NO_BOT, file=sys.stderr)
                raise typer.Exit(2)
            bot.check()  # before anything starts
        # a weak key stops the server before anything else, the port before any link is
        # printed (issue 34 item 1): links only once the port is ours
        try:
            env_admin_key()
        except MainmatchError as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise typer.Exit(2) from None
        sock = listening_socket(host, port)
        logging.basicConfig(
            level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
        )
        logging.getLogger("alembic").setLevel(logging.WARNING)
        try:
            env_admin_key()  # a weak key stops the server before any database exists
            trusted = forwarded_allow_ips if proxy_headers else ""
            trusted_networks(trusted)  # a mistyped address stops the server here
            database = Database(db)
            database.migrate()
            service = HostService(database)
            admin_key = None if open_mode else load_admin_key(database.url)
            base = f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{port}"
            demo_text = demo_lines(service, demo, base) if demo else []
        except MainmatchError as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise typer.Exit(2)
        # the link to open first, then the demo's, then what an operator or a script needs
        lines = [*home_lines(base, admin_key), *demo_text]
        lines += [f"Server: {base} (database: {database.safe_url}). API docs: {base}/docs"]
        lines += admin_key_lines(admin_key, database.url)
        print("\n".join(lines), flush=True)
        web = create_app(
            service=service,
            scan_interval=scan_interval,
            admin_key=admin_key,
            trusted_proxies=trusted,
        )
        _serve_app(web, service, sock, bot if discord else None, host, port, access_log)


def _serve_app(
    web: FastAPI,
    service: HostService,
    sock: socket.socket,
    bot: BotHook | None,
    host: str,
    port: int,
    access_log: bool,
) -> None:
    """Serve ``web`` on ``sock`` with uvicorn, or, with the Discord bot, in the
    bot's process on its own socket."""
    import uvicorn

    if bot is not None:
        sock.close()  # the bot's process serves the pages on its own socket
        bot.serve(web, service, host=host, port=port, access_log=access_log)
        return
    config = uvicorn.Config(
        web,
        log_level="info",
        access_log=access_log,
        timeout_graceful_shutdown=3,
        # the app reads X-Forwarded-For itself, from trusted proxies only (ratelimit.client_of)
        proxy_headers=False,
    )
    uvicorn.Server(config).run(sockets=[sock])


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening, or one line on stderr
    and exit 2 when the port is taken (another server would get the links)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        print(
            f"error: cannot listen on {host}:{port}: {exc.strerror or exc} (another server? "
            "stop it, or choose another port with --port N, or make run PORT=N)",
            file=sys.stderr,
        )
        raise typer.Exit(2) from None
    sock.set_inheritable(True)
    return sock


def home_link(base: str, key: str | None) -> str:
    """The host's home page; with an admin key, the link that lets this browser in."""
    from urllib.parse import quote

    return f"{base}/?key={quote(key)}" if key else f"{base}/"


def home_lines(base: str, key: str | None) -> list[str]:
    """The first lines ``serve`` prints: the one link to open, and what it is for."""
    keep = " Keep it to yourself: it lets its holder in as you." if key else ""
    return [
        f"Open this link: {home_link(base, key)}",
        "  It is your home page: it lists every match on this server and creates new ones." + keep,
        "",
    ]


def demo_lines(service: HostService, game_id: str, base: str) -> list[str]:
    """The links of the demo match of ``game_id`` (the best bot in every seat but
    the first), in sentences: the running demo of an earlier start if there is one,
    else a new one. Its host link is issued anew (only a hash of the old one is stored)."""
    from mainmatch import games
    from mainmatch.bots import bot_names

    from .home import list_matches, new_host_link

    game = games.get(game_id)
    names = bot_names(game.id)
    bot = "strategy" if "strategy" in names else "random"
    players = game.default_lineup()
    title = f"Demo: {game.title}"
    old = next(
        (
            m
            for m in list_matches(service)
            if m["game"] == game.id and m["title"] == title and m["status"] == "running"
        ),
        None,
    )
    you = players[0]
    if old is not None:
        you = old["seats"][0]["player"]
        play, watch = old["links"]["players"][you], old["links"]["spectator"]
        host = new_host_link(service, old["match"])
        what = f"The demo match of {game.title} from an earlier start is still running"
        what += " (step {}): ".format(old["open_step"])
    else:
        made = service.create_match(
            game.id, players, bots={p: bot for p in players[1:]}, title=title
        )
        play, watch = f"/play/{made.player_tokens[you]}", f"/watch/{made.spectator_token}"
        host = f"/host/{made.host_token}"
        what = f"A demo match of {game.title} is ready: "
    return [
        what + f"you play {you}, and {bot} bots play the other seats.",
        f"  To play as {you}, open {base}{play}",
        "  To host it (see who has submitted, resolve a step, post announcements), open "
        + f"{base}{host}",
        f"  To let others watch, send them {base}{watch}",
        "",
    ]


def admin_key_lines(key: str | None, db_url: str) -> list[str]:
    """How matches are created on this server: the admin key for the API (the home
    link already carries it for a browser), and where it is kept."""
    from sqlalchemy.engine import make_url

    from .admin import ENV, key_file

    if key is None:
        return ["Open mode: anyone who reaches this server may create matches."]
    url = make_url(db_url)
    where = (
        f"from ${ENV}"
        if os.environ.get(ENV)
        else f"kept in {key_file(url.database)}"
        if url.get_backend_name() == "sqlite" and key_file(url.database)
        else "kept in the database's settings table"
    )
    return [f"Admin key, for scripts (Authorization: Bearer KEY): {key} ({where})"]
