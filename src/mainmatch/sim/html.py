"""``--html FILE``: one self-contained page (tables, plots as inline PNG, the exact
command and seed) for ``simulate``, ``sweep`` and ``search``, to share as it is."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import BinaryIO

from jinja2 import Environment, PackageLoader, select_autoescape

from mainmatch.engine.game import JSONObject

from .tables import lineup_text, num, pct

_ENV = Environment(
    loader=PackageLoader("mainmatch.sim", "templates"), autoescape=select_autoescape(["html"])
)


@dataclass
class Section:
    title: str
    head: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    note: str = ""
    #: a PNG, base64
    image: str = ""


def png_of(draw: Callable[[BinaryIO], None]) -> str:
    """Base64 PNG of a figure drawn by ``draw(path_or_file)``."""
    buf = io.BytesIO()
    draw(buf)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def render(
    title: str,
    command: str,
    facts: Iterable[tuple[str, str]],
    sections: list[Section],
    lead: str = "",
) -> str:
    return _ENV.get_template("lab_report.html").render(
        title=title, command=command, facts=list(facts), sections=sections, lead=lead
    )


def bot_rows(report: JSONObject) -> list[list[str]]:
    return [
        [
            b["bot"],
            str(b["player_matches"]),
            pct(b["tol_rate"]),
            pct(b["ec_rate"]),
            num(b["mean_garnets"]),
            num(b["mean_rank"]),
        ]
        for b in report["bots"]
    ]


BOT_HEAD = ["bot", "n", "ToL rate", "EC rate", "mean garnets", "mean rank"]


def report_facts(report: JSONObject) -> list[tuple[str, str]]:
    facts = [
        ("game", report["title"]),
        ("matches", f"{report['matches']:,}"),
        ("seed", str(report["seed"])),
        ("lineup", lineup_text(report["lineup"])),
    ]
    if report.get("variant"):
        facts.append(("rule variant", ", ".join(f"{k}={v}" for k, v in report["variant"].items())))
    return facts


def simulate_page(report: JSONObject, command: str) -> str:
    """The page of one simulation: per bot, per seat, game length and ends, the plot."""
    from .plots import plot_report

    def draw(target: BinaryIO) -> None:
        plot_report(report, target)

    seats = [
        [str(s["seat"]), s["player"], pct(s["tol_rate"]), pct(s["ec_rate"]), num(s["mean_rank"])]
        for s in report["seats"]
    ]
    ends = [[str(e["end"]), str(e["count"]), pct(e["rate"])] for e in report["ends"]]
    sections = [
        Section("Per bot", BOT_HEAD, bot_rows(report)),
        Section("Per seat", ["seat", "player", "ToL rate", "EC rate", "mean rank"], seats),
        Section(
            "How matches ended",
            ["end", "matches", "share"],
            ends,
            note=f"game length: {num(report['length']['mean_steps'])} steps",
        ),
        Section("Plot", image=png_of(draw)),
    ]
    return render(f"{report['title']}: simulation", command, report_facts(report), sections)


def sweep_page(sweep: JSONObject, command: str) -> str:
    """The page of a sweep: the plot, then one table row per cell and bot."""
    from .labplots import plot_sweep
    from .sweep import cell_figures

    keys = list(sweep["vary"])
    rows = []
    for cell in sweep["cells"]:
        f = cell_figures(cell["report"])
        coords = [str(cell["variant"][k]) for k in keys]
        ends = ", ".join(f"{e} {pct(r)}" for e, r in f["ends"].items())
        for bot in f["tol"]:
            rows.append(
                coords
                + [bot, pct(f["tol"][bot]), pct(f["ec"][bot]), num(f["length"]), ends]
                + [pct(f["best_seat"]), pct(f["worst_seat"])]
            )
    head = keys + [
        "bot",
        "ToL rate",
        "EC rate",
        "length (steps)",
        "ends",
        "best seat",
        "worst seat",
    ]
    first = sweep["cells"][0]["report"]
    facts = [
        ("game", first["title"]),
        ("varied", "; ".join(f"{k} = {', '.join(map(str, v))}" for k, v in sweep["vary"].items())),
        ("matches per cell", f"{sweep['matches']:,}"),
        ("seed", str(sweep["seed"])),
        ("bots", sweep["bots"]),
    ]
    if sweep["base_variant"]:
        facts.append(
            ("in every cell", ", ".join(f"{k}={v}" for k, v in sweep["base_variant"].items()))
        )
    sections = [
        Section("Plot", image=png_of(lambda t: plot_sweep(sweep, t))),
        Section("Cells", head, rows),
    ]
    return render(f"{first['title']}: sweep", command, facts, sections)


def search_page(result: JSONObject, command: str, sentence: str) -> str:
    """The page of a search: the answer, the found parameters, the trials, the plot."""
    from .labplots import plot_search

    params = [[k, str(v), result["param_help"].get(k, "")] for k, v in result["params"].items()]
    unit = "points" if result["objective"] == "stakes" else "%"
    trials = [
        [str(t["number"]), f"{100 * t['rate']:.1f}{unit}"]
        + [str(t["params"][k]) for k in result["params"]]
        for t in result["trials"]
    ]
    confirm = result["confirm"]["report"]
    gain = result["gain"]
    facts = [
        ("game", confirm["title"]),
        ("family", result["family"]),
        ("field", result["field"]),
        ("objective", result.get("objective_meaning", result["objective"])),
        ("seed", str(result["seed"])),
        (
            "search",
            f"{result['search']['trials']} trials x {result['search']['matches']:,} matches",
        ),
        ("re-measured", f"{result['confirm']['matches']:,} fresh matches"),
        ("yardstick", result["yardstick"]["what"]),
        ("average seat", f"{100 * result['yardstick']['value']:.1f}{unit}"),
        (
            "gain (lower bound)",
            f"{100 * gain['value']:+.1f} points [{100 * gain['low']:+.1f}, {100 * gain['high']:+.1f}]",
        ),
        ("corners tried", str(result["search"]["corners"])),
        ("family defaults (trial 0)", f"{100 * result['default_rate']:.1f}{unit}"),
    ]
    if result["variant"]:
        facts.append(("rule variant", ", ".join(f"{k}={v}" for k, v in result["variant"].items())))
    if result.get("replay"):
        facts.append(("replay", result["replay"]))
    sections = [
        Section("Found parameters", ["parameter", "value", "meaning"], params),
        Section("Search", image=png_of(lambda t: plot_search(result, t))),
        Section("Re-measure: per bot", BOT_HEAD, bot_rows(confirm)),
        Section("Trials", ["trial", "figure"] + list(result["params"]), trials),
    ]
    return render(f"{confirm['title']}: strategy search", command, facts, sections, lead=sentence)
