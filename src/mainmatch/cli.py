"""The ``mainmatch`` command: games, rules, records, replay, demo, server, simulator.

Every error a user can cause prints one line on stderr and exits 2.
"""

from __future__ import annotations

import json
import random
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer.exceptions import TyperException

from mainmatch import games  # the registry: games load on first use
from mainmatch.engine.errors import MainmatchError

from .cli_input import (
    UserError,
    complete_config,
    game_package,
    no_catalogue,
    parse_sets,
    players_of,
    read_catalogue,
    read_json,
    write_text,
)
from .cli_show import out, show_result, show_views

if TYPE_CHECKING:  # annotations only: the command starts without them
    from mainmatch.engine.game import Game, JSONObject, State

# Each command imports what it alone uses (records, replay, announcements,
# the host, the simulator): ``mainmatch games`` must not pay for the rest
# (docs/performance.md, commands).

app = typer.Typer(
    name="mainmatch",
    help="Run, replay and simulate Main Match games of online reality games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        from mainmatch import __version__

        out.print(f"mainmatch {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(
        False,
        "--version",
        help="print the version and exit",
        callback=_print_version,
        is_eager=True,
    ),
) -> None:
    """Run, replay and simulate Main Match games of online reality games."""


def _game(game_id: str) -> Game[State]:
    return games.get(game_id)


# ------------------------------------------------------------------ commands


@app.command("games")
def games_cmd() -> None:
    """List the games: id, name, players and a one-line pitch."""
    table = Table(title="mainmatch games")
    table.add_column("id", style="bold")
    table.add_column("game")
    table.add_column("players", justify="right")
    table.add_column("pitch")
    # the built-in games from their cards, without their rules (games.listing)
    shown, broken = games.listing()
    for g in shown:
        table.add_row(g.id, g.title, g.players_text(), g.pitch)
    # an installed game that cannot be loaded is named with why (issue 33, N2)
    for gid, why in broken.items():
        table.add_row(gid, Text("cannot be loaded", style="red"), "", Text(why))
    out.print(table)


@app.command("rules")
def rules_cmd(
    game: str = typer.Argument(..., help="game id, see `mainmatch games`"),
    variants: bool = typer.Option(
        False, "--variants", help="list the rule variants: keys, defaults, ranges, spec sections"
    ),
    as_json: bool = typer.Option(False, "--json", help="with --variants: print them as JSON"),
    variant: list[str] = typer.Option(
        [], "--variant", metavar="KEY=VALUE", help="say which variant is in play (repeatable)"
    ),
) -> None:
    """Print a summary of a game's rules, or its rule variants (--variants)."""
    from mainmatch.sim.labtext import print_rules

    # wrapped at the terminal's width (80 columns when piped): the shared console's
    # soft wrap would crop Markdown list items at the edge instead
    print_rules(_game(game), Console(highlight=False), variants, as_json, variant)


@app.command("schema")
def schema_cmd(
    game: str = typer.Argument(..., help="game id"),
    kind: str | None = typer.Option(None, "--kind", help="a step kind; omit for the config schema"),
    items: bool = typer.Option(
        False, "--items", help="the schema of an --items catalogue file (games with items)"
    ),
    steps: bool = typer.Option(
        False,
        "--steps",
        help="the step descriptions (every kind, or --kind's): each field's words, kind of "
        "input and what the request offers, as the forms, Discord and RL read them",
    ),
) -> None:
    """Print the JSON Schema of a game's config, of one step kind's action, or of an item catalogue; with --steps, the game's step descriptions."""
    from mainmatch.engine.steps import steps_json

    g = _game(game)
    if steps:
        kinds = [kind] if kind else list(g.action_models)
        for k in kinds:
            if k not in g.action_models:
                raise UserError(
                    f"{g.id} has no step kind {k!r}; kinds: {', '.join(g.action_models)}"
                )
        schema = steps_json({k: g.step(k) for k in kinds})
    elif items:
        catalogue_schema = getattr(game_package(g), "catalogue_schema", None)
        if catalogue_schema is None:
            raise UserError(no_catalogue(g))
        schema = catalogue_schema()
    else:
        schema = g.action_schema(kind) if kind else g.config_schema()
    print(json.dumps(schema, indent=2))


