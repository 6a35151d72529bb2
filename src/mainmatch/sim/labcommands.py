"""``mainmatch sweep`` and ``mainmatch search``: the designer lab on the command line.

Every error a user can cause is one line on stderr and exit 2.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from types import ModuleType
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

from .commands import command_line, lazy_html, write_outputs, write_text
from .labopts import PLAYERS_HELP, bot_params_option, variant_option, vary_option
from .progress import progress_bar
from .tablebots import bots_of_report, print_table_bots
from .tables import bots_at_table, pct, report_console

SWEEP_HELP = """Simulate GAME over a grid of rule variants (--vary, one or two keys).

Every cell plays the same bots, matches and seed (cells differ only by the
rules), on local processes or Ray like simulate. --json writes
{"cells": [{"variant": {KEY: VALUE}, "report": <simulate's JSON>}]};
--plot draws a line per bot over one key, heatmaps over two, with 95% intervals.
"""

SEARCH_HELP = """Tune a bot family (--family) with optuna to break GAME.

One seat plays the family, the others the field (--field, cycled). Each of
--trials trials plays -n matches: first the corners (the family's defaults,
then each parameter at its bounds), then optuna's sampler. The best parameters
are re-measured on fresh seeds (--confirm matches) and compared with the
average seat of an all-field table on the same seeds: the gain, with its 95%
interval, is a lower bound on what one seat can win by deviating. The default
--objective stakes is ToL rate minus EC rate (mainmatch.rl's default reward).
The found bot is saved (--save-bot) for simulate --bot-params, and a replay
command (--bots NAME:1,FIELD) plays the confirming table again exactly.
The same --seed gives the same result.
"""


def _progress(quiet: bool, label: str, total: int) -> AbstractContextManager[Callable[[int], None]]:
    return progress_bar(Console(stderr=True), quiet, label, total)


def _labplots() -> ModuleType:
    from . import labplots  # matplotlib loads only when asked

    return labplots


def _fail(exc: MainmatchError) -> typer.Exit:
    # soft_wrap: an error stays one line, whatever the terminal width
    Console(stderr=True, soft_wrap=True).print(f"[red]error:[/red] {exc}", highlight=False)
    return typer.Exit(2)


#: the options of ``sweep_cmd`` (one line each in its signature)
SweepGameOpt = Annotated[str, typer.Argument(help="game id")]
SweepVaryOpt = Annotated[
    list[str],
    typer.Option("--vary", metavar="KEY=V1,V2,...", help="a key and its values; once or twice"),
]
SweepBotsOpt = Annotated[str, typer.Option("--bots", "-b", help="bots, as for simulate")]
SweepMatchesOpt = Annotated[int, typer.Option("-n", "--matches", help="matches per cell")]
SweepSeedOpt = Annotated[int, typer.Option("--seed", help="seed of every cell")]
SweepVariantOpt = Annotated[
    list[str] | None,
    typer.Option("--variant", metavar="KEY=VALUE", help="held fixed in every cell"),
]
SweepWorkersOpt = Annotated[int | None, typer.Option("--workers", "-w")]
SweepRayOpt = Annotated[str | None, typer.Option("--ray", metavar="auto|ADDRESS")]
SweepSeatingOpt = Annotated[str, typer.Option("--seating")]
SweepBotModuleOpt = Annotated[list[str] | None, typer.Option("--bot-module")]
SweepBotParamsOpt = Annotated[list[Path] | None, typer.Option("--bot-params")]
SweepJsonPathOpt = Annotated[Path | None, typer.Option("--json", help="write every cell")]
SweepPlotOpt = Annotated[Path | None, typer.Option("--plot", help="PNG, SVG or PDF")]
SweepHtmlOpt = Annotated[Path | None, typer.Option("--html", help="one self-contained page")]
SweepQuietOpt = Annotated[bool, typer.Option("--quiet", "-q")]
SweepBalanceOpt = Annotated[
    bool,
    typer.Option("--balance", help="each cell plays its own solved profile (balance)"),
]
SweepBalanceBudgetOpt = Annotated[
    int, typer.Option("--balance-budget", help="matches of each cell's equilibrium search")
]
SweepPlayersOpt = Annotated[int | None, typer.Option("--players", metavar="N", help=PLAYERS_HELP)]


#: the options of ``search_cmd`` (one line each in its signature)
SearchGameOpt = Annotated[str, typer.Argument(help="game id")]
SearchFamilyOpt = Annotated[str, typer.Option("--family", help="bot family to tune")]
SearchTrialsOpt = Annotated[int, typer.Option("--trials", help="optuna trials")]
SearchMatchesOpt = Annotated[int, typer.Option("-n", "--matches", help="matches per trial")]
SearchFieldOpt = Annotated[
    str, typer.Option("--field", metavar="BOTS", help="the other seats' bots, cycled")
]
SearchSeedOpt = Annotated[int, typer.Option("--seed")]
SearchObjectiveOpt = Annotated[
    str,
    typer.Option(
        "--objective",
        help="stakes: maximise ToL rate - EC rate; tol: maximise ToL rate; ec: minimise EC rate",
    ),
]
SearchConfirmOpt = Annotated[
    int | None,
    typer.Option("--confirm", help="matches of the re-measure (default 2 x -n, >= 200)"),
]
SearchVariantOpt = Annotated[list[str] | None, typer.Option("--variant", metavar="KEY=VALUE")]
SearchWorkersOpt = Annotated[
    int, typer.Option("--workers", "-w", help="processes per trial (1: this one)")
]
SearchRayOpt = Annotated[str | None, typer.Option("--ray", metavar="auto|ADDRESS")]
SearchBotModuleOpt = Annotated[list[str] | None, typer.Option("--bot-module")]
SearchBotParamsOpt = Annotated[
    list[Path] | None, typer.Option("--bot-params", help="tuned bots for the field")
]
SearchSaveBotOpt = Annotated[
    Path | None,
    typer.Option("--save-bot", help="the found bot's file (default found-FAMILY.json)"),
]
SearchNameOpt = Annotated[str, typer.Option("--name", help="the found bot's name")]
SearchJsonPathOpt = Annotated[Path | None, typer.Option("--json")]
SearchPlotOpt = Annotated[Path | None, typer.Option("--plot")]
SearchHtmlOpt = Annotated[Path | None, typer.Option("--html")]
SearchQuietOpt = Annotated[bool, typer.Option("--quiet", "-q")]
SearchPlayersOpt = Annotated[int | None, typer.Option("--players", metavar="N", help=PLAYERS_HELP)]


def register(app: typer.Typer) -> None:
    """Add ``sweep``, ``search`` and ``balance`` to ``app``."""
    from .balance_commands import register as register_balance
    from .learn_commands import register as register_train

    register_balance(app)
    register_train(app)
    _register_sweep(app)
    _register_search(app)


def _register_sweep(app: typer.Typer) -> None:
    """Add ``sweep``: a rule variant's values side by side."""

    @app.command("sweep", help=SWEEP_HELP)
    def sweep_cmd(
        game: SweepGameOpt,
        vary: SweepVaryOpt,
        bots: SweepBotsOpt = "random",
        matches: SweepMatchesOpt = 1000,
        seed: SweepSeedOpt = 0,
        variant: SweepVariantOpt = None,
        workers: SweepWorkersOpt = None,
        ray: SweepRayOpt = None,
        seating: SweepSeatingOpt = "rotate",
        bot_module: SweepBotModuleOpt = None,
        bot_params: SweepBotParamsOpt = None,
        json_path: SweepJsonPathOpt = None,
        plot: SweepPlotOpt = None,
        html: SweepHtmlOpt = None,
        quiet: SweepQuietOpt = False,
        balance: SweepBalanceOpt = False,
        balance_budget: SweepBalanceBudgetOpt = 4000,
        players: SweepPlayersOpt = None,
    ) -> None:
        from .sweep import SweepSpec, grid, run_sweep

        console = report_console()
        try:
            spec = SweepSpec(
                game,
                vary_option(game, vary),
                bots,
                matches,
                seed,
                variant_option(game, variant),
                workers,
                ray,
                seating,
                bot_modules=tuple(bot_module or ()),
                tuned=bot_params_option(game, bot_params),
                balance_budget=balance_budget if balance else None,
                players=players,
            )
            cells = grid(spec)
            total = len(cells) * matches
            if balance:
                from .balance_commands import sweep_balance_total

                total = sweep_balance_total(spec, bots, cells)
            with _progress(quiet, f"sweeping {game}", total) as advance:
                result = run_sweep(spec, advance)
            _print_sweep(result, console)
            if balance:
                from .balance_commands import print_sweep_balance

                print_sweep_balance(result, console)
            result["bots_at_table"] = bots_of_report(result["cells"][0]["report"])
            print_table_bots(result["bots_at_table"], console)
            write_outputs(
                console,
                ("cells", json_path, result),
                (plot, lambda path: _labplots().plot_sweep(result, path)),
                (html, lambda: lazy_html().sweep_page(result, command_line())),
            )
        except MainmatchError as exc:
            raise _fail(exc) from None


def _register_search(app: typer.Typer) -> None:
    """Add ``search``: a bot family's numbers tuned against a field."""

    @app.command("search", help=SEARCH_HELP)
    def search_cmd(
        game: SearchGameOpt,
        family: SearchFamilyOpt,
        trials: SearchTrialsOpt = 30,
        matches: SearchMatchesOpt = 200,
        field: SearchFieldOpt = "strategy",
        seed: SearchSeedOpt = 0,
        objective: SearchObjectiveOpt = "stakes",
        confirm: SearchConfirmOpt = None,
        variant: SearchVariantOpt = None,
        workers: SearchWorkersOpt = 1,
        ray: SearchRayOpt = None,
        bot_module: SearchBotModuleOpt = None,
        bot_params: SearchBotParamsOpt = None,
        save_bot: SearchSaveBotOpt = None,
        name: SearchNameOpt = "found",
        json_path: SearchJsonPathOpt = None,
        plot: SearchPlotOpt = None,
        html: SearchHtmlOpt = None,
        quiet: SearchQuietOpt = False,
        players: SearchPlayersOpt = None,
    ) -> None:
        from .search import (
            SearchSpec,
            check_spec,
            found_bot,
            replay_command,
            run_search,
            sentence,
        )

        console = report_console()
        try:
            spec = SearchSpec(
                game,
                family,
                trials,
                matches,
                field,
                seed,
                objective,
                confirm,
                variant_option(game, variant),
                bot_params_option(game, bot_params),
                workers,
                ray,
                tuple(bot_module or ()),
                players,
            )
            check_spec(spec)
            # the trials, then the confirming table and the all-field table on its seeds
            total = trials * matches + 2 * (confirm or max(200, 2 * matches))
            with _progress(quiet, f"searching {game} ({family})", total) as advance:
                result = run_search(spec, advance)
            line = sentence(result)
            _print_search(result, line, console)
            result["bots_at_table"] = bots_of_report(result["confirm"]["report"])
            print_table_bots(result["bots_at_table"], console)
            bot_path = save_bot or Path(f"found-{family}.json")
            write_text(bot_path, json.dumps(found_bot(result, name), indent=1) + "\n")
            result["replay"] = replay_command(
                result, bot_path, name, list(bot_params or ()), list(bot_module or ())
            )
            console.print(
                f"found bot written to {bot_path}; play the confirming table again "
                f"(one {name} seat, {field} in the others) with: {result['replay']}",
                soft_wrap=True,
            )
            write_outputs(
                console,
                ("result", json_path, result),
                (plot, lambda path: _labplots().plot_search(result, path)),
                (html, lambda: lazy_html().search_page(result, command_line(), line)),
            )
        except MainmatchError as exc:
            raise _fail(exc) from None


def _print_sweep(result: JSONObject, console: Console) -> None:
    from .sweep import cell_figures

    keys = list(result["vary"])
    size = (
        f"{result['matches']:,} matches a cell"
        if not result.get("balance_budget")
        else f"each cell's solved profile (balance budget {result['balance_budget']:,} a cell)"
    )
    table = Table(title=f"sweep of {result['game']}: {size}, seed {result['seed']}")
    if result["cells"]:
        report = result["cells"][0]["report"]
        console.print(f"at the table: {bots_at_table(report)} ({report['seating']} seating)")
    for k in keys:
        table.add_column(k, justify="right")
    for col in ("bot", "ToL rate", "EC rate", "length", "ends"):
        table.add_column(col)
    for cell in result["cells"]:
        f = cell_figures(cell["report"])
        ends = ", ".join(f"{e} {100 * (r['value'] or 0):.0f}%" for e, r in f["ends"].items())
        for bot in f["tol"]:
            length = f["length"]["value"]
            table.add_row(
                *[str(cell["variant"][k]) for k in keys],
                bot,
                pct(f["tol"][bot]),
                pct(f["ec"][bot]),
                f"{length:.2f}" if length is not None else "-",
                ends,
            )
    console.print(table)


def _print_search(result: JSONObject, line: str, console: Console) -> None:
    table = Table(title=f"search of {result['game']}: family {result['family']}")
    table.add_column("parameter")
    table.add_column("found", justify="right")
    table.add_column("meaning")
    for k, v in result["params"].items():
        table.add_row(k, f"{v:.3g}" if isinstance(v, float) else str(v), result["param_help"][k])
    console.print(table)
    search = result["search"]
    console.print(
        f"at the table: {bots_at_table(result['confirm']['report'])}; "
        f"yardstick table: {bots_at_table(result['yardstick']['report'])}"
    )
    console.print(
        f"family defaults (trial 0): {_figure(result, result['default_rate'])} "
        f"({result['objective_meaning']}) in the search's matches; "
        f"{search['corners']} corner(s) tried before the sampler"
    )
    console.print(f"[bold]{line}[/bold]")


def _figure(result: JSONObject, value: float) -> str:
    if result["objective"] == "stakes":
        return f"{100 * value:+.1f} points"
    return f"{100 * value:.1f}%"
