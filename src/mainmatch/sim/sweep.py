"""``mainmatch sweep``: the simulator over a grid of rule variants.

``--vary KEY=V1,V2,...`` names one or two keys of the game's variants
(``Game.variant_keys``); every cell of the grid is a simulation with the
same bots, matches and seed (common random numbers: cells differ only by
the rules), on the same back-ends as ``simulate``. A cell whose values are
the official rules plays with no variant field at all. Every cell is checked
before anything is played, so an impossible combination stops the sweep
with one line.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

from . import simulate
from .labopts import cell_variant

#: cells x matches a sweep may play
MAX_WORK = 50_000_000


@dataclass(frozen=True)
class SweepSpec:
    game: str
    vary: list[tuple[str, list[int]]]
    bots: str
    matches: int
    seed: int = 0
    base: JSONObject | None = None
    workers: int | None = None
    ray: str | None = None
    seating: str = "rotate"
    configs: str = "random"
    time_limit: float | None = 5.0
    bot_modules: tuple[str, ...] = ()
    tuned: JSONObject | None = None
    #: ``sweep --balance``: matches of each cell's equilibrium search (``balance``);
    #: the cell's figures are then its solved profile's, and ``bots`` is unused
    balance_budget: int | None = None
    #: the table size (``--players``; ``None``: the game's default count)
    players: int | None = None


def grid(spec: SweepSpec) -> list[tuple[dict[str, int], dict[str, int]]]:
    """``[(cell coordinates, the cell's variant)]``, every cell checked."""
    if not spec.vary:
        raise MainmatchError("sweep needs --vary KEY=V1,V2,... (one or two keys)")
    keys = [k for k, _ in spec.vary]
    out = []
    for values in itertools.product(*(v for _, v in spec.vary)):
        coords = dict(zip(keys, values))
        out.append((coords, cell_variant(spec.game, dict(spec.base or {}), coords)))
    if len(out) * spec.matches > MAX_WORK:
        raise MainmatchError(
            f"the grid has {len(out)} cells x {spec.matches:,} matches; keep it under {MAX_WORK:,}"
        )
    return out


def run_sweep(spec: SweepSpec, on_progress: Callable[[int], None] | None = None) -> JSONObject:
    """Play every cell; ``{"game", "vary", "bots", "matches", "seed", "cells":
    [{"variant": coordinates, "report": simulate's report}]}``."""
    cells = grid(spec)
    out = []
    for coords, variant in cells:
        if spec.balance_budget is not None:
            from .balance import balanced_cell

            out.append(
                {
                    "variant": {**(spec.base or {}), **coords},
                    **balanced_cell(spec, variant, on_progress),
                }
            )
            continue
        sim = simulate(
            spec.game,
            spec.bots,
            spec.matches,
            seed=spec.seed,
            workers=spec.workers,
            ray=spec.ray,
            seating=spec.seating,
            configs=spec.configs,
            time_limit=spec.time_limit,
            bot_modules=spec.bot_modules,
            variant=variant,
            tuned=spec.tuned,
            on_progress=on_progress,
            players=spec.players,
        )
        out.append({"variant": {**(spec.base or {}), **coords}, "report": sim.report})
    return {
        "game": spec.game,
        "vary": {k: v for k, v in spec.vary},
        "base_variant": dict(spec.base or {}),
        "bots": spec.bots if spec.balance_budget is None else "balance",
        "matches": spec.matches,
        "balance_budget": spec.balance_budget,
        "seed": spec.seed,
        "cells": out,
    }


def cell_figures(report: JSONObject) -> JSONObject:
    """The figures a sweep compares, from one cell's report: per bot ToL and EC
    rate, game length, end shares, best and worst seat's ToL rate."""
    seats = sorted(report["seats"], key=lambda s: s["tol_rate"]["value"] or 0)
    return {
        "tol": {b["bot"]: b["tol_rate"] for b in report["bots"]},
        "ec": {b["bot"]: b["ec_rate"] for b in report["bots"]},
        "length": report["length"]["mean_steps"],
        "ends": {str(e["end"]): e["rate"] for e in report["ends"]},
        "best_seat": seats[-1]["tol_rate"] if seats else None,
        "worst_seat": seats[0]["tol_rate"] if seats else None,
    }
