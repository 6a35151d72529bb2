"""``mainmatch balance``: the equilibrium search on the command line.

Every error a user can cause is one line on stderr and exit 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject
from mainmatch.engine.variants import describe

from .balance_learned import learned_line
from .balance_spec import (
    CHECK_BUDGET,
    DEFAULT_BUDGET,
    DEFAULT_ITERATIONS,
    DEFAULT_META_STEPS,
    DEFAULT_TRIALS,
    PROFILE,
    params_text,
)
from .commands import command_line, write_outputs, write_text
from .labopts import PLAYERS_HELP, bot_params_option, variant_option
from .progress import progress_bar
from .sweep import SweepSpec
from .tables import print_report, report_console

BALANCE_HELP = f"""How GAME plays among good players: an equilibrium search, then its figures and its exploitability.

A population of policies (the strategy bot, each family's defaults) plays a
meta-game whose payoffs (ToL +1, EC -1 per seat) are measured by simulation;
regret matching (or --solver replicator) updates the meta-strategy, and each
iteration `search` adds every family's best response to it. The answer is a
mixture of policies (--save-bot writes it for simulate --bot-params). Reported:
the figures of a table of that profile (95% intervals) and its exploitability,
the best single-seat deviation found, re-measured on fresh seeds. Its oracles:
the population, a search per family, and a learned best response (mainmatch
train's learner, trained in one seat against the profile, --learned-budget
matches or --learned-minutes of wall time on top of --budget, then re-measured
on its own fresh matches); a lower bound, since only these were tried.

--check BOT skips the search: the figures and exploitability of BOT (e.g.
strategy, or a --bot-params file's bot). --budget is the matches to play
(default {DEFAULT_BUDGET:,}, with --check {CHECK_BUDGET:,}; the searches may add
a few); the same --seed gives the same answer whatever --workers.
"""


#: the options of ``balance_cmd`` (one line each in its signature)
GameOpt = Annotated[str, typer.Argument(help="game id")]
VariantOpt = Annotated[
    list[str] | None,
    typer.Option("--variant", metavar="KEY=VALUE", help="the rule variant to solve"),
]
BudgetOpt = Annotated[
    int | None,
    typer.Option(
        "--budget",
        help=f"matches to play in all (default: {DEFAULT_BUDGET:,}; with --check: {CHECK_BUDGET:,})",
        show_default=False,
    ),
]
SeedOpt = Annotated[int, typer.Option("--seed")]
IterationsOpt = Annotated[int, typer.Option("--iterations", help="meta-game iterations")]
MetaStepsOpt = Annotated[int, typer.Option("--meta-steps", help="meta-solver steps per iteration")]
TrialsOpt = Annotated[int, typer.Option("--trials", help="optuna trials per best response")]
SolverOpt = Annotated[str, typer.Option("--solver", help="regret (regret matching+) or replicator")]
CheckOpt = Annotated[
    str | None,
    typer.Option("--check", metavar="BOT", help="measure this bot's profile, no search"),
]
BotParamsOpt = Annotated[
    list[Path] | None, typer.Option("--bot-params", help="tuned or mixture bots")
]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-w",
        help="local processes per simulation (default: every core, as simulate); 1 = this process",
    ),
]
RayOpt = Annotated[str | None, typer.Option("--ray", metavar="auto|ADDRESS")]
BotModuleOpt = Annotated[list[str] | None, typer.Option("--bot-module")]
SaveBotOpt = Annotated[
    Path | None, typer.Option("--save-bot", help="write the profile as a mixture bot")
]
NameOpt = Annotated[str, typer.Option("--name", help="the saved bot's name")]
StoreOpt = Annotated[
    Path | None,
    typer.Option(
        "--store-exploitability",
        metavar="FILE",
        help="with --check: merge the figure into FILE (src/mainmatch/bots/exploitability.json)",
    ),
]
JsonPathOpt = Annotated[Path | None, typer.Option("--json")]
HtmlOpt = Annotated[Path | None, typer.Option("--html")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q")]
PlayersOpt = Annotated[int | None, typer.Option("--players", metavar="N", help=PLAYERS_HELP)]
LearnedBudgetOpt = Annotated[
    int | None,
    typer.Option(
        "--learned-budget",
        metavar="MATCHES",
        help="training matches of the learned best response (default: 10% of --budget when at least 640; 0: none)",
    ),
]

LearnedMinutesOpt = Annotated[
    float | None,
    typer.Option(
        "--learned-minutes",
        metavar="M",
        help="wall-clock minutes of each learned best response's training, read between "
        "batches (above 0, at most 1,440; instead of --learned-budget)",
    ),
]


def register(app: typer.Typer) -> None:
    """Add ``balance`` to ``app``."""

    @app.command("balance", help=BALANCE_HELP)
    def balance_cmd(
        game: GameOpt,
        variant: VariantOpt = None,
        budget: BudgetOpt = None,
        seed: SeedOpt = 0,
        iterations: IterationsOpt = DEFAULT_ITERATIONS,
        meta_steps: MetaStepsOpt = DEFAULT_META_STEPS,
        trials: TrialsOpt = DEFAULT_TRIALS,
        solver: SolverOpt = "regret",
        check: CheckOpt = None,
        bot_params: BotParamsOpt = None,
        workers: WorkersOpt = None,
        ray: RayOpt = None,
        bot_module: BotModuleOpt = None,
        save_bot: SaveBotOpt = None,
        name: NameOpt = "equilibrium",
        store: StoreOpt = None,
        json_path: JsonPathOpt = None,
        html: HtmlOpt = None,
        quiet: QuietOpt = False,
        players: PlayersOpt = None,
        learned_budget: LearnedBudgetOpt = None,
        learned_minutes: LearnedMinutesOpt = None,
    ) -> None:
        from .balance import profile_bot, run_balance, sentence
        from .balance_spec import BalanceSpec, default_budget, planned_total

        console = report_console()
        try:
            if store is not None and check is None:
                raise MainmatchError("--store-exploitability goes with --check BOT")
            if not name or "," in name or name.strip() != name:
                raise MainmatchError("--name must be a bot name without commas or spaces")
            spec = BalanceSpec(
                game,
                budget=default_budget(check) if budget is None else budget,
                seed=seed,
                variant=variant_option(game, variant),
                iterations=iterations,
                meta_steps=meta_steps,
                trials=trials,
                solver=solver,
                check=check,
                tuned=bot_params_option(game, bot_params),
                workers=workers,
                ray=ray,
                bot_modules=tuple(bot_module or ()),
                players=players,
                learned_budget=learned_budget,
                learned_minutes=learned_minutes,
            )
            total = planned_total(spec)
            label = f"checking {check} in {game}" if check else f"balancing {game}"
            with progress_bar(Console(stderr=True), quiet, label, total) as advance:
                result = run_balance(spec, advance)
            result["command"] = command_line()
            line = sentence(result)
            print_balance(result, line, console)
            if save_bot is not None:
                write_text(save_bot, json.dumps(profile_bot(result, name), indent=1) + "\n")
                console.print(
                    f"profile written to {save_bot}; play it with: mainmatch simulate {game} "
                    f"--bot-params {save_bot} --bots {name}"
                    + "".join(f" --variant {k}={v}" for k, v in result["variant"].items())
                )
            if store is not None:
                from .tablebots import store_entry

                store_entry(store, result, result["command"])
                console.print(f"exploitability of {check} stored in {store}")
            write_outputs(
                console,
                ("result", json_path, result),
                (None, lambda _path: None),
                (html, lambda: balance_page(result, line)),
            )
        except MainmatchError as exc:
            Console(stderr=True, soft_wrap=True).print(f"[red]error:[/red] {exc}", highlight=False)
            raise typer.Exit(2) from None


def profile_rows(result: JSONObject) -> list[list[str]]:
    return [
        [
            c["label"],
            f"{100 * c['weight']:.1f}%",
            c.get("bot") or c["family"],
            params_text(c.get("params") or {}),
            c["found"],
        ]
        for c in result["profile"]
    ]


PROFILE_HEAD = ["policy", "weight", "bot or family", "parameters", "how found"]


def candidate_rows(result: JSONObject) -> list[list[str]]:
    rows = sorted(result["exploitability"]["candidates"], key=lambda c: -c["gain"])
    return [[c["label"], f"{100 * c['gain']:+.1f}", c["found"]] for c in rows]


CANDIDATE_HEAD = ["deviation", "gain (points, search seeds)", "how found"]


def _table(title: str, head: list[str], rows: list[list[str]]) -> Table:
    table = Table(title=title)
    for col in head:
        table.add_column(col)
    for row in rows:
        table.add_row(*row)
    return table


def print_balance(result: JSONObject, line: str, console: Console) -> None:
    """The text report: the profile, its table's figures, its exploitability."""
    head = f"check of {result['checked']}" if result["mode"] == "check" else "equilibrium profile"
    if result["variant"]:
        console.print(f"[bold]rule variant[/bold]: {describe(result['variant'])}")
    title = f"{result['title']}: {head} (seed {result['seed']})"
    console.print(_table(title, PROFILE_HEAD, profile_rows(result)))
    console.print(f"Figures of a table where every seat plays the profile ({PROFILE}):")
    print_report(result["equilibrium"], console)
    value = result["value"]
    console.print(
        f"the profile's own payoff per seat (ToL - EC): {100 * value['value']:+.1f} points "
        f"[{100 * (value['low'] or 0):+.1f}, {100 * (value['high'] or 0):+.1f}]"
    )
    console.print(
        _table("Deviations tried against the profile", CANDIDATE_HEAD, candidate_rows(result))
    )
    console.print(f"[bold]{line}[/bold]")
    if learned_line(result["exploitability"]):
        console.print(learned_line(result["exploitability"]))
    console.print(
        f"{result['matches_played']:,} matches played (budget {result['budget']:,}; "
        f"unit {result['plan']['unit']:,} matches)"
    )


def balance_page(result: JSONObject, line: str) -> str:
    from .html import BOT_HEAD, Section, bot_rows, render, report_facts
    from .tables import num, pct

    report = result["equilibrium"]
    seats = [
        [str(s["seat"]), s["player"], pct(s["tol_rate"]), pct(s["ec_rate"]), num(s["mean_garnets"])]
        for s in report["seats"]
    ]
    teams = [
        [t["team"], pct(t["tol_rate"]), pct(t["ec_rate"]), num(t["mean_garnets"])]
        for t in report["teams"]
    ]
    ends = [[str(e["end"]), str(e["count"]), pct(e["rate"])] for e in report["ends"]]
    facts = report_facts(report) + [
        ("mode", result["mode"] + (f" ({result['checked']})" if result["checked"] else "")),
        ("budget", f"{result['budget']:,} matches ({result['matches_played']:,} played)"),
        ("solver", result["solver"]),
    ]
    sections = [
        Section("Profile", PROFILE_HEAD, profile_rows(result)),
        Section("Per bot", BOT_HEAD, bot_rows(report)),
        Section("Per seat", ["seat", "player", "ToL rate", "EC rate", "mean garnets"], seats),
        Section(
            "How matches ended",
            ["end", "matches", "share"],
            ends,
            note=f"game length: {num(report['length']['mean_steps'])} steps",
        ),
        Section("Deviations", CANDIDATE_HEAD, candidate_rows(result)),
    ]
    if teams:
        sections.insert(
            3, Section("Per team", ["team", "ToL rate", "EC rate", "mean garnets"], teams)
        )
    return render(f"{result['title']}: balance", result["command"], facts, sections, lead=line)


def sweep_balance_total(
    spec: SweepSpec, bots: str, cells: list[tuple[dict[str, int], dict[str, int]]]
) -> int:
    """``sweep --balance``: the matches planned over every cell (one line on a
    bad choice before any cell is played)."""
    from .balance import balance_spec_of_cell
    from .balance_spec import planned_total

    if bots != "random":
        raise MainmatchError("--balance plays each cell's solved profile: drop --bots")
    return sum(planned_total(balance_spec_of_cell(spec, variant)) for _coords, variant in cells)


def print_sweep_balance(result: JSONObject, console: Console) -> None:
    """Each cell's profile and exploitability, under the sweep's table."""
    keys = list(result["vary"])
    table = Table(title="sweep --balance: each cell's solved profile")
    for k in keys:
        table.add_column(k, justify="right")
    for col in ("profile", "exploitability (points of ToL - EC)", "by"):
        table.add_column(col)
    for cell in result["cells"]:
        b = cell["balance"]
        x = b["exploitability"]
        low, high = x["interval"]
        dev = x["deviation"]
        table.add_row(
            *[str(cell["variant"][k]) for k in keys],
            ", ".join(f"{100 * c['weight']:.0f}% {c['label']}" for c in b["profile"]),
            f"{100 * x['gain']:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}]",
            f"{dev['label']} ({dev.get('bot') or dev.get('family')})",
        )
    console.print(table)