@app.command("new")
def new_cmd(
    game: str = typer.Argument(..., help="game id"),
    output: Path = typer.Option(..., "-o", "--output", help="record file to write"),
    players: str | None = typer.Option(
        None,
        "--players",
        help="player ids, comma-separated, or a count (default: the spec's example ids)",
    ),
    seed: int | None = typer.Option(
        None, "--seed", help="seed for the chance in the config (default: drawn and printed)"
    ),
    sets: list[str] = typer.Option(
        [], "--set", help="host input KEY=JSON, e.g. --set 'garnets={\"jk\": 2}' (repeatable)"
    ),
    config: Path | None = typer.Option(
        None, "--config", help="JSON file of host inputs, or a complete config"
    ),
    items: Path | None = typer.Option(
        None,
        "--items",
        help="an item catalogue, for a game with items: JSON (`schema GAME --items` gives its"
        " shape) or the seed's words (one item per line, a blank line between auctions)",
    ),
) -> None:
    """Write a record with a fully explicit config and no steps."""
    from mainmatch.engine.record import dump_record, new_record

    g = _game(game)
    options: JSONObject = {}
    if config is not None:
        data = read_json(config, "--config")
        if not isinstance(data, dict):
            raise UserError(
                f"--config {config}: must be a JSON object of host inputs or a whole config"
            )
        full = complete_config(g, data)
        if full is not None:
            if players or sets or items or seed is not None:
                raise UserError(
                    f"--config {config} is a complete config; drop --players/--seed/--set/--items"
                )
            write_text(output, dump_record(new_record(g.id, full)))
            out.print(f"wrote {output} ({g.title}, config from {config})")
            return
        options.update(data)
    options.update(parse_sets(sets))
    if items is not None:
        if getattr(game_package(g), "load_catalogue", None) is None:
            raise UserError(no_catalogue(g))
        catalogue = read_catalogue(items)
        loader = getattr(game_package(g), "load_catalogue", None)
        options["auctions"] = loader(catalogue) if loader else catalogue
    names = options.pop("players", None)
    if players is not None or names is None:
        names = players_of(g, players)
    unknown = sorted(set(options) - set(g.host_inputs))
    if unknown:
        raise UserError(
            f"unknown host input {unknown[0]!r} for {g.id}; host inputs: {', '.join(g.host_inputs)}"
        )
    if seed is None:
        seed = secrets.randbelow(2**31)
        print(f"seed {seed}", file=sys.stderr)
    cfg = g.new_config(names, seed, **options)
    write_text(output, dump_record(new_record(g.id, cfg)))
    out.print(f"wrote {output} ({g.title}, {len(names)} players, seed {seed})")


@app.command("random")
def random_cmd(
    game: str = typer.Argument(..., help="game id"),
    output: Path = typer.Option(..., "-o", "--output", help="record file to write"),
    seed: int | None = typer.Option(
        None, "--seed", help="seed for the config and every action (default: drawn and printed)"
    ),
    players: str | None = typer.Option(
        None, "--players", help="player ids, comma-separated, or a count within the game's range"
    ),
) -> None:
    """Play a whole match of random legal actions and save its record."""
    from mainmatch.engine.match import play_random
    from mainmatch.engine.record import dump_record

    g = _game(game)
    if seed is None:
        seed = secrets.randbelow(2**31)
        print(f"seed {seed}", file=sys.stderr)
    rng = random.Random(seed)
    config = g.random_config(players_of(g, players), rng)
    match = play_random(g, config, rng)
    write_text(output, dump_record(match.record()))
    res = match.result()
    assert res is not None  # random play runs to the end
    out.print(f"wrote {output}: {len(match.steps)} steps, EC {res['elimination_candidate']}")


