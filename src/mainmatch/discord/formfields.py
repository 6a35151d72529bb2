"""One action field as the inputs of a Discord modal, read back into JSON.

:mod:`mainmatch.discord.forms` lays a step's fields out in parts; this module
turns each field of the step's description (``engine/steps.py``: an
:class:`~mainmatch.engine.steps.Input`) into modal inputs and back, for the
request the player was sent: an amount is a whole number within the model's
fixed bounds, a choice one of the offers (a select menu for 1 to 25 of them,
else a typed name checked against them; a field whose type names its values,
``Literal[True]``, offers those), a seat pair two selects or ``"a b"`` typed, a
flag a yes/no select, a list of amounts or names one multi-select or words
typed in order. A field left blank is :data:`MISSING`: its key stays out of
the action and the game's default applies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mainmatch.engine.game import Request
from mainmatch.engine.steps import CHOICE_KINDS, Input, StepDescription, fill

from .formkit import LABEL, PLACEHOLDER, SELECT, Field, FormError, short, whole, words

#: a field left blank: the key stays out of the action (the game's default applies)
MISSING: Any = object()
_YES = (("yes", "Yes"), ("no", "No"))


@dataclass(frozen=True)
class Entry:
    """One action field as modal inputs: how to read it and show it back."""

    node: Input
    key: str  # its key in the JSON object that holds it
    fields: tuple[Field, ...]
    read: Callable[[dict[str, str]], Any]  # MISSING when left blank
    show: Callable[[Any], dict[str, str]]  # a value -> the inputs' texts


def _lookup(request: Mapping[str, Any], name: str) -> Any:
    value: Any = request
    for part in name.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


def offers_of(node: Input, request: Mapping[str, Any], offers: str | None = None) -> list[Any]:
    """The values the request offers ``node`` (``None``: it lists none)."""
    name = offers or node.offers
    raw = _lookup(request, name) if name else None
    if isinstance(raw, Mapping):
        raw = list(raw)
    if not isinstance(raw, list):
        return []
    return [x.get(node.value or "id") if isinstance(x, Mapping) else x for x in raw]


def shown_of(node: Input, request: Mapping[str, Any], offers: str | None = None) -> list[str]:
    """How each offer is shown: its value, with its ``shows`` text if it has one."""
    name = offers or node.offers
    raw = _lookup(request, name) if name else None
    if isinstance(raw, Mapping):
        raw = list(raw)
    out = []
    for x in raw if isinstance(raw, list) else []:
        if isinstance(x, Mapping):
            value = x.get(node.value or "id")
            text = x.get(node.shows) if node.shows else None
            out.append(f"{value}: {text}" if text else str(value))
        else:
            out.append(str(x))
    return out


def described(nodes: tuple[Input, ...], request: Mapping[str, Any]) -> tuple[str, ...]:
    """Every offer with words of its own (a ``shows`` text) among ``nodes`` and
    their children, each list once, in the order the fields come."""
    out: list[str] = []
    seen: set[str] = set()
    stack = list(reversed(nodes))
    while stack:
        node = stack.pop()
        if node.offers and node.shows and node.offers not in seen:
            seen.add(node.offers)
            out += shown_of(node, request)
        stack += reversed(node.children)
    return tuple(out)


def idle(node: Input, request: Mapping[str, Any]) -> bool:
    """An optional field in which the request leaves nothing to choose, not
    asked (as the web form's ``idle``; issue 34 item 8): an amount whose ``most``
    the request sets to 0 or less, a list of choices whose ``most`` is spent
    (The MVP's purchases with no garnets), a list of offered things offering none.
    """
    if node.required:
        return False
    most = _lookup(request, node.most) if isinstance(node.most, str) else None
    spent = isinstance(most, int) and not isinstance(most, bool) and most <= 0
    if node.input == "amount":
        return spent and (node.minimum or 0) >= 0
    child = node.children[0] if node.input == "list" and node.children else None
    if child is None or child.input not in CHOICE_KINDS:
        return False
    return spent or (bool(child.offers) and not offers_of(child, request))


def label_of(node: Input, fallback: str = "") -> str:
    """A field's label within Discord's 45 characters; the unit goes first."""
    text = (node.label or fallback or node.name).strip()
    unit = node.unit if node.unit and node.unit.lower() not in text.lower() else ""
    with_unit = f"{text} ({unit})" if unit else text
    return with_unit if len(with_unit) <= LABEL else short(text)


def _said(value: Any) -> str:
    return (
        {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) else str(value)
    )


def text_of(value: Any) -> str:
    return "" if value is None or value is MISSING else str(value)


class Fields:
    """The fields of one step description for one request."""

    def __init__(self, desc: StepDescription, request: Request) -> None:
        self.desc, self.request = desc, request
        #: offers key -> how many list fields draw from it
        self.pools: dict[str, int] = {}
        stack = list(desc.inputs())
        while stack:
            node = stack.pop()
            stack += node.children
            if node.input == "list" and node.children:
                pool = node.children[0].offers or node.offers
                if pool:
                    self.pools[pool] = self.pools.get(pool, 0) + 1

    def key(self, node: Input) -> str:
        """The node's key in the action's JSON (its alias where it has one)."""
        return node.key

    # ------------------------------------------------------------ parts

    def options(self, node: Input, offers: str | None = None) -> tuple[tuple[str, str], ...]:
        values = offers_of(node, self.request, offers)
        shown = shown_of(node, self.request, offers)
        if not values and not (offers or node.offers):
            values = self.literals(node)
            shown = [_said(v) for v in values]
        pairs = dict(zip(map(str, values), (short(s, 100) for s in shown), strict=True))
        return tuple(pairs.items())

    def literals(self, node: Input) -> list[Any]:
        """The values a field's type allows when it names them (``Literal[True]``);
        offered only for a field whose request offers nothing by name (an empty
        offer is an empty choice, not every value the type allows)."""
        return list(node.literals)

    def choice(self, node: Input, text: str, offers: str | None = None) -> Any:
        """The offered value a player chose or typed (case aside)."""
        values = offers_of(node, self.request, offers)
        if not values and not (offers or node.offers):
            values = self.literals(node)
        if not values:
            return text
        typed = text.strip()
        for v in values:
            if str(v) == typed:
                return v
        for v in values:
            if str(v).lower() == typed.lower():
                return v
        names = ", ".join(map(str, values[:30])) + (" …" if len(values) > 30 else "")
        raise FormError(f"{node.label or 'choice'}: {typed!r} is not one of {names}")

    def entry(self, node: Input, fid: str, *, zero: bool = False) -> Entry | None:
        """``node`` as modal inputs, or ``None`` when it needs a part of its own.

        ``zero``: 0 is read even below the bounds (it removes an element)."""
        kind = node.input
        label = label_of(node)
        tip = short(fill(node.help, self.request), PLACEHOLDER) if node.help else ""
        required = node.required and node.default is None
        key = self.key(node) if node.name not in ("[]", "{}") else node.name
        if kind == "amount":
            lo, hi = node.minimum, node.maximum

            def read_amount(v: dict[str, str]) -> Any:
                text = v.get(fid, "").strip()
                if not text:
                    return MISSING
                n = whole(text, node.label or "amount", minimum=None)
                if zero and n == 0:
                    return 0
                return whole(text, node.label or "amount", minimum=lo, maximum=hi)

            if zero and (lo or 0) >= 1:
                tip = short(f"{tip}; 0 removes it" if tip else "0 removes it", PLACEHOLDER)
            return Entry(
                node,
                key,
                (Field(fid, label, tip, required),),
                read_amount,
                lambda x: {fid: text_of(x)},
            )
        if kind in CHOICE_KINDS:
            options = self.options(node)
            select = 0 < len(options) <= SELECT
            return Entry(
                node,
                key,
                (Field(fid, label, tip, required, options if select else ()),),
                lambda v: self.choice(node, v[fid]) if v.get(fid, "").strip() else MISSING,
                lambda x: {fid: text_of(x)},
            )
        if kind == "flag":
            return Entry(
                node,
                key,
                (Field(fid, label, tip, required, _YES),),
                lambda v: v[fid].strip() == "yes" if v.get(fid, "").strip() else MISSING,
                lambda x: {fid: "yes" if x else "no"},
            )
        if kind == "seat_pair":
            return self.pair(node, fid, label, tip, required, key)
        if kind == "list" and node.children and node.children[0].input != "group":
            return self.list_entry(node, fid, label, tip, key)
        return None

    def pair(self, node: Input, fid: str, label: str, tip: str, required: bool, key: str) -> Entry:
        """Two players: two selects, or ``"a b"`` typed (one name: that player twice)."""
        options = self.options(node)
        if 0 < len(options) <= SELECT:
            a, b = f"{fid}.1", f"{fid}.2"
            name = short(node.label or "players", LABEL - 15)
            fields = (
                Field(a, f"{name}: first player", tip, required, options),
                # left empty: the first player again (a pair of one, where the rules allow it)
                Field(b, f"{name}: second player", "empty: the first again", False, options),
            )

            def read_two(v: dict[str, str]) -> Any:
                picked = [v.get(a, "").strip(), v.get(b, "").strip()]
                if not any(picked):
                    return MISSING
                first = picked[0] or picked[1]
                return [self.choice(node, first), self.choice(node, picked[1] or first)]

            return Entry(
                node, key, fields, read_two, lambda x: {a: str(x[0]), b: str(x[1])} if x else {}
            )

        def read_typed(v: dict[str, str]) -> Any:
            names = words(v.get(fid, ""))
            if not names:
                return MISSING
            if len(names) == 1:
                names = names * 2
            if len(names) != 2:
                raise FormError(f"{node.label}: name two players (e.g. a b), not {v[fid]!r}")
            return [self.choice(node, n) for n in names]

        field = Field(fid, label, tip or "two names, e.g. a b", required)
        return Entry(node, key, (field,), read_typed, lambda x: {fid: " ".join(x or [])})

    def list_entry(self, node: Input, fid: str, label: str, tip: str, key: str) -> Entry:
        """A list of amounts or names: one multi-select, or words typed in order.

        A select keeps no order and no repeat, so the list is typed when the
        request offers a thing twice (cards of a deck) or when two lists of the
        step draw from one pool (Homeostasis's saved cards put before and after
        the slots, each in an order)."""
        element = node.children[0]
        offers = element.offers or node.offers
        options = self.options(element, offers) if element.input in CHOICE_KINDS else ()
        values = offers_of(element, self.request, offers)
        distinct = len(options) == len(values) and self.pools.get(offers or "", 0) < 2
        most = node.max_items or len(options)
        required = bool(node.min_items)
        if distinct and 0 < len(options) <= SELECT:
            field = Field(fid, label, tip, required, options, most=min(most, len(options)))
        else:
            field = Field(fid, label, tip or "one after another, e.g. a b c", required)

        def read(v: dict[str, str]) -> Any:
            items = words(v.get(fid, ""))
            if not items and not node.required:
                return MISSING
            count = len(items)
            if node.min_items is not None and node.min_items == node.max_items != count:
                raise FormError(f"{node.label}: give exactly {node.min_items}, not {count}")
            if node.min_items is not None and count < node.min_items:
                raise FormError(f"{node.label}: give at least {node.min_items}, not {count}")
            if node.max_items is not None and count > node.max_items:
                raise FormError(f"{node.label}: give at most {node.max_items}, not {count}")
            if element.input == "amount":
                name = node.label or "value"
                low, high = element.minimum, element.maximum
                return [whole(x, name, minimum=low, maximum=high) for x in items]
            if element.input in CHOICE_KINDS:
                return [self.choice(element, x, offers) for x in items]
            return items

        return Entry(node, key, (field,), read, lambda x: {fid: " ".join(map(str, x or []))})


# ==================================================================== helpers


def fields_of(entries: list[Entry]) -> list[Field]:
    return [f for e in entries for f in e.fields]


def shows(entries: list[Entry], element: Mapping[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for e in entries:
        if e.key in element:
            out.update(e.show(element[e.key]))
    return out
