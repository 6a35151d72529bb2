"""``python -m mainmatch.host serve ...``: the server without the rest of the CLI."""

from __future__ import annotations

import typer

from .commands import register

app = typer.Typer(add_completion=False, no_args_is_help=True, help="The mainmatch host server.")
register(app)


@app.callback()
def _main() -> None:
    """The mainmatch host server."""


if __name__ == "__main__":
    app()
