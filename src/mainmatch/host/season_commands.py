"""``mainmatch season ...``: a season's ledger on the command line.

Each command is one call to :class:`SeasonService` on the database that
``mainmatch serve`` uses (``--db``). Every error prints one line on stderr
and exits 2; a refused entry changes nothing.
"""

from __future__ import annotations

import getpass
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject
from mainmatch.engine.jsonfile import read_json
from mainmatch.season import render
from mainmatch.season.models import Entry

from .dburl import DEFAULT_URL

if TYPE_CHECKING:
    from .season_service import SeasonService

season_app = typer.Typer(
    name="season",
    help="Keep an ORG season: garnets, Tokens of Life and eliminations across Main Matches.",
    no_args_is_help=True,
)
out = Console(highlight=False, soft_wrap=True)

DbOpt = Annotated[
    str,
    typer.Option("--db", help="database (default: the same as mainmatch serve)"),
]
ReasonOpt = Annotated[str, typer.Option("--reason", help="why (kept in the ledger)")]
AuthorOpt = Annotated[
    str | None, typer.Option("--author", help="who writes the entry (default: your login)")
]


class SeasonCliError(MainmatchError):
    """A mistake in a season command line."""


def _service(db: str) -> SeasonService:
    from .db import Database
    from .season_service import SeasonService

    database = Database(db)
    database.migrate()
    return SeasonService(database)


def _author(author: str | None) -> str:
    if author:
        return author
    try:
        return getpass.getuser() or "host"
    except (KeyError, OSError):
        return "host"


def _ids(text: str, what: str) -> list[str]:
    ids = [p.strip() for p in text.split(",")]
    if not ids or any(not p for p in ids):
        raise SeasonCliError(f"{what}: give player ids separated by commas, none empty")
    return ids


def _amounts(text: str | None, what: str) -> dict[str, int]:
    """``a=2,b=1`` as ``{"a": 2, "b": 1}``."""
    if not text:
        return {}
    out: dict[str, int] = {}
    for item in text.split(","):
        p, eq, n = item.partition("=")
        try:
            out[p.strip()] = int(n)
        except ValueError:
            raise SeasonCliError(f"{what}: write PLAYER=N pairs separated by commas, e.g. a=2,b=1")
        if not eq or not p.strip():
            raise SeasonCliError(f"{what}: write PLAYER=N pairs separated by commas, e.g. a=2,b=1")
    return out


def _done(entry: Entry) -> None:
    what = entry.body.kind.replace("_", " ")
    print(f"entry {entry.number}: {what} recorded")


@season_app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="season name (letters, digits, - _ .)")],
    cast: Annotated[str, typer.Option("--cast", help="player ids, comma-separated")],
    names: Annotated[
        str | None, typer.Option("--names", help="display names: id=Name,id=Name")
    ] = None,
    discord_ids: Annotated[
        str | None,
        typer.Option("--discord-ids", help="Discord user ids: id=123456789012345678,..."),
    ] = None,
    tiebreak: Annotated[
        str | None, typer.Option("--tiebreak", help="gamewide tiebreak, best first (default: cast)")
    ] = None,
    garnets: Annotated[int, typer.Option("--garnets", help="garnets each starts with")] = 0,
    no_token_saves: Annotated[
        bool,
        typer.Option("--no-token-saves", help="a Token of Life does not save a Death Match loser"),
    ] = False,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """Create a season; prints its host token (for the season page's host edits)."""
    display: dict[str, str] = {}
    for item in (names or "").split(",") if names else []:
        p, eq, text = item.partition("=")
        if not eq:
            raise SeasonCliError("--names: write id=Name pairs separated by commas")
        display[p.strip()] = text.strip()
    accounts = _amounts(discord_ids, "--discord-ids")
    svc = _service(db)
    settings, token = svc.create(
        name,
        _ids(cast, "--cast"),
        names=display,
        discord_ids=accounts,
        gamewide_tiebreak=_ids(tiebreak, "--tiebreak") if tiebreak else None,
        starting_garnets=garnets,
        token_of_life_saves=not no_token_saves,
    )
    print(f"season {settings.name}: {len(settings.cast)} players, {garnets} garnets each")
    print(f"host token (keep it secret): {token}")
    print(
        f"the season's host page: /seasons/{settings.name}/host/{token} on the server"
        f" (or type the token in the box of /seasons/{settings.name})"
    )