@app.command("replay")
def replay_cmd(
    record: Path = typer.Argument(..., help="a mainmatch-record/1 file"),
    as_json: bool = typer.Option(
        False, "--json", help="print the replay output (docs/spec/engine.md)"
    ),
    step: int | None = typer.Option(
        None,
        "--step",
        help="show the public view and every player's view after step K (0: the start)",
    ),
    dms: bool = typer.Option(False, "--dms", help="also print each player's private messages"),
) -> None:
    """Replay a record, validating every action: result and announcements."""
    from mainmatch.engine.announce import announce
    from mainmatch.engine.record import iter_replay, load_record, replay_output

    data = load_record(record)
    if step is not None and not 0 <= step <= len(data["steps"]):
        raise UserError(f"--step {step}: the record has steps 0..{len(data['steps'])}")
    if as_json and step is None:
        print(json.dumps(replay_output(data), ensure_ascii=False))
        return
    rep = None
    for rep, st in iter_replay(data):
        number = st.number if st else 0
        if step is not None:
            if number == step:
                show_views(rep.game, st.state if st else rep.initial, as_json)
                return
            continue
        if st is not None:
            ann = announce(rep.game, st.events)
            print(
                f"# Step {st.number}"
                + (f" (defaults: {', '.join(st.defaulted)})" if st.defaulted else "")
            )
            print(ann.public_text() or "(nothing public)")
            if dms:
                for p, lines in ann.private.items():
                    print(f"\n**DM to {p}**\n" + "\n\n".join(lines))
            print()
    assert rep is not None
    show_result(rep.game, rep.result(), rep.game.pending(rep.state))


@app.command("demo")
def demo_cmd(
    game: str = typer.Argument("seat_exchange", help="game id"),
    seed: int = typer.Option(1, "--seed"),
) -> None:
    """Play a demo match with random players and print its announcements."""
    from mainmatch.engine.announce import announce
    from mainmatch.engine.match import play_random

    g = _game(game)
    rng = random.Random(seed)
    match = play_random(g, g.random_config(g.default_lineup(), rng), rng)
    for n, events in enumerate(match.events, 1):
        print(f"# Step {n}\n{announce(g, events).public_text()}\n")
    show_result(g, match.result(), {})


def _register_host() -> None:
    from mainmatch.discord.cli import serve_hook
    from mainmatch.host.commands import register

    register(app, serve_hook())


def _register_sim() -> None:
    from mainmatch.sim.commands import register

    register(app)


def _register_season() -> None:
    from mainmatch.host.season_commands import register

    register(app)


def _register_lab() -> None:
    from mainmatch.sim.labcommands import register

    register(app)


def _register_discord() -> None:
    from mainmatch.discord.cli import register

    register(app)


#: this module's own commands: running one of them imports no extension
OWN_COMMANDS = frozenset({"games", "rules", "schema", "new", "random", "replay", "demo"})
#: the extensions, in the order ``mainmatch --help`` lists them
EXTENSIONS = {
    "host": _register_host,
    "sim": _register_sim,
    "season": _register_season,
    "lab": _register_lab,
    "discord": _register_discord,
}


def _register_extensions(args: list[str] | None = None) -> None:
    """Add the host's, seasons', simulator's, lab's and Discord's commands,
    only those the command line ``args`` may name (``None``: all):
    ``mainmatch games`` imports none of them and ``mainmatch season ...``
    only the season's (each costs its imports: the database layer,
    discord.py, the simulator)."""
    # once per process: main() may run many times (tests), and Typer would
    # otherwise keep every earlier copy of these commands and rebuild them all
    done: set[str] = app.__dict__.setdefault("_mm_extensions", set())
    first = next((a for a in args or [] if not a.startswith("-")), None)
    if first in OWN_COMMANDS:
        return
    for part, register in EXTENSIONS.items():
        if part in done or (first == "season" and part != "season"):
            continue
        done.add(part)
        try:
            register()
        except ImportError:
            pass  # an extra not installed: its commands are missing


def _remember_argv(argv: list[str] | None) -> None:
    """Reports print the exact command that made them (``--html``)."""
    commands = sys.modules.get("mainmatch.sim.commands")
    if commands is not None:  # only the simulator's commands write reports
        commands.ARGV[:] = list(sys.argv[1:] if argv is None else argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app; user errors become one line on stderr, exit 2."""
    _register_extensions(list(sys.argv[1:] if argv is None else argv))
    _remember_argv(argv)
    try:
        code = app(args=argv, standalone_mode=False, prog_name="mainmatch")
        # without standalone mode click returns a command's typer.Exit code instead of raising
        if isinstance(code, int) and code:
            return code
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort:
        print("mainmatch: aborted", file=sys.stderr)
        return 1
    except TyperException as exc:  # usage errors: one line, like every other error
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        print(f"mainmatch: {message}", file=sys.stderr)
        return 2
    except MainmatchError as exc:
        print(f"mainmatch: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mainmatch: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
