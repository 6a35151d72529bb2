"""Exact built-in JSON shapes, for checks that accept the common case in one
pass before a strict pydantic model (which then names any fault).

A strict model accepts a ``list`` of ``str`` and also, for instance, a
subclass of ``list``; these functions say yes only to the exact built-in
types ``json.loads`` makes, so a caller that accepts on their "yes" accepts
nothing the model would refuse, and on their "no" asks the model.

>>> str_list(["a", "b"]), str_list(["a", 1]), str_list(("a",))
(True, False, False)
>>> value_map({"a": 1}, int), value_map({"a": True}, int), value_map({1: 1}, int)
(True, False, False)
"""

from __future__ import annotations

from typing import Any


def str_list(value: Any) -> bool:
    """``value`` is a ``list`` of ``str`` (exact types)."""
    if type(value) is not list:
        return False
    for item in value:
        if type(item) is not str:
            return False
    return True


def int_list(value: Any) -> bool:
    """``value`` is a ``list`` of ``int`` (exact types: no ``bool``)."""
    if type(value) is not list:
        return False
    for item in value:
        if type(item) is not int:
            return False
    return True


def value_map(value: Any, value_type: type) -> bool:
    """``value`` is a ``dict`` of ``str`` keys and values of exactly ``value_type``."""
    if type(value) is not dict:
        return False
    for key, item in value.items():
        if type(key) is not str or type(item) is not value_type:
            return False
    return True
