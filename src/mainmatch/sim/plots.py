"""The report as one figure (``--plot FILE``; PNG, SVG or PDF by the suffix).

Six panels: ToL and EC rates per bot, ToL rate per seat (or team), and the
distributions of garnets, ranks, game length and end labels. Rates carry
their 95% intervals as error bars. Matplotlib runs on the Agg back-end, so
no display is needed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

from .tables import lineup_text

if TYPE_CHECKING:  # annotations only
    from matplotlib.figure import Figure

#: pyplot, as the other plotting modules take it from here (the Agg backend set first)
__all__ = ["plot_report", "plt", "save_figure"]


def _rate_bars(
    ax: Axes,
    labels: list[str],
    estimates: list[JSONObject],
    colour: str,
    offset: float = 0.0,
    width: float = 0.8,
    label: str | None = None,
) -> None:
    xs = [i + offset for i in range(len(labels))]
    values = [100 * (e["value"] or 0) for e in estimates]
    # an undefined interval (no data) draws no error bar
    lows = [
        max(0.0, 100 * (e["value"] - e["low"])) if e["low"] is not None else 0 for e in estimates
    ]
    highs = [
        max(0.0, 100 * (e["high"] - e["value"])) if e["high"] is not None else 0 for e in estimates
    ]
    ax.bar(xs, values, width=width, color=colour, yerr=[lows, highs], capsize=3, label=label)


def _share_bars(ax: Axes, rows: list[JSONObject], key: str, names: list[str]) -> None:
    """Grouped bars: for each row (bot), the share of each value of ``key``'s histogram."""
    values = sorted({int(v) for r in rows for v in r[key]})
    if not values:
        ax.text(0.5, 0.5, "no data", ha="center", va="center", transform=ax.transAxes)
        return
    width = 0.8 / max(1, len(rows))
    for i, (row, name) in enumerate(zip(rows, names)):
        total = sum(row[key].values()) or 1
        shares = [100 * row[key].get(str(v), 0) / total for v in values]
        ax.bar(
            [j + i * width - 0.4 + width / 2 for j in range(len(values))],
            shares,
            width=width,
            label=name,
        )
    ax.set_xticks(range(len(values)), [str(v) for v in values])
    ax.set_ylabel("% of player-matches")
    ax.legend(fontsize="small")


def plot_report(report: JSONObject, path: str | Path | BinaryIO) -> str | Path | BinaryIO:
    """Draw ``report`` into ``path``; the format follows its suffix (a binary file
    object gets a PNG, for the HTML page)."""
    path = Path(path) if isinstance(path, str) else path
    fig, axes = plt.subplots(2, 3, figsize=(16, 9))
    fig.suptitle(
        f"{report['title']}: {report['matches']} matches, lineup {lineup_text(report['lineup'])}, seed {report['seed']}"
    )
    bots = [b["bot"] for b in report["bots"]]

    ax = axes[0][0]
    _rate_bars(
        ax, bots, [b["tol_rate"] for b in report["bots"]], "tab:green", -0.2, 0.4, "Token of Life"
    )
    _rate_bars(
        ax,
        bots,
        [b["ec_rate"] for b in report["bots"]],
        "tab:red",
        0.2,
        0.4,
        "Elimination Candidate",
    )
    ax.set_xticks(range(len(bots)), bots)
    ax.set_ylabel("% of player-matches (95% CI)")
    ax.set_title("Per bot")
    ax.legend(fontsize="small")

    ax = axes[0][1]
    groups = report["teams"] or report["seats"]
    key = "team" if report["teams"] else "player"
    names = [str(g[key]) for g in groups]
    _rate_bars(ax, names, [g["tol_rate"] for g in groups], "tab:green")
    ax.set_xticks(range(len(names)), names, rotation=45 if len(names) > 6 else 0)
    ax.set_ylabel("Token of Life rate, % (95% CI)")
    ax.set_title("Per team" if report["teams"] else "Per seat")

    ax = axes[0][2]
    _share_bars(ax, report["bots"], "garnets_histogram", bots)
    ax.set_xlabel("garnets awarded")
    ax.set_title("Garnets")

    ax = axes[1][0]
    if any(b["rank_histogram"] for b in report["bots"]):
        _share_bars(ax, report["bots"], "rank_histogram", bots)
        ax.set_xlabel("rank (1 = best)")
    else:
        ax.text(
            0.5, 0.5, "this game has no ranking", ha="center", va="center", transform=ax.transAxes
        )
    ax.set_title("Ranks")

    ax = axes[1][1]
    hist = report["length"]["histogram"]
    ax.bar([int(k) for k in hist], list(hist.values()), color="tab:blue")
    ax.set_xlabel("steps")
    ax.set_ylabel("matches")
    ax.set_title("Game length")

    ax = axes[1][2]
    ends = report["ends"]
    labels = [str(e["end"]) for e in ends]
    _rate_bars(ax, labels, [e["rate"] for e in ends], "tab:purple")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel("% of matches (95% CI)")
    ax.set_title("How matches ended")

    fig.tight_layout()
    save_figure(fig, path)
    return path


def save_figure(fig: Figure, path: Path | BinaryIO) -> None:
    """Save and close ``fig``: a path's suffix gives the format, a file object gets a PNG."""
    try:
        if isinstance(path, Path):
            fig.savefig(path)
        else:
            fig.savefig(path, format="png", dpi=90)
    except (OSError, ValueError) as exc:
        raise MainmatchError(f"cannot write the plot {path}: {exc}") from None
    finally:
        plt.close(fig)
