"""``mainmatch train``: a learned bot for any game, on the command line.

Every error a user can cause is one line on stderr and exit 2 (docs/cli.md
gives the bounds).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

from .commands import write_text
from .labopts import PLAYERS_HELP, variant_option
from .progress import resizable_bar
from .tables import report_console

TRAIN_HELP = """Train a learned bot for GAME from its step descriptions and views alone.

A population of linear policies (one per PSRO iteration, each a best response
learned by policy gradient against the population's mixture and the game's own
bots), its mixture solved by regret matching+ on simulated payoffs. -o FILE
is the bot: play it with simulate --bot-params FILE --bots NAME. The summary
measures it against random and the game's bots, and its exploitability: the
best gain of one deviating seat (random, the game's bots, fixed rules, a fresh
learned best response) with 95% intervals, a lower bound. --minutes is a
wall-clock deadline for training and measuring (a run it did not cut prints the
budget it fixed: --budget with that figure and the same seed gives the same
file); --budget is training matches. --ray auto|ADDRESS plays the batches on
Ray (the same file as local processes).
"""


def reproduce(data: JSONObject) -> str:
    """The command that makes the same file again (``--budget``, LRN6)."""
    t = data["training"]
    parts = ["mainmatch", "train", data["game"], "--players", str(data["players"])]
    parts += [f"--variant {k}={v}" for k, v in sorted(data["variant"].items())]
    parts += ["--budget", str(t["budget"]), "--seed", str(t["seed"])]
    parts += ["--iterations", str(t["iterations"]), "--name", data["name"]]
    if t.get("eval_matches") is not None:
        parts += ["--eval-matches", str(t["eval_matches"])]
    return " ".join(parts)


def register(app: typer.Typer) -> None:
    """Add ``train`` to ``app``."""

    @app.command("train", help=TRAIN_HELP)
    def train_cmd(
        game: Annotated[str, typer.Argument(help="game id")],
        out: Annotated[Path, typer.Option("-o", "--out", help="the learned bot file to write")],
        players: Annotated[
            int | None, typer.Option("--players", metavar="N", help=PLAYERS_HELP)
        ] = None,
        variant: Annotated[list[str] | None, typer.Option("--variant", metavar="KEY=VALUE")] = None,
        minutes: Annotated[
            float | None, typer.Option("--minutes", help="wall time (default 8 without --budget)")
        ] = None,
        budget: Annotated[
            int | None, typer.Option("--budget", help="training matches (instead of --minutes)")
        ] = None,
        seed: Annotated[int, typer.Option("--seed")] = 0,
        iterations: Annotated[int, typer.Option("--iterations", help="population members")] = 4,
        workers: Annotated[int, typer.Option("--workers", "-w", help="processes")] = 1,
        ray: Annotated[str | None, typer.Option("--ray", metavar="auto|ADDRESS")] = None,
        name: Annotated[str, typer.Option("--name", help="the bot's name")] = "learned",
        eval_matches: Annotated[
            int | None,
            typer.Option(
                "--eval-matches", help="matches per measured table (default: from the budget)"
            ),
        ] = None,
        quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
    ) -> None:
        from .learn import TrainSpec, check_train, least_budget, own_bots
        from .learn_eval import planned, train

        console = report_console()
        try:
            spec = TrainSpec(
                game,
                players=players,
                variant=variant_option(game, variant),
                minutes=minutes if minutes is not None or budget is not None else 8.0,
                budget=budget,
                seed=seed,
                workers=workers,
                ray=ray,
                name=name,
                iterations=iterations,
                eval_matches=eval_matches,
            )
            check_train(spec)
            if out.is_dir():
                raise MainmatchError(f"-o {out}: is a folder; give a file name")
            folder = out.parent if str(out.parent) else Path(".")
            if not folder.is_dir() or not os.access(folder, os.W_OK):
                raise MainmatchError(
                    f"-o {out}: cannot write in {folder} (checked before training)"
                )
            fixed = 1 + len(own_bots(game))
            # with --minutes the bar's length is a guess until two batches fix the budget
            guess = spec.budget or least_budget(spec.iterations)
            bar = resizable_bar(
                Console(stderr=True), quiet, f"training {game}", planned(spec, guess, fixed)
            )
            with bar as (advance, resize):
                data = train(spec, advance, lambda b: resize(planned(spec, b, fixed)))
            # a file the clock cut is not what --budget writes (training.clock says what was cut)
            cut = bool(data["training"].get("clock"))
            data["training"]["reproduce"] = None if cut else reproduce(data)
            write_text(out, json.dumps(data, indent=1, sort_keys=True) + "\n")
            print_summary(data, console)
            console.print(
                f"learned bot written to {out}; play it with: mainmatch simulate {game} "
                f"--players {data['players']} --bot-params {out} --bots {name}:1,random",
                highlight=False,
                soft_wrap=True,
            )
        except MainmatchError as exc:
            Console(stderr=True, soft_wrap=True).print(f"[red]error:[/red] {exc}", highlight=False)
            raise typer.Exit(2) from None


def _pts(x: JSONObject) -> str:
    low, high = x["interval"]
    return f"{100 * x['value']:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}]"


def _rate(r: JSONObject) -> str:
    return f"{100 * r['value']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}]"


def print_summary(data: JSONObject, console: Console) -> None:
    """What was learned: the population, its rates, its exploitability."""
    t, s = data["training"], data["summary"]
    mix = ", ".join(
        f"{m['label']} {100 * w:.0f}%" for m, w in zip(data["members"], data["mixture"])
    )
    console.print(
        f"[bold]{data['game']}[/bold], {data['players']} players: {len(data['members'])} policies "
        f"({mix}); {t['matches_played']:,} matches played, {t['budget']:,} of them training",
        highlight=False,
    )
    rates = Table(title="one learned seat against a table of")
    for col in ("table", "ToL rate", "EC rate"):
        rates.add_column(col)
    for r in s["rates"]:
        rates.add_row(r["against"], _rate(r["tol_rate"]), _rate(r["ec_rate"]))
    console.print(rates)
    devs = Table(
        title=f"one seat deviating from an all-learned table ({s['matches_per_table']:,} matches each)"
    )
    for col in ("deviation", "what", "ToL", "EC", "gain (points of ToL - EC)"):
        devs.add_column(col)
    for r in s["deviations"]:
        devs.add_row(
            r["deviation"],
            r["what"],
            f"{100 * r['tol_rate']:.1f}%",
            f"{100 * r['ec_rate']:.1f}%",
            _pts(r["gain"]),
        )
    console.print(devs)
    x = s["exploitability"]
    again = f"Same file again: {t['reproduce']}"
    if t.get("clock"):
        again = (
            f"The clock ({t['clock']['minutes']} minutes) cut: {'; '.join(t['clock']['cut'])}; "
            f"--budget {t['budget']} trains the full budget instead (not this file)."
        )
    console.print(
        f"Exploitability found: {x['deviation']} gains {_pts(x['gain'])} points over the table's "
        f"own {_pts(s['value'])}; a lower bound (only these deviations were tried). {again}",
        highlight=False,
        soft_wrap=True,
    )
