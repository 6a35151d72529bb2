"""``--html FILE``: one self-contained page (tables, plots as inline PNG, the exact
command and seed) for ``simulate``, ``sweep`` and ``search``, to share as it is."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

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


def png_of(draw: Callable[[Any], None]) -> str:
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


def bot_rows(report: dict) -> list[list[str]]:
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


def report_facts(report: dict) -> list[tuple[str, str]]:
    facts = [
        ("game", report["title"]),
        ("matches", f"{report['matches']:,}"),
        ("seed", str(report["seed"])),
        ("lineup", lineup_text(report["lineup"])),
    ]
    if report.get("variant"):
        facts.append(("rule variant", ", ".join(f"{k}={v}" for k, v in report["variant"].items())))
    return facts


def simulate_page(report: dict, command: str) -> str:
    """The page of one simulation: per bot, per seat, game length and ends, the plot."""
    from .plots import plot_report

    def draw(target: Any) -> None:
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
