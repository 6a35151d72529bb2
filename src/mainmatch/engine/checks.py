"""Small checks of raw JSON actions shared by the games' validators.

Actions arrive as parsed JSON. The rules speak of "a JSON integer", which
excludes ``true`` (a bool is an int in Python) and ``5.0``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeGuard, TypeVar

from .errors import IllegalAction


def is_json_int(value: object) -> TypeGuard[int]:
    """True for a JSON integer: ``3`` yes, ``True`` and ``3.0`` no.

    >>> is_json_int(3), is_json_int(True), is_json_int(3.0)
    (True, False, False)
    """
    return type(value) is int


def json_type(value: object) -> str:
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


T = TypeVar("T")


def present(value: T | None, what: str) -> T:
    """A state field that exists only in some phases, read where the phase
    guarantees it (a tagged union by phase, checked where it is read).

    >>> present(3, "open auction")
    3
    >>> present(None, "open auction")
    Traceback (most recent call last):
    ...
    mainmatch.engine.errors.IllegalAction: there is no open auction in this phase
    """
    if value is None:
        raise IllegalAction(f"there is no {what} in this phase")
    return value


def after_end(end: T | None) -> T:
    """A state's end-of-play object, which exists from the end of play on (the
    ``choose_ec`` and ``over`` phases): for code that runs only then.

    >>> after_end({"winners": ["a"]})
    {'winners': ['a']}
    >>> after_end(None)
    Traceback (most recent call last):
    ...
    mainmatch.engine.errors.IllegalAction: play has not ended yet
    """
    if end is None:
        raise IllegalAction("play has not ended yet")
    return end


def number(value: object) -> float | None:
    """A view's leaf as a number, or ``None``: bools, ints, floats and fraction
    strings (how RL's observation and the learned bot read a view).

    >>> number("7/2"), number(True), number("apples")
    (3.5, 1.0, None)
    """
    if isinstance(value, bool | int | float):
        return float(value)
    if isinstance(value, str) and value and value[0] in "-0123456789":
        try:
            return float(Fraction(value))
        except (ValueError, ZeroDivisionError):
            return None
    return None
