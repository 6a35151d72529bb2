"""Secrets out of the server's logs (issue #26, L3).

A URL may carry a secret: the admin key of the home link (``/?key=KEY``), a
link's token in its path (``/play/TOKEN``, ``/host/TOKEN``, ``/watch/TOKEN``,
``/live/TOKEN``, a season's ``/seasons/NAME/host/TOKEN``) or in ``?token=``
(live streams). :func:`redact` replaces each with ``[redacted]``;
:data:`ACCESS_FILTER` applies it to uvicorn's access log (``--access-log``)
and the server's own messages that name a path.
"""

from __future__ import annotations

import logging
import re

HIDDEN = "[redacted]"
_QUERY = re.compile(r"([?&](?:key|token)=)[^&#\s\"]*", re.IGNORECASE)
_PATH = re.compile(r"(/(?:play|host|watch|live)/)[^/?#\s\"]+")


def redact(text: str) -> str:
    """``text`` with the secrets of any URL in it replaced.

    >>> redact("GET /play/abc?token=x&key=y&n=1")
    'GET /play/[redacted]?token=[redacted]&key=[redacted]&n=1'
    """
    return _PATH.sub(rf"\g<1>{HIDDEN}", _QUERY.sub(rf"\g<1>{HIDDEN}", text))


class RedactFilter(logging.Filter):
    """Redacts every text argument of a log record (uvicorn's access log passes
    the path as an argument) and its message."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


ACCESS_FILTER = RedactFilter()


def install() -> None:
    """Redact uvicorn's access log and the host's log (idempotent)."""
    for name in ("uvicorn.access", "mainmatch.host"):
        logging.getLogger(name).addFilter(ACCESS_FILTER)