@season_app.command("adjust")
def adjust(
    name: Annotated[str, typer.Argument(help="season name")],
    player: Annotated[str, typer.Argument(help="player id")],
    reason: ReasonOpt,
    garnets: Annotated[int, typer.Option("--garnets", help="change (may be negative)")] = 0,
    tokens: Annotated[int, typer.Option("--tokens-of-life", help="change (may be negative)")] = 0,
    status: Annotated[
        str | None, typer.Option("--status", help="alive or eliminated (a player who leaves)")
    ] = None,
    author: AuthorOpt = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """A host adjustment of a player's garnets, Tokens of Life or status."""
    body: JSONObject = {
        "kind": "adjust",
        "player": player,
        "garnets": garnets,
        "tokens_of_life": tokens,
    }
    if status is not None:
        body["status"] = status
    _done(_service(db).append(name, body, author=_author(author), reason=reason))


@season_app.command("add-match")
def add_match(
    name: Annotated[str, typer.Argument(help="season name")],
    record: Annotated[Path, typer.Argument(help="a finished mainmatch record (JSON)")],
    reason: ReasonOpt = "",
    author: AuthorOpt = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """Enter a finished match record (replayed; its players alive, holding its starting garnets)."""
    data = read_json(record, "record", SeasonCliError)
    entry = _service(db).add_record(name, data, author=_author(author), reason=reason)
    body = entry.body
    ec = getattr(body, "elimination_candidate", None)
    print(f"entry {entry.number}: Main Match ({getattr(body, 'game', '')}) entered; EC {ec}")


@season_app.command("result")
def result(
    name: Annotated[str, typer.Argument(help="season name")],
    players: Annotated[str, typer.Option("--players", help="who played, comma-separated")],
    reason: ReasonOpt,
    garnets: Annotated[str | None, typer.Option("--garnets", help="awarded: a=2,b=1")] = None,
    spent: Annotated[str | None, typer.Option("--spent", help="spent in the match: c=1")] = None,
    tokens: Annotated[str | None, typer.Option("--tokens-of-life", help="awarded: a=1")] = None,
    ec: Annotated[str | None, typer.Option("--ec", help="the Elimination Candidate")] = None,
    winners: Annotated[str | None, typer.Option("--winners", help="comma-separated")] = None,
    game: Annotated[str | None, typer.Option("--game", help="what was played")] = None,
    author: AuthorOpt = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """Type in the result of a Main Match played elsewhere."""
    body = {
        "kind": "main_match",
        "source": "manual",
        "game": game,
        "players": _ids(players, "--players"),
        "garnets": _amounts(garnets, "--garnets"),
        "garnets_spent": _amounts(spent, "--spent"),
        "tokens_of_life": _amounts(tokens, "--tokens-of-life"),
        "elimination_candidate": ec,
        "winners": _ids(winners, "--winners") if winners else [],
    }
    _done(_service(db).append(name, body, author=_author(author), reason=reason))


@season_app.command("death-match")
def death_match(
    name: Annotated[str, typer.Argument(help="season name")],
    ec: Annotated[str, typer.Option("--ec", help="the Elimination Candidate")],
    opponent: Annotated[str, typer.Option("--opponent", help="whom the EC chose")],
    winner: Annotated[str, typer.Option("--winner", help="who won the Death Match")],
    game: Annotated[str, typer.Option("--game", help="the Death Match played")] = "",
    reason: ReasonOpt = "",
    author: AuthorOpt = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """Enter a Death Match: its loser is eliminated unless a Token of Life saves them."""
    body = {"kind": "death_match", "ec": ec, "opponent": opponent, "winner": winner, "game": game}
    svc = _service(db)
    entry = svc.append(name, body, author=_author(author), reason=reason)
    _done(entry)
    # what the rules made of it: saved by a Token of Life (held before → after), or out
    print(svc.get(name).standings.outcomes[entry.number])


@season_app.command("use-token")
def use_token(
    name: Annotated[str, typer.Argument(help="season name")],
    player: Annotated[str, typer.Argument(help="player id")],
    count: Annotated[int, typer.Option("--count", help="how many")] = 1,
    reason: ReasonOpt = "",
    author: AuthorOpt = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """A player uses Tokens of Life."""
    body = {"kind": "token_used", "player": player, "count": count}
    _done(_service(db).append(name, body, author=_author(author), reason=reason))


@season_app.command("give")
def give(
    name: Annotated[str, typer.Argument(help="season name")],
    giver: Annotated[str, typer.Argument(help="who gives")],
    receiver: Annotated[str, typer.Argument(help="who receives")],
    garnets: Annotated[int, typer.Option("--garnets")] = 0,
    tokens: Annotated[int, typer.Option("--tokens-of-life")] = 0,
    back_garnets: Annotated[
        int, typer.Option("--in-return-garnets", help="a trade: the receiver gives back")
    ] = 0,
    back_tokens: Annotated[int, typer.Option("--in-return-tokens-of-life")] = 0,
    reason: ReasonOpt = "",
    author: AuthorOpt = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """Garnets or Tokens of Life given, or traded, between two alive players."""
    body = {
        "kind": "transfer",
        "giver": giver,
        "receiver": receiver,
        "garnets": garnets,
        "tokens_of_life": tokens,
        "in_return_garnets": back_garnets,
        "in_return_tokens_of_life": back_tokens,
    }
    _done(_service(db).append(name, body, author=_author(author), reason=reason))


@season_app.command("tiebreak")
def tiebreak(
    name: Annotated[str, typer.Argument(help="season name")],
    order: Annotated[str, typer.Argument(help="every cast member, best first, comma-separated")],
    reason: ReasonOpt = "",
    author: AuthorOpt = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """Set the ORG-wide gamewide tiebreak."""
    body = {"kind": "tiebreak", "order": _ids(order, "ORDER")}
    _done(_service(db).append(name, body, author=_author(author), reason=reason))


@season_app.command("undo")
def undo(
    name: Annotated[str, typer.Argument(help="season name")],
    reason: ReasonOpt = "",
    author: AuthorOpt = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """Undo the last entry in force (by appending an undo entry)."""
    entry = _service(db).undo(name, author=_author(author), reason=reason)
    print(f"entry {entry.number}: entry {getattr(entry.body, 'target', '?')} undone")


@season_app.command("new-match")
def new_match(
    name: Annotated[str, typer.Argument(help="season name")],
    game: Annotated[str, typer.Argument(help="game id")],
    players: Annotated[
        str | None, typer.Option("--players", help="who plays (default: the alive cast)")
    ] = None,
    bots: Annotated[
        str | None, typer.Option("--bots", help="a bot name for every seat (e.g. strategy)")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed")] = None,
    base: Annotated[
        str, typer.Option("--base", help="the server's address, for the links")
    ] = "http://127.0.0.1:8000",
    db: DbOpt = DEFAULT_URL,
) -> None:
    """Host the next Main Match on the server (ledger garnets, season tiebreak; result auto-entered)."""
    svc = _service(db)
    chosen = _ids(players, "--players") if players else None
    seats = chosen or svc.get(name).standings.alive
    made = svc.new_match(
        name, game, chosen, bots={p: bots for p in seats} if bots else None, seed=seed
    )
    base = base.rstrip("/")
    print(f"match {made.match_id} created")
    print(f"  host:       {base}/host/{made.host_token}")
    print(f"  spectators: {base}/watch/{made.spectator_token}")
    for p, token in made.player_tokens.items():
        print(f"  {p}: {base}/play/{token}")


@season_app.command("inputs")
def inputs(
    name: Annotated[str, typer.Argument(help="season name")],
    players: Annotated[
        str | None, typer.Option("--players", help="who plays (default: the alive cast)")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="file (default stdout)")
    ] = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """The next match's host inputs from the season: players, garnets, gamewide tiebreak."""
    st = _service(db).get(name).standings
    data = st.next_inputs(_ids(players, "--players") if players else None)
    text = json.dumps(data, indent=1) + "\n"
    _write(text, output)


def _write(text: str, output: Path | None) -> None:
    """``text`` to ``output``, or to stdout without one; an unwritable file is one line."""
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise SeasonCliError(f"cannot write {output}: {exc.strerror}") from None


@season_app.command("standings")
def standings(
    name: Annotated[str, typer.Argument(help="season name")],
    as_json: Annotated[bool, typer.Option("--json", help="JSON on stdout")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="CSV on stdout")] = False,
    as_md: Annotated[bool, typer.Option("--markdown", help="a Discord post")] = False,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """The standings: alive or eliminated, garnets, Tokens of Life, wins, ECs, Death Matches."""
    st = _service(db).get(name).standings
    if as_json:
        full = st.to_json()
        print(json.dumps({"season": full["season"], "players": full["players"]}, indent=1))
    elif as_csv:
        sys.stdout.write(render.csv_text(st))
    elif as_md:
        print(render.markdown(st))
    else:
        table = Table(title=f"{st.settings.name}: after episode {st.episode}")
        for col in ("player", "status", "garnets", "ToL", "wins", "EC", "DM W-L"):
            table.add_column(col)
        for s in render.order(st):
            status = "alive" if s.status == "alive" else f"out (ep. {s.eliminated_in})"
            table.add_row(
                s.id if s.name == s.id else f"{s.id} ({s.name})",
                status,
                str(s.garnets),
                str(s.tokens_of_life),
                str(s.main_match_wins),
                str(s.times_ec),
                f"{s.death_match_wins}-{s.death_match_losses}",
            )
        out.print(table)


@season_app.command("export")
def export(
    name: Annotated[str, typer.Argument(help="season name")],
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="file (default stdout)")
    ] = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """The whole ledger as JSON (mainmatch-season/1)."""
    text = json.dumps(_service(db).export(name), indent=1, ensure_ascii=False) + "\n"
    _write(text, output)


@season_app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="a mainmatch-season/1 JSON file")],
    name: Annotated[str | None, typer.Option("--name", help="store it under this name")] = None,
    db: DbOpt = DEFAULT_URL,
) -> None:
    """A season from an export; every entry is checked again."""
    data = read_json(file, "season file", SeasonCliError)
    settings, token = _service(db).import_(data, name=name)
    print(f"season {settings.name} imported")
    print(f"host token (keep it secret): {token}")


@season_app.command("list")
def list_(db: DbOpt = DEFAULT_URL) -> None:
    """The seasons in the database."""
    for n in _service(db).names():
        print(n)


def register(app: typer.Typer) -> None:
    """Add ``mainmatch season ...`` to ``app``."""
    app.add_typer(season_app, name="season")
