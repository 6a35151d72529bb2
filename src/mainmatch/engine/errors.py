"""The errors every part of mainmatch raises at a user.

Each carries a message written for people: what was wrong and, where it
helps, what would be legal. Front ends (CLI, server) print ``str(error)``
and never a traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # named in an annotation only: a listing needs no pydantic (issue 35)
    from pydantic import ValidationError


class MainmatchError(Exception):
    """Base of every error a user can cause."""


class IllegalAction(MainmatchError):
    """An action breaks a rule ("bid of $450 exceeds your balance of $400")."""


class InvalidConfig(MainmatchError, ValueError):
    """A match config breaks its game's config rules; the message names the field."""


class UnknownGame(MainmatchError):
    """No game is registered under that id."""


class RecordError(MainmatchError):
    """A match record cannot be loaded or replayed.

    ``step`` is 1-based (the first step of ``steps`` is step 1) and ``player``
    the player whose action is at fault, when the fault is in one action.
    """

    def __init__(self, reason: str, step: int | None = None, player: str | None = None):
        self.reason = reason
        self.step = step
        self.player = player
        where = []
        if step is not None:
            where.append(f"step {step}")
        if player is not None:
            where.append(f"player {player!r}")
        super().__init__(f"{', '.join(where)}: {reason}" if where else reason)


def require_positive(option: str, value: int) -> None:
    """One line naming ``option`` when a count a user chose is below 1.

    >>> require_positive("--trials", 0)
    Traceback (most recent call last):
    ...
    mainmatch.engine.errors.MainmatchError: --trials must be at least 1, not 0
    """
    if value < 1:
        raise MainmatchError(f"{option} must be at least 1, not {value}")


def describe_validation_error(exc: ValidationError, root: str) -> str:
    """The first error of a pydantic ``ValidationError`` as one line naming the field:
    ``config.numbers.jk: Input should be a valid integer``."""
    err = exc.errors()[0]
    loc = ".".join(str(part) for part in (root, *err["loc"]))
    msg = err["msg"]
    if err["type"] == "value_error":
        # our model validators write "field: problem"; name the field as a path
        msg = str(err.get("ctx", {}).get("error", msg))
        if not err["loc"] and ": " in msg:
            return f"{root}.{msg}"
    elif err["type"] == "extra_forbidden":
        msg = "unknown field"
    elif err["type"] == "missing":
        msg = "required field is missing"
    return f"{loc}: {msg}"
