"""Secrets out of the server's logs (issue #26, L3).

A URL may carry a secret: the admin key of the home link (``/?key=KEY``), a
link's token in its path (``/play/TOKEN``, ``/host/TOKEN``, ``/watch/TOKEN``,
``/live/TOKEN``, a season's ``/seasons/NAME/host/TOKEN``) or in ``?token=``
(live streams). :func:`redact` replaces each with ``[redacted]``, whatever
spelling the parameter's name has (``?%6Bey=``, ``?TOKEN=``); :data:`ACCESS_FILTER`
applies it to uvicorn's access log (``--access-log``) and the server's own
messages that name a path. The server reads a secret from a query only under
its plain name (:func:`plain_param`): ``/?%6Bey=KEY`` logs nobody in (issue 33, N8).
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote_plus

HIDDEN = "[redacted]"
#: the query parameters that carry a secret
SECRET_NAMES = frozenset({"key", "token"})
_QUERY = re.compile(r"([?&;])([^=&;#\s\"]*)=([^&;#\s\"]*)")
_PATH = re.compile(r"(/(?:play|host|watch|live)/)[^/?#\s\"]+", re.IGNORECASE)


def _query_secret(m: re.Match[str]) -> str:
    name = unquote_plus(m.group(2)).strip().lower()
    return f"{m.group(1)}{m.group(2)}={HIDDEN}" if name in SECRET_NAMES else m.group(0)


def redact(text: str) -> str:
    """``text`` with the secrets of any URL in it replaced, however the
    parameter's name is spelled.

    >>> redact("GET /play/abc?token=x&key=y&n=1")
    'GET /play/[redacted]?token=[redacted]&key=[redacted]&n=1'
    >>> redact("GET /?%6Bey=y&tok%65n=x&Key=z")
    'GET /?%6Bey=[redacted]&tok%65n=[redacted]&Key=[redacted]'
    """
    return _PATH.sub(rf"\g<1>{HIDDEN}", _QUERY.sub(_query_secret, text))


def plain_param(query_string: bytes | str, name: str) -> str | None:
    """The value of the query parameter spelled exactly ``name`` (the first
    one), or ``None``: a name written with percent-escapes (``%6Bey``) or in
    other letters (``KEY``) is not read, so a secret arrives only under the
    name the access log is sure to hide.

    >>> plain_param(b"key=a%2Bb&x=1", "key"), plain_param(b"%6Bey=a", "key")
    ('a+b', None)
    """
    text = query_string.decode("latin-1") if isinstance(query_string, bytes) else query_string
    for part in text.split("&"):
        raw, eq, value = part.partition("=")
        if raw == name and eq:
            return unquote_plus(value)
    return None


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
