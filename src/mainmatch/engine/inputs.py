"""The nodes of a step's description tree (docs/engine.md "Step descriptions"): how a
value is entered (:data:`InputKind`), the words an action field carries in its
``Annotated`` metadata (:class:`Ask`) and the node an adapter reads (:class:`Input`).
``engine/steps.py`` builds the tree from a step's action model and re-exports these
names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from pydantic import JsonValue

#: How a value is entered. ``amount``: a whole number within bounds; ``player``:
#: one of the players the request offers; ``seat_pair``: two of them (the same
#: twice allowed where the rules allow it); ``item``, ``card``, ``slot``,
#: ``role``: one of the named things the request offers; ``flag``: yes or no;
#: ``group``: a set of fields filled together; ``list``: several of one input;
#: ``map``: one input per thing the request offers (a bid per card).
InputKind = Literal[
    "amount", "player", "seat_pair", "item", "card", "slot", "role", "flag", "group", "list", "map"
]
#: kinds whose value is one of the things the request offers
CHOICE_KINDS = frozenset(("player", "item", "card", "slot", "role"))
#: kinds entered as one input, whatever type holds the value
LEAF_KINDS = CHOICE_KINDS | {"amount", "seat_pair", "flag"}


#: a value a field's type names or the request compares with (a ``Literal``'s, an
#: ``Enum``'s, a map key, an :class:`Ask`'s ``when`` value): a JSON scalar
Scalar: TypeAlias = str | int | float | bool | None


@dataclass(frozen=True)
class Ask:
    """The words and kind of input of one action field, put in its ``Annotated``
    metadata. ``offers`` names the request key listing what the field may name
    (``"players"``, ``"biddable"``); for a ``map`` it lists the keys. ``most`` /
    ``least`` name a request key (or give a number) bounding an amount beyond the
    model's fixed bounds (``most="garnets"``: at most the garnets held).
    ``shows`` names the key of an offered object shown to people when the
    request offers objects, not strings (``offers="items", value="letter",
    shows="text"``).
    ``when`` asks the field only of some of the things a ``map`` offers: a
    ``(key, value)`` pair naming a key of the offered object (dotted, a list on
    the way read element by element) and the value it must hold there
    (``when=("effects.target", "choice")``: Second to Won's "For" only on an item
    to CHOICE); the field is not asked for any other (:func:`asked_for`).
    """

    input: InputKind
    label: str
    help: str = ""
    unit: str = ""
    offers: str | None = None
    value: str | None = None
    shows: str | None = None
    most: str | int | None = None
    least: str | int | None = None
    when: tuple[str, Scalar] | None = None


@dataclass(frozen=True)
class Input:
    """One node of a step's description tree (see :func:`describe`).

    ``name`` is the field's JSON key: its alias where the model gives one
    (Homeostasis's ``pass_`` is sent as ``"pass"``), else ``attr``, the model's
    attribute name. ``path`` is dotted from the action's root (``trades[].amount``,
    ``bids{}.chips``); ``minimum`` / ``maximum`` are the model's fixed bounds
    and ``most`` / ``least`` the ones the request sets. ``literals`` are the
    values the field's type allows when it names them (``Literal[True]``, an
    ``Enum``'s values; empty otherwise); ``keys`` the same for a map's keys.
    ``children`` hold a group's fields, or a list's or map's one element
    (named ``"[]"`` / ``"{}"``). ``when`` is the :class:`Ask`'s condition on the
    offered thing of the map entry the field belongs to.
    """

    name: str
    path: str
    input: InputKind
    label: str
    help: str = ""
    unit: str = ""
    offers: str | None = None
    value: str | None = None
    shows: str | None = None
    required: bool = True
    default: JsonValue = None
    minimum: int | None = None
    maximum: int | None = None
    most: str | int | None = None
    least: str | int | None = None
    min_items: int | None = None
    max_items: int | None = None
    children: tuple[Input, ...] = ()
    attr: str = ""
    literals: tuple[Scalar, ...] = ()
    keys: tuple[Scalar, ...] = ()
    when: tuple[str, Scalar] | None = None

    @property
    def key(self) -> str:
        """The node's key in the JSON object that holds it (``"[]"`` / ``"{}"`` for
        a list's or map's element)."""
        return self.name

    @property
    def passes(self) -> bool:
        """A field that is either absent or true (``Literal[True] | None``: a pass)."""
        return self.literals == (True,) and not self.required

    def as_json(self) -> dict[str, JsonValue]:
        """The node as plain JSON (for the web page and ``mainmatch schema``)."""
        out: dict[str, JsonValue] = {
            "name": self.name,
            "path": self.path,
            "input": self.input,
            "label": self.label,
        }
        for key in ("help", "unit", "offers", "value", "shows", "most", "least"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        for key in ("minimum", "maximum", "min_items", "max_items", "default"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.attr and self.attr != self.name:
            out["attr"] = self.attr
        for key in ("literals", "keys"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        if self.when is not None:
            out["when"] = {"key": self.when[0], "equals": self.when[1]}
        out["required"] = self.required
        if self.children:
            out["children"] = [c.as_json() for c in self.children]
        return out


def asked_for(node: Input, offered: object) -> bool:
    """Whether ``node`` is asked for the map entry of ``offered`` (the object the
    request offers for that entry): always without a ``when``; else when the
    offered object holds the ``when`` value at its key, a list on the way read
    element by element (any element may hold it).

    >>> node = Input("choice", "bids{}.choice", "player", "For", when=("effects.target", "choice"))
    >>> asked_for(node, {"effects": [{"target": "you"}, {"target": "choice"}]})
    True
    >>> asked_for(node, {"effects": [{"target": "you"}]}), asked_for(node, "A")
    (False, False)
    """
    if node.when is None:
        return True
    key, wanted = node.when
    found: list[object] = [offered]
    for part in key.split("."):
        found = [x for v in found for x in (v if isinstance(v, list) else [v])]
        found = [v[part] for v in found if isinstance(v, dict) and part in v]
    found = [x for v in found for x in (v if isinstance(v, list) else [v])]
    return any(v == wanted for v in found)
