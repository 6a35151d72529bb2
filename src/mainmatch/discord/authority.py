"""Which Discord servers may create matches and seasons (issue 26, H1).

Anyone can add a public bot to a server of their own and run ``/mm setup``
there, so being set up is not authority. Creating a match or a season on the
web needs the server's admin key (``host/admin.py``); on Discord the same key
authorises a server once: ``/mm setup key:KEY``, by someone with Manage
Server. The bot keeps only a verifier of the key (PBKDF2-SHA256, salted with
the server's id, so it is no use on another server nor a copy of the key),
and compares it with the current key's at every use: a new admin key
withdraws every server's authority until it is set up again with the new key.
In the open mode (no admin key) every server set up may create.

Wrong admin keys in ``/mm setup key:`` and wrong season host tokens in ``/mm
season link`` cost the Discord server (guild) a guess from the same buckets
the web server keeps in the database (``host/ratelimit.py``, issue 33, N6):
20 at once, then one every 2 s, counted by every process.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import time

from mainmatch.host.facade import (
    GUESS_BURST,
    GUESSES_PER_SECOND,
    Database,
    DbBuckets,
    load_admin_key,
)

#: PBKDF2 rounds: a copy of the database does not give the key away cheaply
ROUNDS = 120_000
#: what ``load_admin_key`` has not been asked yet
_UNREAD = object()


def verifier(key: str, guild_id: int) -> str:
    """The stored form of ``key`` for the Discord server ``guild_id``."""
    salt = f"mainmatch-discord-guild:{guild_id}".encode()
    digest = hashlib.pbkdf2_hmac("sha256", key.encode("utf-8"), salt, ROUNDS)
    return f"pbkdf2-sha256${ROUNDS}${digest.hex()}"


class Authority:
    """The server's admin key as the bot sees it, and the verifiers it expects."""

    def __init__(self, db_url: str, key: str | None | object = _UNREAD) -> None:
        self.db_url = db_url
        self._key = key
        self._expected: dict[int, str] = {}

    def key(self) -> str | None:
        """The admin key (``None``: the open mode), read once like the web server's."""
        if self._key is _UNREAD:
            self._key = load_admin_key(self.db_url)
        return self._key  # type: ignore[return-value]

    def set_key(self, key: str | None) -> None:
        """Use the web server's key (``mainmatch serve --discord``: one process)."""
        self._key, self._expected = key, {}

    def is_key(self, shown: str) -> bool:
        key = self.key()
        return key is not None and hmac.compare_digest(
            shown.strip().encode("utf-8", "replace"), key.encode("utf-8")
        )

    def allows(self, guild_id: int, stored: str | None) -> bool:
        """Whether a server whose stored verifier is ``stored`` may create."""
        key = self.key()
        if key is None:
            return True  # the open mode
        if not stored:
            return False
        if guild_id not in self._expected:
            self._expected[guild_id] = verifier(key, guild_id)
        return hmac.compare_digest(stored, self._expected[guild_id])


#: the buckets' clock (wall time: every process shares the rows); tests hold it still
clock = time.time


def _buckets(db: Database) -> DbBuckets:
    buckets = DbBuckets(db, GUESS_BURST, GUESSES_PER_SECOND)
    buckets.clock = lambda: clock()
    return buckets


def guesses_left(db: Database, guild_id: int) -> str | None:
    """Why the Discord server ``guild_id`` may not show a secret now (too many
    wrong ones: the seconds to wait, in words), or ``None``."""
    wait = _buckets(db).wait(f"discord:{guild_id}")
    if wait <= 0:
        return None
    return (
        f"too many wrong keys or tokens from this server; try again in {max(1, math.ceil(wait))} s"
    )


def wrong_guess(db: Database, guild_id: int) -> None:
    """A wrong admin key or season host token shown on ``guild_id``: one guess."""
    _buckets(db).take(f"discord:{guild_id}")
