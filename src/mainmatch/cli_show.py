"""What ``mainmatch replay`` and ``mainmatch demo`` print: the views of a state
(as the pages render them, or JSON) and a result's table."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

if TYPE_CHECKING:  # annotations only: the command starts without them
    from mainmatch.engine.game import Game, JSONObject, Request, State, View

out = Console(highlight=False, soft_wrap=True)


def show_views(game: Game[State], state: State, as_json: bool) -> None:
    views: dict[str, View] = {"public": game.view(state, None)}
    for p in game.players(state):
        views[p] = game.view(state, p)
    pending = game.pending(state)
    if as_json:
        print(json.dumps({"views": views, "pending": pending}, ensure_ascii=False))
        return
    # for people: each view as the pages render it (the --json output is for machines)
    from mainmatch.host.textview import pending_text, view_text

    for who, v in views.items():
        print(f"=== {'Public view' if who == 'public' else 'View of ' + who} ===")
        print(view_text(game, v) + "\n")
    print("=== Pending ===")
    print(pending_text(game, pending))


def show_result(game: Game[State], result: JSONObject | None, pending: dict[str, Request]) -> None:
    if result is None:
        kinds = sorted({r["kind"] for r in pending.values()})
        out.print(
            f"[bold]Match in progress[/bold]: waiting for {', '.join(pending)} ({', '.join(kinds)})"
        )
        return
    table = Table(title=f"{game.title}: result")
    table.add_column("rank", justify="right")
    table.add_column("player")
    table.add_column("ToL", justify="right")
    table.add_column("garnets won", justify="right")
    table.add_column("garnets spent", justify="right")
    ec = result["elimination_candidate"]
    groups = result["ranking"] or [
        game.players_of_result(result)
        if hasattr(game, "players_of_result")
        else list(result["details"].get("players", []))
    ]
    rank = 1
    for group in groups:
        for p in group:
            table.add_row(
                str(rank) if result["ranking"] else "-",
                p + ("  [bold red](EC)[/bold red]" if p == ec else ""),
                str(result["tokens_of_life"].get(p, "")),
                str(result["garnets"].get(p, "")),
                str(result["garnets_spent"].get(p, "")),
            )
        rank += len(group)
    out.print(table)
    out.print(
        f"Elimination Candidate: [bold]{ec or 'none'}[/bold]"
        + ("  (Tokens of Life void)" if result["void_tokens_of_life"] else "")
    )
