"""Reading a JSON file a user named, with one clear line for every fault."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import JsonValue

from .errors import MainmatchError


def read_json(
    path: str | Path, what: str = "", error: type[MainmatchError] = MainmatchError
) -> JsonValue:
    """The parsed content of ``path``; ``error`` says ``<what> <path>: no such
    file`` / ``cannot read (...)`` / ``not JSON (line L, column C: ...)``."""
    path = Path(path)
    name = f"{what} {path}" if what else str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{name}: no such file") from None
    except OSError as exc:
        raise error(f"{name}: cannot read ({exc.strerror})") from None
    try:
        data: JsonValue = json.loads(text)
        return data
    except json.JSONDecodeError as exc:
        raise error(
            f"{name}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
