"""``mainmatch rules GAME --variants`` and ``--variant``: the tunable constants in
the terminal (a table or JSON), and the rules with the variant in play named."""

from __future__ import annotations

import json

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import Game, JSONObject, State

from .labopts import variant_option


def variants_json(game: Game[State]) -> JSONObject:
    """``{"game", "variants": [{"key", "default", "min", "max", "spec", "meaning"}]}``."""
    return {"game": game.id, "variants": [k.as_dict() for k in game.variant_keys]}


def print_rules(
    game: Game[State], out: Console, variants: bool, as_json: bool, variant: list[str]
) -> None:
    if as_json and not variants:
        raise MainmatchError("--json goes with --variants (the rules themselves are Markdown)")
    if variants:
        if as_json:
            print(json.dumps(variants_json(game), ensure_ascii=False))
            return
        if not game.variant_keys:
            out.print(f"{game.title} has no rule variants yet: it plays the spec's rules only.")
            return
        table = Table(title=f"{game.title}: rule variants (--variant KEY=VALUE)")
        for col in ("key", "official", "range", "what it changes", "spec"):
            table.add_column(col, justify="right" if col in ("official", "range") else "left")
        for k in game.variant_keys:
            table.add_row(k.name, str(k.default), f"{k.low}..{k.high}", k.meaning, k.cite)
        out.print(table)
        return
    chosen = variant_option(game.id, variant)
    if chosen:
        values = game.rule_values({"variant": chosen})
        changed = ", ".join(
            f"{k.name} {values[k.name]} (official {k.default}, {k.cite})"
            for k in game.variant_keys
            if k.name in chosen
        )
        out.print(
            f"[bold]Rule variant in play[/bold]: {changed}. The rules below are the official ones.\n"
        )
    out.print(Markdown(game.rules_summary()))
