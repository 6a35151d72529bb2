"""``mainmatch simulate``: the simulator on the command line."""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any

import typer
from rich.console import Console

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.variants import describe

from . import simulate as run_simulation
from .keep import DEFAULT_KEEP
from .labopts import PLAYERS_HELP, bot_params_option, variant_option
from .progress import progress_bar
from .records import INDEX, save_records
from .tablebots import bots_of_report, print_table_bots
from .tables import print_report, report_console

SIMULATE_HELP = """Play N matches of GAME between bots and report how each bot, seat and team fares.

--bots names one bot per seat, or fewer: the list is cycled to fill the table
(strategy,random at a 13-seat table is 7 strategy and 6 random bots); NAME:N
gives a bot exactly N seats and the others share the rest (found:1,strategy
is one found bot and strategy in every other seat). The table is then
rotated one seat per match so every bot sits in every seat (--seating shuffle
draws a new arrangement per match; fixed keeps the list's order).

Figures come with 95% confidence intervals (Wilson for rates, t for means,
clustered by match where a bot or team fills several seats of one match).
The same --seed gives the same figures whatever --workers or --ray.
"""


#: the options of ``simulate`` (one line each in its signature)
GameOpt = Annotated[str, typer.Argument(help="game id, e.g. seat_exchange")]
BotsOpt = Annotated[
    str,
    typer.Option(
        "--bots",
        "-b",
        metavar="BOT,BOT,...",
        help="bots by name, comma-separated, cycled to fill the seats; NAME:N takes exactly N seats (found:1,strategy)",
    ),
]
MatchesOpt = Annotated[int, typer.Option("-n", "--matches", help="number of matches")]
SeedOpt = Annotated[
    int,
    typer.Option("--seed", help="seed of the whole run; match i's seed derives from (seed, i)"),
]
WorkersOpt = Annotated[
    int | None,
    typer.Option("--workers", "-w", help="local processes (default: every core); 1 = this process"),
]
RayOpt = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="auto|ADDRESS",
        help="'auto' starts a local Ray instance; an ADDRESS joins that cluster (needs mainmatch\\[cluster])",
    ),
]
JsonPathOpt = Annotated[Path | None, typer.Option("--json", help="write the full report as JSON")]
PlotOpt = Annotated[
    Path | None,
    typer.Option("--plot", help="draw the report (PNG, SVG or PDF by suffix)"),
]
SaveDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--save-records",
        help="keep the records of chosen matches here (see --keep), for mainmatch replay",
    ),
]
KeepOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--keep",
        metavar="RULE",
        help="which records --save-records keeps: first:N (default first:10), end:LABEL (e.g. end:over_200), faults, match:I,J, all; repeatable",
    ),
]
SeatingOpt = Annotated[str, typer.Option("--seating", help="rotate (default), shuffle or fixed")]
ConfigsOpt = Annotated[
    str,
    typer.Option(
        "--configs",
        help="random: Game.random_config (varied host inputs); plain: Game.new_config defaults",
    ),
]
BotModuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--bot-module",
        metavar="MODULE",
        help="import this module (dotted name or .py file) first: it registers your own bots with mainmatch.bots.register; repeatable",
    ),
]
TimeLimitOpt = Annotated[
    float,
    typer.Option("--time-limit", help="seconds a bot may think per action; 0 = no limit"),
]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")]
VariantOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--variant",
        metavar="KEY=VALUE",
        help="play a rule variant (see `mainmatch rules GAME --variants`); repeatable",
    ),
]
BotParamsOpt = Annotated[
    list[Path] | None,
    typer.Option(
        "--bot-params",
        metavar="FILE",
        help="a tuned bot saved by `mainmatch search`; its name becomes a bot for --bots; repeatable",
    ),
]
HtmlOpt = Annotated[
    Path | None,
    typer.Option("--html", help="write one self-contained HTML page: tables, plot, command"),
]
PlayersOpt = Annotated[int | None, typer.Option("--players", metavar="N", help=PLAYERS_HELP)]


