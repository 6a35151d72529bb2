"""Errors the host server answers with: one clear line and a 4xx status."""

from __future__ import annotations

from mainmatch.engine.errors import MainmatchError


class HostError(MainmatchError):
    """A request that cannot be served; ``status`` is its HTTP status."""

    status = 400


class Unauthorized(HostError):
    status = 401


class Forbidden(HostError):
    status = 403


class NotFound(HostError):
    status = 404


class Conflict(HostError):
    """The request does not fit the match as it is now (step resolved, match over...)."""

    status = 409


class Unprocessable(HostError):
    """The rules refuse it (an illegal action, an invalid config): the engine's message."""

    status = 422
