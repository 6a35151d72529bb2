"""Small checks of raw JSON actions shared by the games' validators.

Actions arrive as parsed JSON. The rules speak of "a JSON integer", which
excludes ``true`` (a bool is an int in Python) and ``5.0``.
"""

from __future__ import annotations

from typing import Any


def is_json_int(value: Any) -> bool:
    """True for a JSON integer: ``3`` yes, ``True`` and ``3.0`` no.

    >>> is_json_int(3), is_json_int(True), is_json_int(3.0)
    (True, False, False)
    """
    return type(value) is int


def json_type(value: Any) -> str:
    """The JSON name of a Python value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def money(n: int) -> str:
    """Dollars as the rules write them: ``$-5`` never, ``-$5`` and ``$120``."""
    return f"-${-n}" if n < 0 else f"${n}"
