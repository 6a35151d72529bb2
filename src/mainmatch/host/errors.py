"""Errors the host server answers with: one clear line and a 4xx status."""

from __future__ import annotations

from mainmatch.engine.errors import MainmatchError

#: longest error message sent back: a message that names a 10 MB value must
#: not echo it (the start names it well enough)
MAX_MESSAGE = 300


def cut(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` on one line, at most ``limit`` characters.

    >>> cut("a" * 500)[-3:], len(cut("a" * 500))
    ('aa…', 300)
    """
    # a lone surrogate cannot be sent as UTF-8: shown escaped instead
    line = " ".join(message.split()).encode("utf-8", "backslashreplace").decode("utf-8")
    return line if len(line) <= limit else line[: limit - 1] + "…"


class HostError(MainmatchError):
    """A request that cannot be served; ``status`` is its HTTP status. The
    message is one line, cut to :data:`MAX_MESSAGE` characters."""

    status = 400

    def __init__(self, message: str = "") -> None:
        super().__init__(cut(str(message)))


class Unauthorized(HostError):
    status = 401


class Forbidden(HostError):
    status = 403


class NotFound(HostError):
    status = 404


class Conflict(HostError):
    """The request does not fit the match as it is now (step resolved, match over...)."""

    status = 409


class TooLarge(HostError):
    status = 413


class TooMany(HostError):
    """Too many requests; ``retry_after`` (seconds) becomes the Retry-After header."""

    status = 429

    def __init__(self, message: str = "", retry_after: int | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Unprocessable(HostError):
    """The rules refuse it (an illegal action, an invalid config): the engine's message."""

    status = 422
