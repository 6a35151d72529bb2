"""Which bots were at the table, and how far the shipped ``strategy`` can be exploited.

``simulate``, ``sweep``, ``search`` and ``balance`` say, for every bot of the
lineup, what it is (the shipped strategy bot, a family's defaults, a tuned or
mixture bot file, random play) and, for ``strategy``, its exploitability as
measured by ``mainmatch balance GAME --check strategy --store-exploitability
FILE`` into the package file ``mainmatch/bots/exploitability.json`` (its date
and exact command stored beside the figure). That figure is measured at the
official rules: under a variant it is quoted as such.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path

from rich.console import Console

from mainmatch.bots.families import MIXTURE, families
from mainmatch.bots.learned import LEARNED
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

DATA_FORMAT = "mainmatch-exploitability/1"
DATA_FILE = "exploitability.json"


def shipped_data() -> JSONObject:
    """The package's exploitability file (an empty one if it is missing)."""
    try:
        text = resources.files("mainmatch.bots").joinpath(DATA_FILE).read_text("utf-8")
    except (FileNotFoundError, OSError):
        return {"format": DATA_FORMAT, "games": {}}
    data: JSONObject = json.loads(text)
    return data


def exploitability_of(game_id: str, bot: str = "strategy") -> JSONObject | None:
    """The stored exploitability of ``bot`` in ``game_id``, or ``None``."""
    entry = shipped_data().get("games", {}).get(game_id)
    if not entry or entry.get("bot") != bot:
        return None
    return dict(entry)


def describe_bot(game_id: str, name: str, tuned: dict[str, tuple[str, JSONObject]] | None) -> str:
    """What the bot ``name`` is, in a few words."""
    tuned = tuned or {}
    if name in tuned:
        family, params = tuned[name]
        if family == LEARNED:
            f = params["file"]
            n = len(f["members"])
            return f"a learned bot ({n} polic{'y' if n == 1 else 'ies'}, `mainmatch train`)"
        if family == MIXTURE:
            parts = [
                f"{100 * c['weight']:.0f}% {c.get('bot') or c.get('family')}"
                for c in params["components"]
            ]
            return f"a mixture: {', '.join(parts)}"
        shown = ", ".join(
            f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}" for k, v in params.items()
        )
        return f"family {family} ({shown})"
    if name == "strategy":
        return "the shipped strategy bot"
    if name == "random":
        return "uniformly random legal actions"
    if name in families(game_id):
        return f"family {name} at its defaults"
    return "a registered bot"


def table_bots(
    game_id: str,
    lineup: list[str],
    tuned: dict[str, tuple[str, JSONObject]] | None,
    variant: JSONObject | None = None,
) -> list[JSONObject]:
    """One entry per distinct bot of ``lineup``: ``{"bot", "seats", "what",
    "exploitability"}`` (the last only for ``strategy``, else ``None``)."""
    out = []
    for name in dict.fromkeys(lineup):
        entry: JSONObject = {
            "bot": name,
            "seats": lineup.count(name),
            "what": describe_bot(game_id, name, tuned),
            "exploitability": None,
        }
        if name == "strategy" and name not in (tuned or {}):
            found = exploitability_of(game_id)
            if found is not None:
                found["official_rules_only"] = bool(variant)
            entry["exploitability"] = found
        out.append(entry)
    return out


def exploitability_text(x: JSONObject) -> str:
    """``best deviation found gains +12.3 points of (ToL - EC) [+8.1, +16.5] by saver
    (2026-11-27: `mainmatch balance ...`)``."""
    dev = x["deviation"]
    how = dev.get("bot") or dev.get("family")
    low, high = x["interval"]
    rules = "at the official rules, not this variant" if x.get("official_rules_only") else ""
    return (
        f"best deviation found gains {100 * x['gain']:+.1f} points of (ToL - EC) "
        f"[{100 * low:+.1f}, {100 * high:+.1f}] by {how} "
        f"({rules + ', ' if rules else ''}{x['date']}: `{x['command']}`)"
    )


def print_table_bots(entries: list[JSONObject], console: Console) -> None:
    """``bot strategy x12: the shipped strategy bot; best deviation ...``: one
    line per bot of the table, with the strategy bot's exploitability."""
    for e in entries:
        line = f"[bold]bot {e['bot']}[/bold] x{e['seats']}: {e['what']}"
        if e["bot"] == "strategy":
            x = e["exploitability"]
            line += (
                f"; {exploitability_text(x)}"
                if x
                else "; exploitability not measured (mainmatch balance GAME --check strategy)"
            )
        console.print(line, highlight=False, soft_wrap=True)


def store_entry(path: Path, result: JSONObject, command: str) -> JSONObject:
    """Merge ``result`` (``balance --check``) into the exploitability file at ``path``."""
    if result["mode"] != "check":
        raise MainmatchError("--store-exploitability goes with --check BOT")
    if result["variant"]:
        raise MainmatchError(
            "--store-exploitability stores the official rules' figure: drop --variant"
        )
    data: JSONObject = {"format": DATA_FORMAT, "games": {}}
    if path.exists():
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise MainmatchError(f"--store-exploitability {path}: cannot read it ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != DATA_FORMAT:
            raise MainmatchError(
                f'--store-exploitability {path}: not an exploitability file (needs "format": "{DATA_FORMAT}")'
            )
    x = result["exploitability"]
    entry = {
        "bot": result["checked"],
        "gain": _rounded(x["gain"]),
        "interval": [_rounded(v) for v in x["interval"]],
        "deviation": x["deviation"],
        "deviation_tol_rate": _rounded(x["deviation_tol_rate"]["value"]),
        "deviation_ec_rate": _rounded(x["deviation_ec_rate"]["value"]),
        "profile_payoff": _rounded(x["profile_payoff"]["value"]),
        "budget": result["budget"],
        "matches_played": result["matches_played"],
        "seed": result["seed"],
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "command": command,
    }
    data.setdefault("games", {})[result["game"]] = entry
    data["games"] = dict(sorted(data["games"].items()))
    try:
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise MainmatchError(f"cannot write {path}: {exc.strerror or exc}") from None
    return entry


def _rounded(v: float | None) -> float | None:
    return None if v is None or not math.isfinite(v) else round(v, 4)


def bots_of_report(report: JSONObject) -> list[JSONObject]:
    """:func:`table_bots` of a simulation report (its lineup, tuned bots, variant)."""
    tuned = {
        name: (t["family"], t["params"]) for name, t in (report.get("tuned_bots") or {}).items()
    }
    return table_bots(report["game"], list(report["lineup"]), tuned, report.get("variant"))