def register(app: typer.Typer) -> None:
    """Add the ``simulate`` command to ``app``."""

    @app.command("simulate", help=SIMULATE_HELP)
    def simulate(
        game: GameOpt,
        bots: BotsOpt = "random",
        matches: MatchesOpt = 1000,
        seed: SeedOpt = 0,
        workers: WorkersOpt = None,
        ray: RayOpt = None,
        json_path: JsonPathOpt = None,
        plot: PlotOpt = None,
        save_dir: SaveDirOpt = None,
        keep: KeepOpt = None,
        seating: SeatingOpt = "rotate",
        configs: ConfigsOpt = "random",
        bot_module: BotModuleOpt = None,
        time_limit: TimeLimitOpt = 5.0,
        quiet: QuietOpt = False,
        variant: VariantOpt = None,
        bot_params: BotParamsOpt = None,
        html: HtmlOpt = None,
        players: PlayersOpt = None,
    ) -> None:
        console = report_console()
        errors = Console(stderr=True, soft_wrap=True)  # an error is one line, however long
        rules = tuple(keep or ())
        if rules and save_dir is None:
            errors.print(
                "[red]error:[/red] --keep chooses which records --save-records writes; add --save-records DIR"
            )
            raise typer.Exit(2)
        if save_dir is not None and not rules:
            rules = DEFAULT_KEEP
        try:
            chosen = variant_option(game, variant)
            tuned = bot_params_option(game, bot_params)
            with progress_bar(errors, quiet, f"simulating {game}", matches) as advance:
                sim = run_simulation(
                    game,
                    bots,
                    matches,
                    seed=seed,
                    workers=workers,
                    ray=ray,
                    seating=seating,
                    configs=configs,
                    time_limit=time_limit or None,
                    keep=rules,
                    bot_modules=tuple(bot_module or ()),
                    on_progress=advance,
                    variant=chosen,
                    tuned=tuned,
                    players=players,
                )
            report = sim.report
            if chosen:
                console.print(f"[bold]rule variant[/bold]: {describe(chosen)}")
            print_report(report, console)
            report["bots_at_table"] = bots_of_report(report)
            print_table_bots(report["bots_at_table"], console)
            write_outputs(
                console,
                ("report", json_path, report),
                (plot, lambda path: _plots().plot_report(report, path)),
                (html, lambda: lazy_html().simulate_page(report, command_line())),
            )
            if save_dir is not None:
                paths = save_records(save_dir, sim.run.records, sim.run.summaries)
                console.print(
                    f"{len(paths)} records written to {save_dir} (index: {save_dir / INDEX}); replay one with: mainmatch replay {paths[0] if paths else save_dir / 'match-000000.json'}"
                )
        except MainmatchError as exc:
            errors.print(f"[red]error:[/red] {exc}", highlight=False)
            raise typer.Exit(2) from None


def _plots() -> ModuleType:
    from . import plots  # matplotlib loads only when asked

    return plots


def lazy_html() -> ModuleType:
    from . import html

    return html


def write_outputs(
    console: Console,
    as_json: tuple[str, Path | None, Any],
    plot: tuple[Path | None, Callable[[Path], Any]],
    page: tuple[Path | None, Callable[[], str]],
) -> None:
    """``--json``, ``--plot`` and ``--html`` of simulate, sweep and search: each
    written only when asked, and said on the console."""
    what, json_path, data = as_json
    if json_path is not None:
        write_text(json_path, json.dumps(data, indent=1) + "\n")
        console.print(f"{what} written to {json_path}")
    if plot[0] is not None:
        plot[1](plot[0])
        console.print(f"plot written to {plot[0]}")
    if page[0] is not None:
        write_text(page[0], page[1]())
        console.print(f"page written to {page[0]}")


#: the arguments of this run, set by ``mainmatch.cli.main`` (``sys.argv`` otherwise)
ARGV: list[str] = []


def command_line() -> str:
    """The command as typed (for reports that say how to make them again)."""
    return shlex.join(["mainmatch", *(ARGV or sys.argv[1:])])


def write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise MainmatchError(f"cannot write {path}: {exc.strerror or exc}") from None
