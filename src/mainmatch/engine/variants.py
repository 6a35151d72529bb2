"""Rule variants: the numbers a designer may tune, with the spec's values as defaults.

A game lists its tunable constants as :class:`VariantKey` s (``Game.variant_keys``),
each with the spec's value, a range and the section of the spec it comes from.
A config at the official rules carries **no** ``variant`` field, so records stay
exactly as the specs define them. A config of a variant carries
``"variant": {KEY: VALUE}`` with only the keys that differ from the spec; the
record keeps it, replay honours it, and views name it.

Every fault is one line naming the key and what is allowed, e.g.
``variant.streak: 14 is more than 13, the largest allowed (the table has 13 seats)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol, TypeGuard

from .checks import is_json_int, json_type
from .errors import InvalidConfig


@dataclass(frozen=True)
class VariantKey:
    """One tunable constant of a game's rules."""

    #: name used in configs and on the command line (``streak``)
    name: str
    #: the spec's value
    default: int
    #: smallest and largest value allowed (inclusive)
    low: int
    high: int
    #: where the constant comes from (``seat_exchange spec §4.2.7``)
    cite: str
    #: what it changes, for people (``length of a streak that ends play``)
    meaning: str
    #: why ``high`` is the limit, when it is a rule rather than a sane bound
    why_high: str = ""
    #: why ``low`` is the limit
    why_low: str = ""

    def as_dict(self) -> dict[str, str | int]:
        return {
            "key": self.name,
            "default": self.default,
            "min": self.low,
            "max": self.high,
            "spec": self.cite,
            "meaning": self.meaning,
        }


class Tunable(Protocol):
    """A game as its variants are checked (``engine.game.Game``): its id, its
    tunable constants and its check of a whole set of values."""

    @property
    def id(self) -> str: ...

    @property
    def variant_keys(self) -> tuple[VariantKey, ...]: ...

    def variant_combination_fault(self, values: dict[str, int]) -> str | None: ...


#: checks a whole set of values (defaults filled in) for impossible combinations;
#: returns one line or ``None``
CombinationCheck = Callable[[dict[str, int]], "str | None"]


def variant_fault(
    keys: Iterable[VariantKey], variant: object, combination: CombinationCheck | None = None
) -> str | None:
    """Why ``variant`` (a config's ``variant`` field) is not allowed, or ``None``.

    It must be a non-empty object of known keys, each a whole number within its
    range and different from the spec's value (official keys are left out).

    >>> k = VariantKey("rounds", 4, 1, 20, "seat_exchange spec §2", "rounds")
    >>> variant_fault([k], {"rounds": 0})
    'variant.rounds: 0 is less than 1, the smallest allowed'
    >>> variant_fault([k], {"rounds": 4})
    'variant.rounds: 4 is the official value; leave the key out'
    """
    by_name = {k.name: k for k in keys}
    if not by_name:
        return "variant: this game has no variants"
    if not isinstance(variant, dict):
        return f"variant: must be an object KEY -> whole number, not {json_type(variant)}"
    if not variant:
        return "variant: an empty variant is the official rules; leave the field out"
    for name, value in variant.items():
        key = by_name.get(name)
        if key is None:
            return f"variant.{name}: unknown key; keys: {', '.join(by_name)}"
        fault = value_fault(key, value)
        if fault:
            return fault
        if value == key.default:
            return f"variant.{name}: {value} is the official value; leave the key out"
    if combination is not None:
        return combination(resolve(by_name.values(), variant))
    return None


def value_fault(key: VariantKey, value: object) -> str | None:
    """Why ``value`` is not allowed for ``key``, or ``None``."""
    if not is_json_int(value):
        return f"variant.{key.name}: must be a whole number, not {json_type(value)}"
    if value < key.low:
        why = f" ({key.why_low})" if key.why_low else ""
        return f"variant.{key.name}: {value} is less than {key.low}, the smallest allowed{why}"
    if value > key.high:
        why = f" ({key.why_high})" if key.why_high else ""
        return f"variant.{key.name}: {value} is more than {key.high}, the largest allowed{why}"
    return None


def resolve(keys: Iterable[VariantKey], variant: Mapping[str, int] | None) -> dict[str, int]:
    """Every key's value in play: the variant's, else the spec's.

    >>> resolve([VariantKey("rounds", 4, 1, 20, "x", "y")], None)
    {'rounds': 4}
    """
    given = variant or {}
    return {k.name: given.get(k.name, k.default) for k in keys}


def check_variant(game: Tunable, variant: object) -> dict[str, int]:
    """``variant`` normalised for ``game``: keys at their official value are
    dropped (so ``--variant streak=6`` is the official game). Raises
    :class:`InvalidConfig` with one line on anything else that is wrong."""
    keys = game.variant_keys
    if not keys:
        raise InvalidConfig(f"variant: {game.id} has no variants")
    if isinstance(variant, dict):
        official = {k.name: k.default for k in keys}
        variant = {
            n: v
            for n, v in variant.items()
            if not (n in official and is_json_int(v) and v == official[n])
        }
        if not variant:
            return {}
    fault = variant_fault(keys, variant, game.variant_combination_fault)
    if fault or not isinstance(variant, dict):  # a variant that is not an object has a fault
        raise InvalidConfig(fault or json_type(variant))
    return dict(variant)


def parse_assignments(
    game: Tunable, items: Iterable[str], option: str = "--variant"
) -> dict[str, int]:
    """``["streak=5", "rounds=3"]`` -> ``{"streak": 5, "rounds": 3}`` for ``game``,
    checked (one line on any fault); official values are dropped."""
    out: dict[str, int] = {}
    names = [k.name for k in game.variant_keys]
    for item in items:
        name, eq, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not eq or not name:
            raise InvalidConfig(f"{option} {item!r}: write KEY=VALUE, e.g. {option} streak=5")
        if name not in names:
            listed = ", ".join(names) if names else "none"
            raise InvalidConfig(f"{option} {name}: {game.id} has no such key; keys: {listed}")
        try:
            out[name] = int(raw)
        except ValueError:
            raise InvalidConfig(f"{option} {name}: {raw!r} is not a whole number") from None
    return check_variant(game, out)


def describe(variant: Mapping[str, int] | None) -> str:
    """``streak=5, rounds=3``, or ``official rules``."""
    if not variant:
        return "official rules"
    return ", ".join(f"{k}={v}" for k, v in variant.items())


_VARIANT_FIELD = frozenset(("variant",))


def plain_fields(
    config: object, fields: frozenset[str], keys: Iterable[VariantKey]
) -> TypeGuard[dict[str, object]]:
    """Whether ``config`` is a plain ``dict`` of exactly ``fields``, or of those
    and a ``variant`` that :func:`variant_fault` passes: how a game's one-pass
    config check begins (``False`` says only "not plainly so": the game's
    model then decides and names the fault).

    >>> plain_fields({"players": []}, frozenset({"players"}), ())
    True
    >>> plain_fields({"players": [], "x": 1}, frozenset({"players"}), ())
    False
    """
    if type(config) is not dict:
        return False
    have = config.keys()
    if have == fields:
        return True
    if have != fields | _VARIANT_FIELD:
        return False
    variant = config["variant"]
    return type(variant) is dict and variant_fault(keys, variant) is None
