"""Secret links: unguessable tokens (192 bits) and the host token's hash."""

from __future__ import annotations

import hashlib
import secrets

#: 24 random bytes = 192 bits (the issue asks for at least 128)
TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_match_id() -> str:
    """A short public id (not a secret: the tokens are)."""
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def token_hash(token: str) -> str:
    """The host token is stored hashed: a copy of the database gives no host access."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
