"""Plots of the designer lab: a sweep (a line per bot over one key, heatmaps
over two) and a search (each trial's rate, the best so far, the confirmed rate).

Rates carry their 95% intervals: error bars on lines, ``value [low, high]``
written in each heatmap cell. Matplotlib on the Agg back-end (no display).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from mainmatch.engine.game import JSONObject

from .plots import plt, save_figure
from .sweep import cell_figures

if TYPE_CHECKING:  # annotations only
    from matplotlib.figure import Figure


def _pct(e: JSONObject | None) -> float:
    return 100 * (e["value"] or 0) if e and e["value"] is not None else float("nan")


def _err(es: list[JSONObject | None]) -> list[list[float]]:
    low = [max(0.0, _pct(e) - 100 * e["low"]) if e and e["low"] is not None else 0.0 for e in es]
    high = [max(0.0, 100 * e["high"] - _pct(e)) if e and e["high"] is not None else 0.0 for e in es]
    return [low, high]


def _mean(e: JSONObject) -> float:
    return e["value"] if e["value"] is not None else float("nan")


def _mean_err(es: list[JSONObject]) -> list[list[float]]:
    return [
        [max(0.0, _mean(e) - e["low"]) if e["low"] is not None else 0.0 for e in es],
        [max(0.0, e["high"] - _mean(e)) if e["high"] is not None else 0.0 for e in es],
    ]


def plot_sweep(sweep: JSONObject, target: Path | BinaryIO) -> None:
    """One key: five panels of lines over its values; two keys: heatmaps."""
    if isinstance(target, str):
        target = Path(target)
    keys = list(sweep["vary"])
    if len(keys) == 1:
        fig = _lines(sweep, keys[0])
    else:
        fig = _heatmaps(sweep, keys[0], keys[1])
    save_figure(fig, target)


def _title(sweep: JSONObject) -> str:
    return (
        f"{sweep['cells'][0]['report']['title']}: sweep, {sweep['matches']:,} matches a cell, "
        f"bots {sweep['bots']}, seed {sweep['seed']}"
    )


def _lines(sweep: JSONObject, key: str) -> Figure:
    xs = [c["variant"][key] for c in sweep["cells"]]
    figs = [cell_figures(c["report"]) for c in sweep["cells"]]
    bots = list(figs[0]["tol"])
    fig, axes = plt.subplots(2, 3, figsize=(16, 9))
    fig.suptitle(_title(sweep))
    for ax, what, label in (
        (axes[0][0], "tol", "Token of Life rate, %"),
        (axes[0][1], "ec", "Elimination Candidate rate, %"),
    ):
        for bot in bots:
            es = [f[what].get(bot) for f in figs]
            ax.errorbar(xs, [_pct(e) for e in es], yerr=_err(es), marker="o", capsize=3, label=bot)
        ax.set_xlabel(key)
        ax.set_ylabel(label + " (95% CI)")
        ax.set_title(label.split(",")[0] + " per bot")
        ax.legend(fontsize="small")
    ax = axes[0][2]
    es = [f["length"] for f in figs]
    ax.errorbar(xs, [_mean(e) for e in es], yerr=_mean_err(es), marker="o", capsize=3)
    ax.set_xlabel(key)
    ax.set_ylabel("steps (95% CI)")
    ax.set_title("Game length")
    ax = axes[1][0]
    labels = sorted({end for f in figs for end in f["ends"]})
    for end in labels:
        es = [f["ends"].get(end) for f in figs]
        ys = [_pct(e) if e else 0.0 for e in es]
        ax.errorbar(xs, ys, yerr=_err(es), marker="o", capsize=3, label=end)
    ax.set_xlabel(key)
    ax.set_ylabel("% of matches (95% CI)")
    ax.set_title("How matches ended")
    ax.legend(fontsize="small")
    ax = axes[1][1]
    for which, label in (("best_seat", "best seat"), ("worst_seat", "worst seat")):
        es = [f[which] for f in figs]
        ax.errorbar(xs, [_pct(e) for e in es], yerr=_err(es), marker="o", capsize=3, label=label)
    ax.set_xlabel(key)
    ax.set_ylabel("Token of Life rate, % (95% CI)")
    ax.set_title("Seat advantage: best and worst seat")
    ax.legend(fontsize="small")
    axes[1][2].axis("off")
    axes[1][2].text(
        0.0,
        0.9,
        "\n".join(
            [f"varied: {key} = {', '.join(map(str, xs))}"]
            + ([f"also: {sweep['base_variant']}"] if sweep["base_variant"] else [])
        ),
        va="top",
        transform=axes[1][2].transAxes,
    )
    for row in axes:
        for ax in row:
            if ax.has_data():
                ax.set_xticks(xs)
    fig.tight_layout()
    return fig


def _heatmaps(sweep: JSONObject, kx: str, ky: str) -> Figure:
    xs = list(sweep["vary"][kx])
    ys = list(sweep["vary"][ky])
    by_cell = {
        (c["variant"][kx], c["variant"][ky]): cell_figures(c["report"]) for c in sweep["cells"]
    }
    first = next(iter(by_cell.values()))
    bots = list(first["tol"])
    ends = sorted({e for f in by_cell.values() for e in f["ends"]})
    panels: list[tuple[str, Any, bool]] = []
    for bot in bots:
        panels.append((f"ToL rate % of {bot}", lambda f, b=bot: f["tol"].get(b), True))
        panels.append((f"EC rate % of {bot}", lambda f, b=bot: f["ec"].get(b), True))
    panels.append(("game length (steps)", lambda f: f["length"], False))
    if ends:
        end = (
            ends[0]
            if len(ends) == 1
            else max(
                ends,
                key=lambda e: sum(
                    _pct(f["ends"].get(e)) if f["ends"].get(e) else 0 for f in by_cell.values()
                ),
            )
        )
        panels.append(
            (f"share of matches ending {end!r} %", lambda f, e=end: f["ends"].get(e), True)
        )
    panels.append(("best seat ToL rate %", lambda f: f["best_seat"], True))
    panels.append(("worst seat ToL rate %", lambda f: f["worst_seat"], True))
    cols = 3
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(6 * cols, 4.6 * rows), squeeze=False)
    fig.suptitle(_title(sweep))
    for i, (title, pick, rate) in enumerate(panels):
        ax = axes[i // cols][i % cols]
        grid = []
        texts = []
        for y in ys:
            line, tline = [], []
            for x in xs:
                e = pick(by_cell[(x, y)])
                scale = 100 if rate else 1
                if e is None or e["value"] is None:
                    line.append(float("nan"))
                    tline.append("-")
                    continue
                v = scale * e["value"]
                line.append(v)
                if e["low"] is None:
                    tline.append(f"{v:.1f}")
                else:
                    tline.append(f"{v:.1f}\n[{scale * e['low']:.1f}, {scale * e['high']:.1f}]")
            grid.append(line)
            texts.append(tline)
        im = ax.imshow(grid, origin="lower", cmap="viridis", aspect="auto")
        fig.colorbar(im, ax=ax)
        for yi in range(len(ys)):
            for xi in range(len(xs)):
                # dark text on viridis's light (high) end, light text on its dark end
                light = im.norm(grid[yi][xi]) > 0.6 if grid[yi][xi] == grid[yi][xi] else False
                ax.text(
                    xi,
                    yi,
                    texts[yi][xi],
                    ha="center",
                    va="center",
                    fontsize=8,
                    color="black" if light else "white",
                )
        ax.set_xticks(range(len(xs)), [str(x) for x in xs])
        ax.set_yticks(range(len(ys)), [str(y) for y in ys])
        ax.set_xlabel(kx)
        ax.set_ylabel(ky)
        ax.set_title(title)
    for j in range(len(panels), rows * cols):
        axes[j // cols][j % cols].axis("off")
    fig.tight_layout()
    return fig


def plot_search(result: JSONObject, target: Path | BinaryIO) -> None:
    """Each trial's figure and the best so far, the confirmed figure with its
    interval and the yardstick (the average seat of an all-field table); then
    the figure against each parameter."""
    if isinstance(target, str):
        target = Path(target)
    trials = result["trials"]
    names = list(result["params"])
    cols = 1 + len(names)
    fig, axes = plt.subplots(1, cols, figsize=(5 * cols, 4.2), squeeze=False)
    maximize = result["objective"] != "ec"
    label = {"tol": "ToL rate %", "ec": "EC rate %"}.get(
        result["objective"], "ToL rate - EC rate (points)"
    )
    ax = axes[0][0]
    rates = [100 * (t["rate"] or 0) for t in trials]
    best, run = [], None
    for r in rates:
        run = r if run is None else (max(run, r) if maximize else min(run, r))
        best.append(run)
    ax.plot(range(len(rates)), rates, "o", alpha=0.6, label="trial")
    ax.plot(range(len(rates)), best, "-", label="best so far")
    low, high = result["interval"]
    ax.axhspan(100 * low, 100 * high, color="tab:green", alpha=0.2, label="re-measured (95% CI)")
    ax.axhline(
        100 * result["yardstick"]["value"], color="tab:red", ls="--", label="average seat (field)"
    )
    ax.set_xlabel("trial")
    ax.set_ylabel(label)
    ax.set_title(f"search: {result['family']} vs {result['field']}")
    ax.legend(fontsize="small")
    for i, name in enumerate(names, 1):
        ax = axes[0][i]
        ax.scatter([t["params"][name] for t in trials], rates, alpha=0.7)
        ax.axvline(result["params"][name], color="tab:green", ls=":", label="best")
        ax.set_xlabel(name)
        ax.set_ylabel(label)
        ax.set_title(result["param_help"].get(name, name), fontsize="small")
    fig.tight_layout()
    save_figure(fig, target)
