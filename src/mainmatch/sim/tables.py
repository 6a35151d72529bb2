"""The report as Rich tables: per bot, per seat, per team, the matches, faults."""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from mainmatch.bots.driver import FAULTS
from mainmatch.engine.game import JSONObject


def lineup_text(lineup: list[str]) -> str:
    """``strategy x7, random x6``: how many seats each bot holds.

    >>> lineup_text(["a", "b", "a"])
    'a x2, b x1'
    """
    counts: dict[str, int] = {}
    for bot in lineup:
        counts[bot] = counts.get(bot, 0) + 1
    return ", ".join(f"{bot} x{k}" for bot, k in counts.items())


def bots_at_table(report: JSONObject) -> str:
    """Which bots sat at a report's table, tuned ones with their family and
    parameters: ``found x1 (saver: spend=0, last=0), strategy x12``."""
    tuned = report.get("tuned_bots") or {}
    parts = []
    for part in lineup_text(report["lineup"]).split(", "):
        bot = part.rsplit(" x", 1)[0]
        if bot in tuned and tuned[bot]["family"] == "mixture":
            shares = ", ".join(
                f"{100 * c['weight']:.0f}% {c.get('bot') or c.get('family')}"
                for c in tuned[bot]["params"]["components"]
            )
            part += f" (mixture: {shares})"
        elif bot in tuned:
            params = ", ".join(
                f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}"
                for k, v in tuned[bot]["params"].items()
            )
            part += f" ({tuned[bot]['family']}: {params})"
        parts.append(part)
    return ", ".join(parts)


def pct(e: JSONObject | None) -> str:
    """A rate with its interval: ``18.2% [17.5, 18.9]``."""
    if e is None or e["value"] is None:
        return "-"
    if e["low"] is None:
        return f"{100 * e['value']:.1f}%"
    return f"{100 * e['value']:.1f}% [{100 * e['low']:.1f}, {100 * e['high']:.1f}]"


def num(e: JSONObject | None, digits: int = 2) -> str:
    """A mean with its interval: ``3.41 [3.38, 3.44]``."""
    if e is None or e["value"] is None:
        return "-"
    if e["low"] is None:
        return f"{e['value']:.{digits}f}"
    return f"{e['value']:.{digits}f} [{e['low']:.{digits}f}, {e['high']:.{digits}f}]"


def _figures_table(
    title: str, first: list[tuple[str, str]], rows: list[JSONObject], *, faults: bool
) -> Table:
    table = Table(title=title, title_justify="left", header_style="bold")
    for header, _key in first:
        table.add_column(header)
    table.add_column("n", justify="right")
    for header in ("ToL rate", "mean ToL", "EC rate", "mean garnets", "mean rank"):
        table.add_column(header, justify="right")
    if faults:
        table.add_column("faults", justify="right")
    for row in rows:
        cells = [str(row[key]) for _h, key in first]
        cells += [
            str(row["player_matches"]),
            pct(row["tol_rate"]),
            num(row["mean_tol"]),
            pct(row["ec_rate"]),
            num(row["mean_garnets"]),
            num(row["mean_rank"]),
        ]
        if faults:
            count = sum(row["faults"].values())
            cells.append(f"{count} ({pct(row['fault_rate'])})" if count else "0")
        table.add_row(*cells)
    return table


def report_tables(report: JSONObject) -> Group:
    """Everything a terminal shows after a run."""
    parts: list[RenderableType] = []
    head = (
        f"{report['title']}: {report['matches']} matches, seed {report['seed']}, "
        f"lineup {bots_at_table(report)} ({report['seating']} seating, {report['configs']} configs)"
    )
    parts.append(Text(head, style="bold"))
    parts.append(
        _figures_table(
            "Per bot (95% confidence intervals)", [("bot", "bot")], report["bots"], faults=True
        )
    )
    parts.append(
        _figures_table(
            "Per seat", [("seat", "seat"), ("player", "player")], report["seats"], faults=False
        )
    )
    if report["teams"]:
        parts.append(_figures_table("Per team", [("team", "team")], report["teams"], faults=False))
        parts.append(
            _figures_table(
                "Per bot and team",
                [("bot", "bot"), ("team", "team")],
                report["bot_teams"],
                faults=False,
            )
        )
    parts.append(_matches_table(report))
    faults = _faults_table(report)
    if faults is not None:
        parts.append(faults)
    return Group(*parts)


def _matches_table(report: JSONObject) -> Table:
    table = Table(title="Matches", title_justify="left", header_style="bold")
    table.add_column("figure")
    table.add_column("value", justify="right")
    length = report["length"]
    table.add_row(
        "game length (steps)",
        f"{num(length['mean_steps'])}  (min {length['min']}, max {length['max']})",
    )
    for end in report["ends"]:
        label = end["end"] if end["end"] is not None else "(no end label)"
        table.add_row(f"ended: {label}", f"{end['count']}  {pct(end['rate'])}")
    if report["void_rate"]["value"]:
        table.add_row("Tokens of Life void", pct(report["void_rate"]))
    if "timing" in report:
        t = report["timing"]
        table.add_row(
            "time",
            f"{t['seconds']:.1f} s, {t['matches_per_second']} matches/s on {t['backend']} ({t['workers']} workers)",
        )
    return table


def _faults_table(report: JSONObject) -> Table | None:
    rows = [b for b in report["bots"] if sum(b["faults"].values())]
    if not rows:
        return None
    table = Table(
        title="Bot faults (each replaced by the rules' default action)",
        title_justify="left",
        header_style="bold",
    )
    table.add_column("bot")
    for kind in FAULTS:
        table.add_column(kind, justify="right")
    table.add_column("of actions", justify="right")
    table.add_column("first message")
    for b in rows:
        example = next(iter(b["fault_examples"].values()), "")
        table.add_row(
            b["bot"], *[str(b["faults"][k]) for k in FAULTS], str(b["decisions"]), example
        )
    return table


def report_console() -> Console:
    """A console for the report: the terminal's width, or 160 columns into a
    file or pipe (so the interval columns do not wrap)."""
    console = Console()
    return console if console.is_terminal else Console(width=160)


def print_report(report: JSONObject, console: Console | None = None) -> None:
    (console or report_console()).print(report_tables(report))
